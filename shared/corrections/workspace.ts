// An import's correction workspace as the routes read it: the head, the immutable facts, the rules,
// and each row's current state: an edit of this generation (ROW item), else the generation's overlay
// of its segment, else the file's texts (source segment). Also who holds a value of a unique column.
import { getImportItems, getImportRecord, type ImportItems } from '../data/imports';
import {
  readClaims,
  readGeneration,
  readHead,
  readIndexPart,
  readMeta,
  readOverlaySegment,
  readRowItems,
  readSegments,
  readSourceSegment,
  type CorrectionsHead,
  type CorrectionsMeta,
  type Generation,
  type RowOverlay,
  type SourceRow,
} from '../data/corrections';
import { ApiError, notFound } from '../domain/errors';
import { keys } from '../data/table';
import { MemoryCache } from '../data/memory-cache';
import { rowsExpiredError } from '../imports/stored-rows';
import { importPhase, type ImportRecord } from '../domain/imports';
import type { HookMessage } from '../domain/validation-hook';
import { claimKey, compileRules, digestHex, recordedStates, SEGMENT_ROWS, StatusBits, valueDigest, rowErrors, type Rules, type Texts } from './rules';
import { loadPatterns } from '../engine/columns';

export interface Workspace {
  organizationId: string;
  importId: string;
  items: ImportItems;
  head: CorrectionsHead;
  meta: CorrectionsMeta;
  generation: Generation;
  rules: Rules;
}

/** A row as it is now. */
export interface RowState {
  index: number;
  /** The file row number (what the end user sees and names). */
  row: number;
  values: Texts;
  /** Unique column index -> version of the claim an edit or a restore made (absent: the file's, 0). */
  claims: Record<string, number>;
  corrected: boolean;
  /** The validation hook's messages on the row as it is now (every level). */
  messages?: HookMessage[];
}

export const segmentOf = (index: number) => Math.floor(index / SEGMENT_ROWS);
export const segmentLength = (meta: CorrectionsMeta, segment: number) => Math.min(SEGMENT_ROWS, meta.rows - segment * SEGMENT_ROWS);
export const segmentCount = (meta: CorrectionsMeta) => Math.ceil(meta.rows / SEGMENT_ROWS);

/** Snapshots never change: a warm function reads each import's once. */
const snapshots = new MemoryCache<ImportItems['snapshot'] | undefined>(200);

function importSnapshot(organizationId: string, importId: string): Promise<ImportItems['snapshot'] | undefined> {
  const key = `${organizationId}|${importId}`;
  const found = snapshots.get(key, () => getImportItems(organizationId, importId).then((read) => read?.snapshot));
  // An import not found (yet) is asked again next time.
  void found.then((snapshot) => snapshot ?? snapshots.forget(key, found), () => undefined);
  return found;
}

const compiled = new WeakMap<object, Rules>();
/** The template's rules compiled once per snapshot (its regexes included), reading dates and numbers as the import did (META never changes). */
function rulesOf(snapshot: ImportItems['snapshot'], meta: CorrectionsMeta): Rules {
  let rules = compiled.get(snapshot);
  if (!rules) {
    const { columns } = snapshot.template;
    compiled.set(snapshot, (rules = compileRules(columns, recordedStates(columns, meta.columnFormats))));
  }
  return rules;
}

/**
 * The workspace of an import, or the answer for one without (404 unknown; 409 before validation ended).
 * `record`: the import's record as the token check just read it (strongly), so it is not read again.
 */
