// The import engine: reads a RowSource batch by batch, maps the header, types and validates every
// cell, and hands each valid row (a JSON array in `rowColumns` order) and each error row to a sink.
// Memory is one batch plus the sink's buffer, whatever the file's size.
import type { Column } from '../domain/templates';
import type { ImportError } from '../domain/imports';
import { compileColumn, Invalid, cellText, cutChars, loadPatterns, type CompiledColumn } from './columns';
import { planColumns, type ColumnPlan } from './mapping';
import { ColumnEvidence, initialFormatState, isOpen, recordedFormats, type ColumnFormat, type FormatState } from './column-formats';
import { HEADER_ROW_CANDIDATES } from './header-row';
import { FileProblem, RowStageFailure, ShownNumber, type EngineLimits, type RawCell, type RawRow, type TypedCell, type RowSource, type SheetInfo } from './types';
import type { HookMessage } from '../domain/validation-hook';

/** A cell value shown in an error is cut to this many characters. */
export const ERROR_VALUE_CHARS = 200;
/** A valid row, serialized, must fit in one rows-endpoint response with room to spare. */
export const MAX_ROW_BYTES = 256 * 1024;

export interface CellError {
  column: string;
  value: string | null;
  message: string;
  /** A validation hook's error carries its level ("error"), and its code and suggestion when it gave them. */
  level?: 'error';
  code?: string;
  suggestion?: string;
}

export interface ErrorRow {
  /** Row number in the file, 1-based, header rows included (the number a spreadsheet shows). */
  row: number;
  errors: CellError[];
  /** A validation hook's warnings and info messages on the row. */
  messages?: HookMessage[];
}

/** What a validation hook made of a row: its messages (every level) and the cells it replaced (key -> text as read). */
export interface HookNote {
  messages?: HookMessage[];
  changed?: Record<string, string | null>;
}

/** A data row once checked: what a row stage (the validation hook) sees and may change. */
export interface CheckedRow {
  row: number;
  /** The cell of each template column in order (null where unmapped). */
  cells: TypedCell[];
  /** The text of each kept extra column. */
  extras: (string | null)[];
  /** Typed values per template column; undefined where the cell is in error. */
  values: unknown[];
  errors?: CellError[];
  hook?: HookNote;
}

/**
 * A step between checking a row and counting and storing it (shared/hooks/stage.ts): rows go in, and
 * come out in the same order once the stage is done with them, at most a few batches later.
 */
export interface RowStage {
  push(row: CheckedRow): void;
  /** The rows it is done with, in order; waits while too many are in flight. */
  ready(): Promise<CheckedRow[]>;
  /** Every remaining row, once the file is read. */
  flush(): Promise<CheckedRow[]>;
}

/** Where rows go; `drain` is awaited after every batch so a sink can upload what it gathered. */
export interface RowSink {
  validRow(json: string): void;
  errorRow(row: ErrorRow): void;
  /**
   * Every data row once checked (imports that may wait for corrections keep them): the cell of each
   * template column in order (null where unmapped) as the validation hook left it, the text of each kept
   * extra column, and what the hook made of the row.
   */
  sourceRow?(row: number, cells: TypedCell[], extras: (string | null)[], hook?: HookNote): void;
  /** `counts`: the rows read so far (for progress reports). */
  drain(counts: Readonly<EngineCounts>): Promise<void>;
}

export interface EngineSettings {
  columns: Column[];
  allowExtraColumns: boolean;
  skipHeaderRows: number;
  allowPartialImport: boolean;
  mapping: Record<string, string> | null;
  /** The mapping is the whole mapping (confirmed by the end user after a preview): no automatic matching. */
  mappingIsComplete?: boolean;
  /**
   * How each template column reads dates and numbers (column-formats.ts), in column order; the engine
   * settles the open ones from the file. Shared with a row stage that checks values again. Default:
   * the template's own.
   */
  formats?: FormatState[];
  /**
   * The file's rows once more from the start, for a column whose values need the whole column to be
   * read (column-formats.ts): read only when such a value turns up. Without it the rows read so far decide.
   */
  reread?: () => Promise<AsyncIterable<RawRow[]>>;
  /** Find the header row among the first HEADER_ROW_CANDIDATES rows (header-row.ts) instead of skipHeaderRows. */
  detectHeaderRow?: (rows: RawRow[]) => Promise<number>;
  /**
   * The whole mapping for the header row's texts, as the mapping review would propose it (header ->
   * column key or null), used instead of `mapping` and the automatic matching once the header row is known.
   */
  proposeMapping?: (headers: string[]) => Promise<Record<string, string | null>>;
}

