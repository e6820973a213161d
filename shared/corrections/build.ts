// The correction workspace of an import, built by the processor while the engine reads the file (an
// import started with review): every data row's texts in source segments of 1,000 rows, each row's
// status bits, and each unique column's values. If some row is in error once the file is read, the
// workspace is stored (statuses, the unique index, META, the first generation, the head) and the import
// waits in AWAITING_CORRECTIONS; otherwise it finishes as before and the source segments just expire.
import { randomUUID } from 'node:crypto';
import {
  generationItem,
  metaItem,
  putFirstHead,
  putGenerationItems,
  putIndexPart,
  putSourceSegment,
  segmentItem,
  type CorrectionsMeta,
  type SourceRow,
} from '../data/corrections';
import type { Column } from '../domain/templates';
import { BoundedWrites } from '../data/bounded-writes';
import type { TypedCell } from '../engine/types';
import type { HookNote } from '../engine/engine';
import type { FormatState } from '../engine/column-formats';
import { claimKey, compileRules, SEGMENT_ROWS, setCheckedBits, sourceText, StatusBits, valueDigest, type Rules } from './rules';

/** Source segments uploading at once while the engine goes on. */
const UPLOADS_IN_FLIGHT = 2;
/** Entries per part of a unique column's index: a lookup reads one part (~200 KB). */
const INDEX_PART_ENTRIES = 16_384;

export const newGeneration = () => `g${randomUUID().replace(/-/g, '').slice(0, 10)}`;

/** Growable four-word entries (digest high, digest low, claim, row index) of one unique column. */
export class IndexEntries {
  words = new Uint32Array(4 * 1024);
  count = 0;

  push(d0: number, d1: number, claim: number, index: number): void {
    if ((this.count + 1) * 4 > this.words.length) {
      const grown = new Uint32Array(this.words.length * 2);
      grown.set(this.words);
      this.words = grown;
    }
    const at = this.count++ * 4;
    this.words[at] = d0;
    this.words[at + 1] = d1;
    this.words[at + 2] = claim;
    this.words[at + 3] = index;
  }

  /** Entry positions sorted by digest, then claim, then row index. */
  sorted(): Uint32Array {
    const w = this.words;
    const order = new Uint32Array(this.count);
    for (let i = 0; i < this.count; i++) order[i] = i;
    return order.sort((a, b) => w[a * 4] - w[b * 4] || w[a * 4 + 1] - w[b * 4 + 1] || w[a * 4 + 2] - w[b * 4 + 2] || w[a * 4 + 3] - w[b * 4 + 3]);
  }
}

/**
 * Decide the duplicates of one unique column (the first claimant of each value holds it: `mark(index,
 * true)` for the others, false for it) and write the column's index for the generation, cut in parts
 * by digest.
 */
export async function settleUniqueColumn(
  place: { organizationId: string; importId: string; gen: string },
  column: number,
  entries: IndexEntries,
  parts: number,
  mark: (index: number, duplicate: boolean) => void,
): Promise<void> {
  const w = entries.words;
  const order = entries.sorted();
  const byPart: number[][] = Array.from({ length: parts }, () => []);
  for (let i = 0; i < order.length; i++) {
    const at = order[i] * 4;
    const sameAsPrevious = i > 0 && w[order[i - 1] * 4] === w[at] && w[order[i - 1] * 4 + 1] === w[at + 1];
    mark(w[at + 3], sameAsPrevious);
    byPart[w[at] % parts].push(order[i]);
  }
  await Promise.all(
    byPart.map((positions, part) => {
      const words = new Uint32Array(positions.length * 4);
      positions.forEach((position, i) => words.set(w.subarray(position * 4, position * 4 + 4), i * 4));
      return putIndexPart(place.organizationId, place.importId, place.gen, column, part, words);
    }),
  );
}

export const indexPartsFor = (rows: number) => Math.max(1, Math.ceil(rows / INDEX_PART_ENTRIES));

export class WorkspaceBuilder {
  private readonly rules: Rules;
  private readonly gen = newGeneration();
  private rows = 0;
  private bits: Uint8Array;
  private readonly firstRows: number[] = [];
  /** Rows read and not uploaded yet (from row index `uploaded`). */
  private segment: SourceRow[] = [];
  private uploaded = 0;
  private readonly unique: Map<number, IndexEntries>;
  private readonly uploads = new BoundedWrites(UPLOADS_IN_FLIGHT);