export async function openWorkspace(organizationId: string, importId: string, record?: ImportRecord): Promise<Workspace> {
  // The record, the snapshot and the head at once: every correction route starts here.
  const [current, snapshot, head] = await Promise.all([
    record ?? getImportRecord(organizationId, importId),
    importSnapshot(organizationId, importId),
    readHead(organizationId, importId),
  ]);
  if (!current || !snapshot) throw notFound('Import');
  const items: ImportItems = { record: current, snapshot, result: undefined };
  // Went through corrections, its workspace since deleted with its rows (TTL after the retention period).
  if (!head && current.correctionsAt && current.status !== 'PENDING') throw rowsExpiredError(current);
  if (!head) {
    const phase = importPhase(items.record);
    throw new ApiError(
      409,
      'IMPORT_NOT_VALIDATED',
      phase === 'FINISHED'
        ? `Import ${importId} finished without a correction step (it was started without review, or no row was in error): GET its rows or errors instead`
        : `Import ${importId} is not validated yet (phase ${phase}): its rows can be corrected once validation ends`,
    );
  }
  const [meta, generation] = await Promise.all([
    readMeta(organizationId, importId),
    readGeneration(organizationId, importId, head.gen),
    loadPatterns(snapshot.template.columns),
  ]);
  return { organizationId, importId, items, head, meta, generation, rules: rulesOf(snapshot, meta) };
}

/** The counts the routes answer with. */
export function countsOf(ws: Pick<Workspace, 'head' | 'meta'>) {
  const { head, meta } = ws;
  return { total: meta.rows, valid: head.valid, errors: head.errors, removed: head.removed, corrected: head.corrected };
}

/** A mutation's answer outside the phase: 409 IMPORT_NOT_AWAITING_CORRECTIONS. */
export function requireAwaitingCorrections(ws: Workspace): void {
  const phase = importPhase(ws.items.record);
  if (phase !== 'AWAITING_CORRECTIONS' || ws.head.submittedAt) {
    throw new ApiError(
      409,
      'IMPORT_NOT_AWAITING_CORRECTIONS',
      ws.head.submittedAt && phase !== 'FINISHED'
        ? `Import ${ws.importId} was submitted: its rows cannot change any more`
        : `Import ${ws.importId} is not waiting for corrections (phase ${phase})`,
    );
  }
}

const stateOf = (index: number, overlay: RowOverlay): RowState => ({
  index,
  row: overlay.r,
  values: [...overlay.v],
  claims: { ...(overlay.c ?? {}) },
  corrected: overlay.x === 1,
  ...(overlay.m?.length ? { messages: overlay.m } : {}),
});

/** The current state of each of `indexes` (all must be rows of the import). */
export async function loadRows(ws: Workspace, indexes: number[]): Promise<Map<number, RowState>> {
  const { organizationId, importId, head } = ws;
  const states = new Map<number, RowState>();
  // The edits, the overlays and the file's texts side by side (the last two never change: mostly cached).
  const [edited, segments] = await Promise.all([
    readRowItems(organizationId, importId, head.gen, indexes),
    Promise.all([...new Set(indexes.map(segmentOf))].map((segment) => readSegmentRows(ws, segment).then((rows) => [segment, rows] as const))),
  ]);
  const bySegment = new Map(segments);
  for (const index of indexes) {
    const edit = edited.get(index);
    const segment = segmentOf(index);
    const { overlay, source } = bySegment.get(segment)!;
    const row = edit ?? overlay?.get(index);
    if (row) states.set(index, stateOf(index, row));
    else {
      const [number, texts, , note] = source[index - segment * SEGMENT_ROWS];
      states.set(index, { index, row: number, values: [...texts], claims: {}, corrected: false, ...(note?.messages ? { messages: note.messages } : {}) });
    }
  }
  return states;
}

/** A segment's file texts and the current generation's overlay of its corrected rows (if any). */
export async function readSegmentRows(
  ws: Pick<Workspace, 'organizationId' | 'importId' | 'generation'>,
  segment: number,
): Promise<{ source: SourceRow[]; overlay: Map<number, RowOverlay> | undefined }> {
  const overlayGen = ws.generation.overlays[segment];
  const [source, overlay] = await Promise.all([
    readSourceSegment(ws.organizationId, ws.importId, segment),
    overlayGen ? readOverlaySegment(ws.organizationId, ws.importId, overlayGen, segment) : undefined,
  ]);
  return { source, overlay };
}