export interface EngineCounts {
  totalRows: number;
  validRows: number;
  errorRows: number;
  skippedRows: number;
}

export interface EngineResult extends EngineCounts {
  columnMapping: Record<string, string>;
  /** The row that named the columns (0: none; null when the file was not read). */
  headerRow: number | null;
  /** How each date and number column's values were read, where the template, the end user or the file decided it. */
  columnFormats: Record<string, ColumnFormat>;
  rowColumns: string[];
  sheet: SheetInfo | null;
  /** Why the import fails, or null when it completes. */
  failure: ImportError | null;
  /** Valid rows handed to the sink (none after the import is known to fail). */
  storedRows: number;
}

/** A whole mapping's mapped headers (null: the header stays unmapped). */
export const mappedEntries = (mapping: Record<string, string | null>): Record<string, string> =>
  Object.fromEntries(Object.entries(mapping).filter((entry): entry is [string, string] => entry[1] !== null));

function isEmptyRow(row: RawRow): boolean {
  for (const cell of row) {
    if (cell === null || cell === '') continue;
    if (typeof cell !== 'string') return false;
    // A string starting with a visible ASCII character is not blank: no need to trim it here.
    const first = cell.charCodeAt(0);
    if ((first > 32 && first < 127) || cell.trim() !== '') return false;
  }
  return true;
}

export function shownValue(cell: RawCell): string | null {
  if (cell === null) return null;
  return cutChars(typeof cell === 'string' ? cell : String(cell), ERROR_VALUE_CHARS);
}

/**
 * Type and check a row's template cells (`checks[j]` is column j's check, `keys[j]` its key): the typed
 * values (undefined where a cell is in error) and the errors. The engine, the correction step and a
 * hook's test batch check rows with it.
 */
export function checkRow<C extends TypedCell>(
  row: number,
  cells: C[],
  extras: (string | null)[],
  checks: readonly ((cell: C) => unknown)[],
  keys: readonly string[],
): CheckedRow {
  const values: unknown[] = new Array(checks.length);
  let errors: CellError[] | undefined;
  for (let i = 0; i < checks.length; i++) {
    const outcome = checks[i](cells[i]);
    if (outcome instanceof Invalid) (errors ??= []).push({ column: keys[i], value: shownValue(cells[i]), message: outcome.message });
    else values[i] = outcome;
  }
  return { row, cells, extras, values, errors };
}

/** A valid row's stored array ends with this object when a hook left warnings on it (rowObjects never reads past the columns). */
export interface RowNote {
  row: number;
  messages: HookMessage[];
}

