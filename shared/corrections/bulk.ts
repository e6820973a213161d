// Bulk changes: find & replace over a column, removing rows (chosen, or every row in error), restoring
// removed rows. One pass streams every segment (source texts, the generation's overlays and edits),
// applies the change, checks every row again and settles every unique column anew; it writes a new
// generation (statuses, overlays of the corrected rows, the unique index), then switches the head to
// it in one transaction with the change's log item, conditioned on the head's version. A change that
// lost that race to another runs again on the new state; the generation it wrote is never read.
import type * as v from 'valibot';
import { MAX_CHANGES, type RemoveSchema, type ReplaceInput, type RestoreSchema } from '../domain/corrections';
import type { ImportRecord } from '../domain/imports';
import {
  commitChange,
  generationItem,
  headUpdate,
  logItem,
  putGenerationItems,
  putOverlaySegment,
  readAllRowItems,
  readAllSegments,
  segmentItem,
  type RowOverlay,
} from '../data/corrections';
import { ApiError, validationError } from '../domain/errors';
import { BoundedWrites } from '../data/bounded-writes';
import { nowIso } from '../domain/ids';
import { IndexEntries, indexPartsFor, newGeneration, settleUniqueColumn } from './build';
import { checkCell, hookError, SEGMENT_ROWS, setCheckedBits, StatusBits, valueDigest } from './rules';
import { checkChangedRows } from '../hooks/corrections';
import type { HookMessage } from '../domain/validation-hook';
import { Invalid, uniqueKey } from '../engine/columns';
import { countsOf, indexesOfRows, openWorkspace, readSegmentRows, requireAwaitingCorrections, segmentCount, segmentLength, segmentOf, type Workspace } from './workspace';

/**
 * Segments read ahead of the one being changed: on S3 a read takes tens of milliseconds, so a million
 * rows' 1,000 segments (and their overlays) are read 16 at a time rather than one after the other.
 */
const READ_AHEAD = 16;
const TRIES = 3;
/** Overlay objects written at once by a pass. */
const UPLOADS_IN_FLIGHT = 8;

type Change =
  | { kind: 'replace'; column: number; edit: (text: string | null) => string | null; onlyErrors: boolean }
  | { kind: 'remove'; rows?: Set<number>; errors: boolean }
  | { kind: 'restore'; rows: Set<number> };

export async function replaceInColumn(organizationId: string, importId: string, input: ReplaceInput, record?: ImportRecord) {
  const { changed, ws, log } = await bulkChange(organizationId, importId, record, async ({ rules }) => {
    const column = rules.keys.indexOf(input.column);
    if (column === -1) throw validationError(`Validation error: column: "${input.column}" is not a column of the template (${rules.keys.join(', ')})`);
    if (input.match === 'contains' && input.find === '') throw validationError('Validation error: find: must not be empty with match "contains"');
    return { kind: 'replace', column, edit: replacer(input), onlyErrors: input.filter === 'errors' };
  });
  // The cells it changed, when few enough to send back in one PATCH: what a client needs to undo it.
  const cells = changed <= MAX_CHANGES ? log.map(({ row, from, to }) => ({ row, from, to })) : undefined;
  return { changedRows: changed, counts: countsOf(ws), ...(cells ? { changes: cells } : {}) };
}

export async function removeRows(organizationId: string, importId: string, input: v.InferOutput<typeof RemoveSchema>, record?: ImportRecord) {
  const { changed, ws } = await bulkChange(organizationId, importId, record, async (ws) => ({
    kind: 'remove',
    rows: input.rows ? await listedRows(ws, input.rows) : undefined,
    errors: input.filter === 'errors',
  }));
  return { removedRows: changed, counts: countsOf(ws) };
}

export async function restoreRows(organizationId: string, importId: string, input: v.InferOutput<typeof RestoreSchema>, record?: ImportRecord) {
  const { changed, ws } = await bulkChange(organizationId, importId, record, async (ws) => ({ kind: 'restore', rows: await listedRows(ws, input.rows) }));
  return { restoredRows: changed, counts: countsOf(ws) };
}

async function listedRows(ws: Workspace, rows: number[]): Promise<Set<number>> {
  const { indexes, unknown } = await indexesOfRows(ws, rows);
  if (unknown.length) {
    throw validationError(`Validation error: unknown row${unknown.length > 1 ? 's' : ''} ${[...new Set(unknown)].slice(0, 20).join(', ')}`);
  }
  return new Set(indexes.values());
}