/** The row indexes of file row numbers; the numbers that are no row of the import are returned apart. */
export async function indexesOfRows(ws: Workspace, rows: number[]): Promise<{ indexes: Map<number, number>; unknown: number[] }> {
  const { firstRows } = ws.meta;
  const indexes = new Map<number, number>();
  const unknown: number[] = [];
  const bySegment = new Map<number, number[]>();
  for (const row of rows) {
    // The last segment whose first row is at or before this one.
    let low = 0;
    let high = firstRows.length - 1;
    if (!Number.isInteger(row) || firstRows.length === 0 || row < firstRows[0]) {
      unknown.push(row);
      continue;
    }
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (firstRows[middle] <= row) low = middle;
      else high = middle - 1;
    }
    bySegment.set(low, [...(bySegment.get(low) ?? []), row]);
  }
  await Promise.all(
    [...bySegment].map(async ([segment, wanted]) => {
      const source = await readSourceSegment(ws.organizationId, ws.importId, segment);
      for (const row of wanted) {
        let low = 0;
        let high = source.length - 1;
        while (low < high) {
          const middle = (low + high) >> 1;
          if (source[middle][0] < row) low = middle + 1;
          else high = middle;
        }
        if (source[low]?.[0] === row) indexes.set(row, segment * SEGMENT_ROWS + low);
        else unknown.push(row);
      }
    }),
  );
  return { indexes, unknown };
}

/**
 * A mutable view of some rows and their segments' statuses for one change: what it loaded, what it
 * changed, and the statuses as they were before (to move the counts by the difference).
 */
export class ChangeView {
  readonly states = new Map<number, RowState>();
  readonly statuses = new Map<number, StatusBits>();
  private readonly before = new Map<number, StatusBits>();
  private readonly correctedAtLoad = new Map<number, boolean>();

  /** Claims items read by this change, by sort key (the commit appends to them). */
  readonly claims = new Map<string, [number, number][]>();

  constructor(readonly ws: Workspace) {}

  async load(indexes: number[]): Promise<void> {
    const missing = indexes.filter((index) => !this.states.has(index));
    const segments = [...new Set(indexes.map(segmentOf))].filter((segment) => !this.statuses.has(segment));
    // The rows and their segments' statuses are independent reads: one round trip, not two.
    const [loaded, found] = await Promise.all([
      missing.length ? loadRows(this.ws, missing) : undefined,
      segments.length ? readSegments(this.ws.organizationId, this.ws.importId, this.ws.head.gen, this.ws.rules.width, segments) : undefined,
    ]);
    // Loads may run side by side (holders of several values): what one of them set first stays.
    for (const [index, state] of loaded ?? []) {
      if (this.states.has(index)) continue;
      this.states.set(index, state);
      this.correctedAtLoad.set(index, state.corrected);
    }
    if (!found) return;
    for (const segment of segments) {
      if (this.statuses.has(segment)) continue;
      const status = found.get(segment) ?? StatusBits.empty(this.ws.rules.width, segmentLength(this.ws.meta, segment));
      this.statuses.set(segment, status);
      this.before.set(segment, new StatusBits(status.width, status.bytes.slice()));
    }
  }

  /** Whether the row counted as corrected when it was loaded. */
  correctedBefore(index: number): boolean {
    return this.correctedAtLoad.get(index) ?? false;
  }

  state(index: number): RowState {
    return this.states.get(index)!;
  }

  status(index: number): { bits: StatusBits; offset: number } {
    const segment = segmentOf(index);
    return { bits: this.statuses.get(segment)!, offset: index - segment * SEGMENT_ROWS };
  }

  removed(index: number): boolean {
    const { bits, offset } = this.status(index);
    return bits.removed(offset);
  }

  /** The segments whose bits changed. */
  changedSegments(): number[] {
    return [...this.statuses].filter(([segment, bits]) => !equalBytes(bits.bytes, this.before.get(segment)!.bytes)).map(([segment]) => segment);
  }

