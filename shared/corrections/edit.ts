// PATCH rows: the end user's cell edits. Each change is one transaction conditioned on the head's
// version: the edited rows' small items, their segments' status items, the claims on unique values
// they took, the log item and the head with the counts. Changes are serialized per import, so two
// concurrent edits can never both take the same unique value: the second one's transaction fails,
// and it runs again on the state the first one left (and gets the duplicate error).
import type * as v from 'valibot';
import { claimsItem, commitChange, headUpdate, logItem, rowItem, segmentItem } from '../data/corrections';
import { ApiError, validationError } from '../domain/errors';
import { nowIso } from '../domain/ids';
import { DEFAULT_LIMITS } from '../engine/limits';
import { claimKey, digestHex, hookError, setCheckedBits, valueDigest } from './rules';
import { checkChangedRows, type ChangedRow } from '../hooks/corrections';
import type { HookMessage } from '../domain/validation-hook';
import { ChangeView, countsOf, holdersOf, indexesOfRows, openWorkspace, requireAwaitingCorrections, type Workspace } from './workspace';
import type { PatchRowsSchema } from '../domain/corrections';
import type { ImportRecord } from '../domain/imports';

/** Tries of one change against concurrent ones before answering 409 CORRECTIONS_CONFLICT. */
const TRIES = 8;

/** `record`: the import's record as the token check read it (openWorkspace). */
export async function editRows(organizationId: string, importId: string, input: v.InferOutput<typeof PatchRowsSchema>, record?: ImportRecord) {
  let ws = await openWorkspace(organizationId, importId, record);
  requireAwaitingCorrections(ws);
  const columnOf = new Map(ws.rules.keys.map((key, j) => [key, j]));
  const unknownKeys = [...new Set(input.changes.flatMap((change) => Object.keys(change.values)).filter((key) => !columnOf.has(key)))];
  const { indexes, unknown } = await indexesOfRows(ws, input.changes.map((change) => change.row));
  const problems: string[] = [];
  if (unknown.length) problems.push(`unknown row${unknown.length > 1 ? 's' : ''} ${[...new Set(unknown)].slice(0, 20).join(', ')}`);
  if (unknownKeys.length) problems.push(`unknown column key${unknownKeys.length > 1 ? 's' : ''} ${unknownKeys.map((key) => `"${key}"`).join(', ')}`);
  const maxChars = DEFAULT_LIMITS.maxCellChars;
  const tooLong = input.changes.filter((change) => Object.values(change.values).some((text) => text !== null && text.length > maxChars));
  if (tooLong.length) problems.push(`row ${tooLong[0].row} has a value longer than ${maxChars} characters`);
  if (problems.length) throw validationError(`Validation error: ${problems.join('; ')}`);

  // The same row twice: its values merged, in order.
  const byIndex = new Map<number, Map<number, string | null>>();
  for (const change of input.changes) {
    const index = indexes.get(change.row)!;
    const values = byIndex.get(index) ?? new Map<number, string | null>();
    for (const [key, text] of Object.entries(change.values)) values.set(columnOf.get(key)!, text === '' ? null : text);
    byIndex.set(index, values);
  }
  // A transaction holds at most 100 items: rows, their segments and claims, the head and the log.
  const perChange = Math.max(1, Math.floor(60 / (2 + ws.rules.uniqueColumns.length)));
  const entries = [...byIndex];
  const answered = new Map<number, ReturnType<ChangeView['render']>>();
  for (let start = 0; start < entries.length; start += perChange) {
    const group = entries.slice(start, start + perChange);
    for (let attempt = 1; ; attempt++) {
      const outcome = await applyEdits(ws, group);
      if (outcome) {
        for (const [index, row] of outcome.rows) answered.set(index, row);
        ws = outcome.ws;
        break;
      }
      if (attempt === TRIES) {
        throw new ApiError(409, 'CORRECTIONS_CONFLICT', 'The rows kept changing under this request (another change at the same time): send it again');
      }
      ws = await openWorkspace(organizationId, importId);
      requireAwaitingCorrections(ws);
    }
  }
  return { data: [...answered].sort(([a], [b]) => a - b).map(([, row]) => row), counts: countsOf(ws) };
}