/** The replacement of a cell's text, as find & replace defines it (an empty result empties the cell). */
function replacer({ find, replace, match, caseSensitive }: ReplaceInput): (text: string | null) => string | null {
  const orNull = (text: string) => (text === '' ? null : text);
  if (match === 'cell') {
    const wanted = caseSensitive ? find : find.toLowerCase();
    return (text) => ((caseSensitive ? (text ?? '') : (text ?? '').toLowerCase()) === wanted ? orNull(replace) : text);
  }
  const pattern = new RegExp(find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), caseSensitive ? 'g' : 'gi');
  return (text) => (text === null ? null : orNull(text.replace(pattern, () => replace)));
}

/** `record`: the import's record as the token check read it, for the first try (a retry reads it again). */
async function bulkChange(organizationId: string, importId: string, record: ImportRecord | undefined, changeFor: (ws: Workspace) => Promise<Change>) {
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    const ws = await openWorkspace(organizationId, importId, attempt === 1 ? record : undefined);
    requireAwaitingCorrections(ws);
    const outcome = await runPass(ws, await changeFor(ws));
    if (outcome) return outcome;
  }
  throw new ApiError(409, 'CORRECTIONS_CONFLICT', 'The rows kept changing under this request (another change at the same time): send it again');
}

/** A cell a pass changed, as its log entry says it (`by: "hook"`: the validation hook replaced it). */
type CellChange = { row: number; column: string; from: string | null; to: string | null; by?: 'hook' };

/** One row of a segment during a pass. */
interface PassRow {
  offset: number;
  index: number;
  row: number;
  values: (string | null)[];
  claims: Record<string, number>;
  isCorrected: boolean;
  removed: boolean;
  touched: boolean;
  /** Whether it was corrected before (an edit or an overlay holds it). */
  stored: boolean;
  messages: HookMessage[] | undefined;
}

/** The pass: undefined when another change moved the head first (nothing this pass wrote is read). */