export async function runEngine(source: RowSource, settings: EngineSettings, limits: EngineLimits, sink: RowSink, stage?: RowStage): Promise<EngineResult> {
  const counts: EngineCounts = { totalRows: 0, validRows: 0, errorRows: 0, skippedRows: 0 };
  await loadPatterns(settings.columns);
  const formats = settings.formats ?? settings.columns.map((column) => initialFormatState(column));
  const compiled: CompiledColumn[] = settings.columns.map((column, i) => compileColumn(column, { format: formats[i] }));
  const checks = compiled.map((column) => column.check);
  const keys = compiled.map((column) => column.key);
  const takesValue = settings.columns.map((column) => column.type === 'number' || column.type === 'boolean');
  /** Date and number columns the file may still decide, with what their values showed so far. */
  let open: { index: number; evidence: ColumnEvidence }[] = settings.columns.flatMap((column, index) =>
    isOpen(column, formats[index]) ? [{ index, evidence: new ColumnEvidence(column) }] : [],
  );
  let skipHeaderRows = settings.skipHeaderRows;
  let plan: ColumnPlan | undefined;
  let headerRow: RawRow | null = null;
  let rowNumber = 0;
  let storedRows = 0;
  const failsAtFirstError = !settings.allowPartialImport;

  const makePlan = async (width: number) => {
    const proposed = headerRow && settings.proposeMapping
      ? await settings.proposeMapping(Array.from({ length: width }, (_, i) => cellText(headerRow![i] ?? null)))
      : undefined;
    return planColumns(settings.columns, headerRow, width, {
      explicit: proposed ? mappedEntries(proposed) : settings.mapping,
      automatic: !proposed && !settings.mappingIsComplete,
      allowExtraColumns: settings.allowExtraColumns,
    });
  };

  try {
    const batches = settings.detectHeaderRow ? afterDetectedHeader(source.batches, settings.detectHeaderRow) : source.batches;
    for await (const batch of batches) {
      // The batch's data rows with their numbers: checked only once the columns the batch needs are decided.
      const dataRows: { row: RawRow; number: number }[] = [];
      for (const row of batch) {
        rowNumber++;
        if (rowNumber > limits.maxRows) {
          throw new FileProblem('TOO_MANY_ROWS', `The file has more than ${limits.maxRows} rows`);
        }
        if (rowNumber <= skipHeaderRows) {
          if (rowNumber === skipHeaderRows) headerRow = row;
          continue;
        }
        if (isEmptyRow(row)) {
          counts.skippedRows++;
          continue;
        }
        if (!plan) {
          plan = await makePlan(headerRow ? headerRow.length : Math.max(settings.columns.length, row.length));
          if (plan.unmappedRequired.length > 0) return finish(unmappedFailure(plan));
        }
        dataRows.push({ row, number: rowNumber });
      }
      if (open.length > 0 && dataRows.length > 0) await settleFormats(dataRows);
      for (const { row, number } of dataRows) processRow(row, number);
      if (stage) for (const checked of await stage.ready()) emit(checked);
      await sink.drain(counts);
    }
    if (stage) {
      for (const checked of await stage.flush()) emit(checked);
      await sink.drain(counts);
    }
  } catch (error) {
    if (!(error instanceof FileProblem) && !(error instanceof RowStageFailure)) throw error;
    await sink.drain(counts);
    return finish({ code: error.code, message: error.message });
  }

  if (!plan) {
    plan = await makePlan(headerRow?.length ?? settings.columns.length);
    const missing = plan.unmappedRequired.length > 0 && headerRow ? unmappedFailure(plan) : undefined;
    return finish(missing ?? { code: 'NO_DATA_ROWS', message: rowNumber === 0 ? 'The file is empty' : 'The file has no data rows' });
  }
  if (counts.errorRows > 0 && failsAtFirstError) {
    return finish({
      code: 'INVALID_ROWS',
      message: `${counts.errorRows} of ${counts.totalRows} rows are invalid and the template does not allow partial imports`,
    });
  }
  if (counts.validRows === 0) return finish({ code: 'INVALID_ROWS', message: `All ${counts.totalRows} rows are invalid` });
  return finish(null);

  /** Batches with the rows before the detected header row counted as header rows. */
  async function* afterDetectedHeader(batches: AsyncIterable<RawRow[]>, detect: (rows: RawRow[]) => Promise<number>): AsyncGenerator<RawRow[]> {
    let head: RawRow[] | null = [];
    for await (const batch of batches) {
      if (!head) {
        yield batch;
        continue;
      }
      head.push(...batch);
      if (head.length >= HEADER_ROW_CANDIDATES) {
        skipHeaderRows = await detect(head.slice(0, HEADER_ROW_CANDIDATES));
        yield head;
        head = null;
      }
    }
    if (head) {
      skipHeaderRows = await detect(head);
      yield head;
    }
  }

  /**
   * At the first value of an open column that needs the column's decision, read the whole file once more
   * and count what every value shows, then decide every open column for good. Until then a batch costs
   * only the check for such a value (most files never have one: ISO dates, plain numbers).
   */
  async function settleFormats(dataRows: { row: RawRow; number: number }[]) {
    if (!dataRows.some(({ row }) => needsDecision(row))) return;
    if (settings.reread) {
      const again = await settings.reread();
      let number = 0;
      try {
        for await (const batch of again) {
          for (const row of batch) {
            if (++number > limits.maxRows) break;
            // Rows above the header are no column's values.
            if (number > skipHeaderRows) see(row, number);
          }
          if (number > limits.maxRows) break;
        }
      } catch (error) {
        // The main pass meets the same problem where it lies; what was seen so far decides.
        if (!(error instanceof FileProblem)) throw error;
      }
    } else {
      // Only a caller without the file (a test's one-shot source): this batch decides.
      for (const { row, number } of dataRows) see(row, number);
    }
    for (const { index, evidence } of open) Object.assign(formats[index], evidence.decide());
    open = [];
  }

  /** The text of an open column's cell, trimmed; undefined when it is not a text. */
  function openText(row: RawRow, index: number): string | undefined {
    const source = plan!.sourceOf[index];
    const cell = source === -1 ? null : row[source];
    if (typeof cell !== 'string') return undefined;
    const text = cell.trim();
    return text === '' ? undefined : text;
  }

  /** Whether one of the row's open cells needs its column's decision. */
  function needsDecision(row: RawRow): boolean {
    for (const { index, evidence } of open) {
      const text = openText(row, index);
      if (text !== undefined && evidence.needsDecision(text)) return true;
    }
    return false;
  }

  /** Count what one row's open cells show. */
  function see(row: RawRow, number: number): void {
    for (const { index, evidence } of open) {
      const text = openText(row, index);
      if (text !== undefined) evidence.see(number, text);
    }
  }

  function processRow(row: RawRow, number: number) {
    const { sourceOf, extras } = plan!;
    const cells: TypedCell[] = new Array(sourceOf.length);
    for (let i = 0; i < sourceOf.length; i++) {
      const cell = sourceOf[i] === -1 ? null : (row[sourceOf[i]] ?? null);
      // A formatted spreadsheet number: number and boolean columns read its value, the others what it shows.
      cells[i] = cell instanceof ShownNumber ? (takesValue[i] ? cell.value : cell.text) : cell;
    }
    const extraTexts = extras.map((extra) => cellText(row[extra.source] ?? null) || null);
    const checked = checkRow(number, cells, extraTexts, checks, keys);
    if (stage) stage.push(checked);
    else emit(checked);
  }

  /** Count and hand on one checked row (after the stage, when there is one). */
  function emit({ row, cells, extras, values, errors, hook }: CheckedRow) {
    sink.sourceRow?.(row, cells, extras, hook);
    counts.totalRows++;
    const notes = hook?.messages?.filter((message) => message.level !== 'error');
    if (errors?.length) {
      counts.errorRows++;
      sink.errorRow({ row, errors, ...(notes?.length ? { messages: notes } : {}) });
      return;
    }
    counts.validRows++;
    // Once a row is invalid without allowPartialImport the import fails: its valid rows are never delivered.
    if (failsAtFirstError && counts.errorRows > 0) return;
    // The row's own array becomes the stored one: nothing reads it after this.
    for (const extra of extras) values.push(extra);
    if (notes?.length) values.push({ row, messages: notes } satisfies RowNote);
    const json = JSON.stringify(values);
    // A UTF-16 unit is at most 3 UTF-8 bytes: most rows skip the exact count.
    if (json.length * 3 > MAX_ROW_BYTES && Buffer.byteLength(json) > MAX_ROW_BYTES) {
      throw new FileProblem('ROW_TOO_LARGE', `Row ${row} is larger than ${MAX_ROW_BYTES / 1024} KB once typed`);
    }
    storedRows++;
    sink.validRow(json);
  }

  function unmappedFailure({ unmappedRequired }: ColumnPlan): ImportError {
    const names = unmappedRequired.map((column) => `"${column.key}" (${column.name})`).join(', ');
    return {
      code: 'UNMAPPED_REQUIRED_COLUMN',
      message: `Required column${unmappedRequired.length > 1 ? 's' : ''} ${names} ${unmappedRequired.length > 1 ? 'are' : 'is'} not mapped: no header matches the key, name or suggested mappings`,
    };
  }

  function finish(failed: ImportError | null): EngineResult {
    return {
      ...counts,
      columnMapping: plan?.columnMapping ?? {},
      headerRow: skipHeaderRows,
      columnFormats: recordedFormats(settings.columns, formats),
      rowColumns: [...settings.columns.map((column) => column.key), ...(plan?.extras.map((extra) => extra.key) ?? [])],
      sheet: source.sheet,
      failure: failed,
      storedRows,
    };
  }
}