/** One transaction's worth of edits; undefined when another change came first (nothing written). */
async function applyEdits(ws: Workspace, group: [number, Map<number, string | null>][]) {
  const { organizationId, importId, rules, head } = ws;
  const seq = head.seq + 1;
  const view = new ChangeView(ws);
  await view.load(group.map(([index]) => index));
  const edits = await withHookVerdicts(ws, view, group, seq);
  const log: object[] = [];
  const edited = new Set<number>();
  const affected = new Map<string, { column: number; key: string }>();
  const claimed = new Map<string, { column: number; key: string; index: number }[]>();
  for (const [index, { values, typed, byHook, messages }] of edits) {
    const state = view.state(index);
    const { bits, offset } = view.status(index);
    const removed = bits.removed(offset);
    const was = bits.bytes.slice(offset * bits.width, (offset + 1) * bits.width);
    const messagesBefore = state.messages;
    if (messages !== undefined) state.messages = messages;
    const editedColumns = new Set<number>();
    for (const [column, text] of values) {
      const from = state.values[column] ?? null;
      if (from === text) continue;
      const userText = typed.get(column);
      if (byHook.has(column) && userText !== undefined && userText !== from) {
        // The end user's edit, then the hook's replacement of it: both in the log, as they happened.
        log.push({ row: state.row, column: rules.keys[column], from, to: userText });
        log.push({ row: state.row, column: rules.keys[column], from: userText, to: text, by: 'hook' });
      } else {
        log.push({ row: state.row, column: rules.keys[column], from, to: text, ...(byHook.has(column) ? { by: 'hook' } : {}) });
      }
      const oldKey = claimKey(rules, column, from);
      state.values[column] = text;
      state.corrected = true;
      edited.add(index);
      editedColumns.add(column);
      if (!rules.uniqueColumns.includes(column)) continue;
      state.claims[column] = seq;
      const newKey = claimKey(rules, column, text);
      if (!removed && oldKey !== undefined) affected.set(`${column}|${oldKey}`, { column, key: oldKey });
      if (!removed && newKey !== undefined) {
        affected.set(`${column}|${newKey}`, { column, key: newKey });
        const group = `${column}|${digestHex(valueDigest(newKey))}`;
        claimed.set(group, [...(claimed.get(group) ?? []), { column, key: newKey, index }]);
      }
    }
    if (!editedColumns.size) continue;
    setCheckedBits(rules, bits, offset, state.values, state.messages);
    // Unique columns not edited keep whether they were a duplicate (their holders did not change here).
    for (const column of rules.uniqueColumns) {
      if (editedColumns.has(column) || claimKey(rules, column, state.values[column]) === undefined) continue;
      const bit = column + 1;
      const wasDuplicate = (was[bit >> 3] & (1 << (bit & 7))) !== 0 && !hookError(rules, column, messagesBefore);
      bits.setColumnError(offset, column, wasDuplicate || hookError(rules, column, state.messages));
    }
  }
  // Each value whose holders changed: the first claimant holds it, the others are duplicates. The
  // holders of every value are looked up side by side, then the bits set.
  const values = [...affected.values()];
  const holdersByValue = await Promise.all(values.map(({ column, key }) => holdersOf(view, column, key)));
  values.forEach(({ column }, v) => {
    holdersByValue[v].forEach(({ index }, i) => {
      const { bits, offset } = view.status(index);
      bits.setColumnError(offset, column, i > 0 || hookError(rules, column, view.state(index).messages));
    });
  });

  const changedRows = new Set([...edited, ...view.changedRows()]);
  const deltas = view.countDeltas();
  const newlyCorrected = [...edited].filter((index) => !view.correctedBefore(index)).length;
  const at = nowIso();
  const items: Record<string, unknown>[] = [
    ...[...edited].map((index) => {
      const state = view.state(index);
      return rowItem(organizationId, importId, head.gen, index, {
        r: state.row,
        v: state.values,
        ...(Object.keys(state.claims).length ? { c: state.claims } : {}),
        x: 1,
        ...(state.messages?.length ? { m: state.messages } : {}),
      });
    }),
    ...view.changedSegments().map((segment) => segmentItem(organizationId, importId, head.gen, segment, view.statuses.get(segment)!)),
  ];
  // Each value an edit took: its claims item (read by holdersOf above) with the new claimants appended.
  for (const [group, claimants] of claimed) {
    const [column, digest] = [Number(group.split('|')[0]), group.split('|')[1]];
    const item = claimsItem(organizationId, importId, head.gen, column, digest, []);
    const earlier = (view.claims.get(item.sk) ?? []).filter(([index]) => !claimants.some((claim) => claim.index === index));
    items.push({ ...item, holders: [...earlier, ...claimants.map(({ index }) => [index, seq])] });
  }
  if (log.length) items.push(await logItem(organizationId, importId, head.logEntries, at, log));
  if (!edited.size) return { ws, rows: new Map([...group].map(([index]) => [index, view.render(index)])) };
  const next = {
    gen: head.gen,
    valid: head.valid + deltas.valid,
    errors: head.errors + deltas.errors,
    removed: head.removed + deltas.removed,
    corrected: head.corrected + newlyCorrected,
    logEntries: head.logEntries + log.length,
  };
  if (!(await commitChange(headUpdate(organizationId, importId, head.seq, next), items))) return undefined;
  const rows = new Map([...new Set([...group.map(([index]) => index), ...changedRows])].map((index) => [index, view.render(index)]));
  return { ws: { ...ws, head: { ...head, ...next, seq } }, rows };
}

/**
 * The group's edits with the validation hook's verdict folded in: the hook is sent every row the edits
 * change, as they leave it (removed rows excepted); the cells it replaces join the edits (logged as the
 * hook's), and its messages become the row's. `messages` undefined: the row keeps the ones it had
 * (no hook, or not a change); an empty list: the hook accepted it, or it went through unchecked.
 */
async function withHookVerdicts(ws: Workspace, view: ChangeView, group: [number, Map<number, string | null>][], seq: number) {
  // `typed`: the end user's own values; `values`: theirs with the hook's replacements.
  const edits = new Map(
    group.map(([index, typed]) => [index, { typed, values: new Map(typed), byHook: new Set<number>(), messages: undefined as HookMessage[] | undefined }]),
  );
  if (!ws.items.snapshot.hook) return edits;
  const changed: ChangedRow[] = [];
  for (const [index, { values }] of edits) {
    if (view.removed(index)) continue;
    const state = view.state(index);
    const texts = [...state.values];
    let differs = false;
    for (const [column, text] of values) {
      if ((texts[column] ?? null) === text) continue;
      texts[column] = text;
      differs = true;
    }
    if (differs) changed.push({ index, row: state.row, texts });
  }
  const verdicts = await checkChangedRows(ws.organizationId, ws.items, ws.rules, changed, seq);
  for (const { index, texts } of changed) {
    const edit = edits.get(index)!;
    const verdict = verdicts?.get(index);
    edit.messages = verdict?.messages ?? [];
    for (const [column, text] of verdict?.values ?? []) {
      if (column < 0 || (texts[column] ?? null) === text) continue;
      edit.values.set(column, text);
      edit.byHook.add(column);
    }
  }
  return edits;
}