  /** The rows of the loaded segments whose bits changed. */
  changedRows(): number[] {
    const rows: number[] = [];
    for (const segment of this.changedSegments()) {
      const now = this.statuses.get(segment)!;
      const was = this.before.get(segment)!;
      for (let offset = 0; offset < now.rows; offset++) {
        for (let b = 0; b < now.width; b++) {
          if (now.bytes[offset * now.width + b] !== was.bytes[offset * now.width + b]) {
            rows.push(segment * SEGMENT_ROWS + offset);
            break;
          }
        }
      }
    }
    return rows;
  }

  /** How the counts move: the difference of each changed row's class (valid, in error, removed). */
  countDeltas(): { valid: number; errors: number; removed: number } {
    const deltas = { valid: 0, errors: 0, removed: 0 };
    for (const index of this.changedRows()) {
      const segment = segmentOf(index);
      const offset = index - segment * SEGMENT_ROWS;
      deltas[classOf(this.before.get(segment)!, offset)]--;
      deltas[classOf(this.statuses.get(segment)!, offset)]++;
    }
    return deltas;
  }

  /** A row as the routes answer it. */
  render(index: number) {
    const state = this.state(index);
    const { bits, offset } = this.status(index);
    return renderRow(this.ws.rules, state, bits, offset);
  }
}

export function classOf(bits: StatusBits, offset: number): 'valid' | 'errors' | 'removed' {
  if (bits.removed(offset)) return 'removed';
  return bits.inError(offset) ? 'errors' : 'valid';
}

export function renderRow(rules: Rules, state: RowState, bits: StatusBits, offset: number) {
  return {
    row: state.row,
    values: Object.fromEntries(rules.keys.map((key, j) => [key, state.values[j] ?? null])),
    errors: rowErrors(rules, bits, offset, state.values, state.messages),
    messages: (state.messages ?? []).filter((message) => message.level !== 'error'),
  };
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Entries of an index part with this digest: [claim, index] pairs. */
function indexEntries(entries: Uint32Array, [d0, d1]: [number, number]): [number, number][] {
  const count = entries.length / 4;
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >> 1;
    const m0 = entries[middle * 4];
    const m1 = entries[middle * 4 + 1];
    if (m0 < d0 || (m0 === d0 && m1 < d1)) low = middle + 1;
    else high = middle;
  }
  const found: [number, number][] = [];
  for (let i = low; i < count && entries[i * 4] === d0 && entries[i * 4 + 1] === d1; i++) found.push([entries[i * 4 + 2], entries[i * 4 + 3]]);
  return found;
}

/**
 * The rows that hold `key` in unique column `column` now, with their claims: the candidates of the
 * generation's index and of the claims edits made since, each checked against its current state
 * (a candidate may have been edited away), plus the rows of the view that hold it.
 */
export async function holdersOf(view: ChangeView, column: number, key: string): Promise<{ index: number; claim: number }[]> {
  const { ws } = view;
  const digest = valueDigest(key);
  const claimsKey = keys.correctionsClaims(ws.organizationId, ws.importId, ws.head.gen, column, digestHex(digest)).sk;
  const [entries, claims] = await Promise.all([
    readIndexPart(ws.organizationId, ws.importId, ws.head.gen, column, digest[0] % ws.generation.indexParts),
    view.claims.has(claimsKey)
      ? view.claims.get(claimsKey)!
      : readClaims(ws.organizationId, ws.importId, ws.head.gen, [{ column, digest: digestHex(digest) }]).then((found) => found.get(claimsKey) ?? []),
  ]);
  view.claims.set(claimsKey, claims);
  const candidates = new Set<number>([
    ...indexEntries(entries, digest).map(([, index]) => index),
    ...claims.map(([index]) => index),
    ...view.states.keys(),
  ]);
  await view.load([...candidates]);
  const holders: { index: number; claim: number }[] = [];
  for (const index of candidates) {
    const state = view.state(index);
    if (view.removed(index) || claimKey(ws.rules, column, state.values[column]) !== key) continue;
    holders.push({ index, claim: state.claims[column] ?? 0 });
  }
  return holders.sort((a, b) => a.claim - b.claim || a.index - b.index);
}