  constructor(
    private readonly organizationId: string,
    private readonly importId: string,
    columns: Column[],
    /** The engine's format states: the builder checks as the engine does, while it decides them. */
    formats?: readonly FormatState[],
  ) {
    this.rules = compileRules(columns, formats);
    this.bits = new Uint8Array(this.rules.width * SEGMENT_ROWS);
    this.unique = new Map(this.rules.uniqueColumns.map((column) => [column, new IndexEntries()]));
  }

  /** The engine's sourceRow: one data row as read. */
  readonly sourceRow = (row: number, cells: TypedCell[], extras: (string | null)[], hook?: HookNote): void => {
    const index = this.rows++;
    const texts = cells.map(sourceText);
    const { width } = this.rules;
    if ((index + 1) * width > this.bits.length) {
      const grown = new Uint8Array(this.bits.length * 2);
      grown.set(this.bits);
      this.bits = grown;
    }
    setCheckedBits(this.rules, new StatusBits(width, this.bits.subarray(index * width, (index + 1) * width)), 0, texts, hook?.messages);
    for (const [column, entries] of this.unique) {
      const key = claimKey(this.rules, column, texts[column]);
      if (key === undefined) continue;
      const [d0, d1] = valueDigest(key);
      entries.push(d0, d1, 0, index);
    }
    if (index % SEGMENT_ROWS === 0) this.firstRows.push(row);
    this.segment.push(hook ? [row, texts, extras, hook] : [row, texts, extras]);
  };

  /** After each batch: upload the full segment, at most UPLOADS_IN_FLIGHT at a time. */
  async drain(): Promise<void> {
    await this.upload(SEGMENT_ROWS);
    this.uploads.check();
  }

  /** Upload the buffered segments of at least `atLeast` rows (the last one may be partial). */
  private async upload(atLeast: number): Promise<void> {
    while (this.segment.length >= atLeast && this.segment.length > 0) {
      const number = this.uploaded / SEGMENT_ROWS;
      const rows = this.segment.splice(0, SEGMENT_ROWS);
      this.uploaded += rows.length;
      await this.uploads.add(() => putSourceSegment(this.organizationId, this.importId, number, rows));
    }
  }

  /**
   * Once the file is read: whether some row is in error. If so the workspace is stored (everything but
   * the head first, then the head: a workspace exists once its head does) and its counts are answered.
   */
  async store(facts: Omit<CorrectionsMeta, 'rows' | 'firstRows'>): Promise<{ valid: number; errors: number } | undefined> {
    const { organizationId, importId, gen } = this;
    const { width } = this.rules;
    const status = new StatusBits(width, this.bits.subarray(0, this.rows * width));
    const parts = indexPartsFor(this.rows);
    for (const [column, entries] of this.unique) {
      await settleUniqueColumn({ organizationId, importId, gen }, column, entries, parts, (index, duplicate) => {
        if (duplicate) status.setColumnError(index, column, true);
      });
    }
    let errors = 0;
    for (let index = 0; index < this.rows; index++) if (status.inError(index)) errors++;
    if (errors === 0) {
      await this.uploads.done();
      return undefined;
    }
    await this.upload(1);
    await this.uploads.done();
    const segments: Record<string, unknown>[] = [];
    for (let segment = 0; segment * SEGMENT_ROWS < this.rows; segment++) {
      const start = segment * SEGMENT_ROWS;
      const bits = new StatusBits(width, this.bits.slice(start * width, Math.min(this.rows, start + SEGMENT_ROWS) * width));
      if (!bits.isZero()) segments.push(segmentItem(organizationId, importId, gen, segment, bits));
    }
    await putGenerationItems([
      ...segments,
      generationItem(organizationId, importId, gen, { overlays: {}, indexParts: parts }),
      metaItem(organizationId, importId, { ...facts, rows: this.rows, firstRows: this.firstRows }),
    ]);
    await putFirstHead(organizationId, importId, {
      seq: 0,
      gen,
      valid: this.rows - errors,
      errors,
      removed: 0,
      corrected: 0,
      logEntries: 0,
    });
    return { valid: this.rows - errors, errors };
  }
}