async function runPass(ws: Workspace, change: Change): Promise<{ changed: number; ws: Workspace; log: CellChange[] } | undefined> {
  const { organizationId, importId, head, meta, rules, generation } = ws;
  const seq = head.seq + 1;
  const gen = newGeneration();
  const [statuses, edited] = await Promise.all([
    readAllSegments(organizationId, importId, head.gen, rules.width),
    readAllRowItems(organizationId, importId, head.gen),
  ]);
  const { width } = rules;
  const bits = new Uint8Array(meta.rows * width);
  const unique = new Map(rules.uniqueColumns.map((column) => [column, new IndexEntries()]));
  const log: (CellChange | { row: number; removed: boolean })[] = [];
  const overlays: Record<string, string> = {};
  const uploads = new BoundedWrites(UPLOADS_IN_FLIGHT);
  const editedSegments = new Set([...edited.keys()].map(segmentOf));
  let changed = 0;
  let corrected = 0;
  const segments = segmentCount(meta);
  for (let segment = 0; segment < segments; segment++) {
    // The next segments are read while this one is changed (reads are cached: each is fetched once).
    for (let ahead = 1; ahead <= READ_AHEAD && segment + ahead < segments; ahead++) void readSegmentRows(ws, segment + ahead).catch(() => undefined);
    const { source, overlay } = await readSegmentRows(ws, segment);
    // Its overlay object changes when an edit is folded in or this change touches a value or a claim.
    let overlayChanged = editedSegments.has(segment);
    const was = statuses.get(segment) ?? StatusBits.empty(width, segmentLength(meta, segment));
    const out = new Map<number, RowOverlay>();
    const rows: PassRow[] = [];
    for (let offset = 0; offset < source.length; offset++) {
      const index = segment * SEGMENT_ROWS + offset;
      const [row, fileTexts, , note] = source[offset];
      const stored = edited.get(index) ?? overlay?.get(index);
      const values = [...(stored?.v ?? fileTexts)];
      const claims: Record<string, number> = { ...(stored?.c ?? {}) };
      let isCorrected = stored?.x === 1;
      let removed = was.removed(offset);
      let touched = false;
      if (change.kind === 'replace') {
        if (!removed && (!change.onlyErrors || was.inError(offset))) {
          const from = values[change.column] ?? null;
          const to = change.edit(from);
          if (to !== from) {
            log.push({ row, column: rules.keys[change.column], from, to });
            values[change.column] = to;
            isCorrected = true;
            if (rules.uniqueColumns.includes(change.column)) claims[change.column] = seq;
            touched = true;
          }
        }
      } else if (change.kind === 'remove') {
        if (!removed && (change.rows?.has(index) || (change.errors && was.inError(offset)))) {
          log.push({ row, removed: true });
          removed = true;
          touched = true;
        }
      } else if (removed && change.rows.has(index)) {
        log.push({ row, removed: false });
        removed = false;
        // A restored row claims its unique values again, after every other claim.
        for (const column of rules.uniqueColumns) claims[column] = seq;
        touched = true;
      }
      if (touched) changed++;
      if (touched && change.kind !== 'remove') overlayChanged = true;
      rows.push({ offset, index, row, values, claims, isCorrected, removed, touched, stored: Boolean(stored), messages: stored ? stored.m : note?.messages });
    }
    // The validation hook sees every row this change gives new values or brings back, before its bits are set.
    const asked = change.kind === 'remove' ? [] : rows.filter((passRow) => passRow.touched);
    const verdicts = await checkChangedRows(organizationId, ws.items, rules, asked.map(({ index, row, values }) => ({ index, row, texts: values })), seq);
    for (const passRow of asked) {
      const verdict = verdicts?.get(passRow.index);
      // Checked again: its messages are the hook's answer now (none when it went through unchecked).
      passRow.messages = verdict?.messages ?? (ws.items.snapshot.hook ? [] : passRow.messages);
      for (const [column, text] of verdict?.values ?? []) {
        const from = passRow.values[column] ?? null;
        if (column < 0 || from === text) continue;
        log.push({ row: passRow.row, column: rules.keys[column], from, to: text, by: 'hook' });
        passRow.values[column] = text;
        if (rules.uniqueColumns.includes(column)) passRow.claims[column] = seq;
      }
    }
    for (const { offset, index, row, values, claims, isCorrected, removed, touched, stored, messages } of rows) {
      const status = new StatusBits(width, bits.subarray(index * width, (index + 1) * width));
      // A row whose values this change left as they were keeps the bits of its own checks (set when its
      // values were last written); only its unique cells are checked again, their duplicates being settled
      // anew below. A changed row is checked whole.
      const checkedAgain = touched && change.kind !== 'remove';
      if (checkedAgain) setCheckedBits(rules, status, 0, values, messages);
      else status.copyRow(0, was, offset);
      status.setRemoved(0, removed);
      for (const [column, entries] of unique) {
        const value = checkCell(rules, column, values[column]);
        const invalid = value instanceof Invalid;
        status.setColumnError(0, column, invalid || hookError(rules, column, messages));
        if (removed || invalid || value === null) continue;
        const [d0, d1] = valueDigest(uniqueKey(value));
        entries.push(d0, d1, claims[column] ?? 0, index);
      }
      if (isCorrected) corrected++;
      if (stored || checkedAgain) {
        out.set(index, {
          r: row,
          v: values,
          ...(Object.keys(claims).length ? { c: claims } : {}),
          ...(isCorrected ? { x: 1 as const } : {}),
          ...(messages?.length ? { m: messages } : {}),
        });
      }
    }
    if (!overlayChanged) {
      if (generation.overlays[segment]) overlays[segment] = generation.overlays[segment];
    } else if (out.size) {
      overlays[segment] = gen;
      await uploads.add(() => putOverlaySegment(organizationId, importId, gen, segment, out));
    }
  }
  const cellChanges = () => log.filter((entry): entry is CellChange => 'column' in entry);
  if (changed === 0) {
    await uploads.done();
    return { changed, ws, log: [] };
  }
  const parts = indexPartsFor(meta.rows);
  for (const [column, entries] of unique) {
    await settleUniqueColumn({ organizationId, importId, gen }, column, entries, parts, (index, duplicate) => {
      if (duplicate) new StatusBits(width, bits.subarray(index * width, (index + 1) * width)).setColumnError(0, column, true);
    });
  }
  await uploads.done();
  const counts = { valid: 0, errors: 0, removed: 0 };
  const segmentItems: Record<string, unknown>[] = [];
  for (let segment = 0; segment < segments; segment++) {
    const start = segment * SEGMENT_ROWS;
    const status = new StatusBits(width, bits.slice(start * width, (start + segmentLength(meta, segment)) * width));
    for (let offset = 0; offset < status.rows; offset++) {
      if (status.removed(offset)) counts.removed++;
      else if (status.inError(offset)) counts.errors++;
      else counts.valid++;
    }
    if (!status.isZero()) segmentItems.push(segmentItem(organizationId, importId, gen, segment, status));
  }
  await putGenerationItems([...segmentItems, generationItem(organizationId, importId, gen, { overlays, indexParts: parts })]);
  const next = { gen, ...counts, corrected, logEntries: head.logEntries + log.length };
  const logged = await logItem(organizationId, importId, head.logEntries, nowIso(), log);
  if (!(await commitChange(headUpdate(organizationId, importId, head.seq, next), [logged]))) return undefined;
  return { changed, ws: { ...ws, head: { ...head, ...next, seq } }, log: cellChanges() };
}
