// What a hook's answer says about each row it was sent, after setting aside what cannot apply: rows it
// was not sent, a revision other than the one sent (a stale answer must never overwrite a newer edit),
// values for columns it was not sent, messages for columns the template does not have. Each set-aside
// part is counted and logged with its reason; the rest is the row's verdict.
import { HOOK_LIMITS, type HookAnswer, type HookMessage, type HookRequestRow } from '../domain/validation-hook';
import { log } from '../observability/logger';

export interface RowVerdict {
  /** Column key -> the cell's new text (null: empty). */
  values: Map<string, string | null>;
  messages: HookMessage[];
}

export interface ReadAnswer {
  /** By file row number; a sent row not here is accepted as it is (no messages). */
  verdicts: Map<number, RowVerdict>;
  ignored: number;
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

export function readAnswer(
  answer: HookAnswer,
  sent: readonly HookRequestRow[],
  columns: { values: ReadonlySet<string>; messages: ReadonlySet<string> },
  importId: string,
): ReadAnswer {
  const revisions = new Map(sent.map((row) => [row.row, row.revision]));
  const verdicts = new Map<number, RowVerdict>();
  const reasons: string[] = [];
  for (const answered of answer.rows) {
    const revision = revisions.get(answered.row);
    if (revision === undefined) {
      reasons.push(`row ${answered.row} was not sent`);
      continue;
    }
    if (answered.revision !== undefined && answered.revision !== null && answered.revision !== revision) {
      reasons.push(`row ${answered.row} answered for revision ${answered.revision}, not ${revision}`);
      continue;
    }
    const verdict: RowVerdict = verdicts.get(answered.row) ?? { values: new Map(), messages: [] };
    for (const [key, text] of Object.entries(answered.values ?? {})) {
      if (!columns.values.has(key)) reasons.push(`row ${answered.row}: value for column "${key}", which was not sent`);
      else verdict.values.set(key, text === '' ? null : text);
    }
    for (const message of answered.messages ?? []) {
      if (!columns.messages.has(message.column)) {
        reasons.push(`row ${answered.row}: message for "${message.column}", not a column of the template`);
        continue;
      }
      if (verdict.messages.length >= HOOK_LIMITS.messagesPerRow) continue;
      verdict.messages.push({
        column: message.column,
        level: message.level,
        message: cut(message.message, HOOK_LIMITS.messageChars),
        ...(message.code ? { code: cut(message.code, HOOK_LIMITS.codeChars) } : {}),
        ...(typeof message.suggestion === 'string' ? { suggestion: cut(message.suggestion, HOOK_LIMITS.suggestionChars) } : {}),
      });
    }
    verdicts.set(answered.row, verdict);
  }
  if (reasons.length) log.warn('Validation hook answers ignored', { importId, ignored: reasons.length, reasons: reasons.slice(0, 10) });
  return { verdicts, ignored: reasons.length };
}
