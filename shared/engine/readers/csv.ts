// Streaming CSV/TSV reader: decoded text (decode.ts) -> delimiter detection -> rows of string cells in
// batches, holding at most one batch, one partial row and one chunk of text at a time.
//
// Quoting follows RFC 4180, leniently where real files break it:
// - a field is quoted only if its first character is `"`; inside, `""` is a quote and delimiters and
//   line breaks (CR, LF, CRLF) are text, so a quoted line break does not start a new row number;
// - a `"` anywhere else in an unquoted field is literal text (`5" disk` stays `5" disk`);
// - text after a closing quote is kept up to the delimiter (`"ab"c,` -> `abc`), rather than rejected;
// - a quote still open at the end of the file ends there (a truncated file keeps its last cell), while a
//   quote that is never closed in a large file runs into the cell length limit instead of eating memory.
// Rows end at LF, CRLF or a lone CR. An empty line is the row `['']` and a trailing line break adds none,
// so a row's position in the stream is its row number.
import { BATCH_ROWS } from '../limits';
import { FileProblem, type EngineLimits, type RowSource } from '../types';
import { decodeText, InvalidUtf8, type TextEncoding } from './decode';

export type Delimiter = ',' | ';' | '\t' | '|';

export interface DelimitedSource extends RowSource {
  sheet: null;
  batches: AsyncIterable<string[][]>;
  /** How the bytes were decoded, known from the first batch on (all-ASCII text reads as 'utf-8'). */
  readonly encoding: TextEncoding | undefined;
  /** The delimiter given or detected, known from the first batch on. */
  readonly delimiter: Delimiter | undefined;
}

export interface DelimitedOptions {
  limits: EngineLimits;
  batchRows?: number;
  delimiter?: Delimiter;
  /**
   * The input is only the head of the file (a preview reads a byte range): its end is not the file's
   * end, so a last row it cuts is left out instead of being completed, and no character cut there is
   * an encoding error. Stop iterating `batches` once the rows needed have arrived.
   */
  truncated?: boolean;
}

/** Candidates in order of preference when several fit equally well. */
const DELIMITERS: readonly Delimiter[] = [',', ';', '\t', '|'];
/** Characters of text looked at to detect the delimiter. */
const SAMPLE_CHARS = 64 * 1024;

/**
 * Rows of a delimited text file. `input` opens the bytes; each iteration of `batches` opens them once
 * and reads them once (decode.ts explains why the encoding never needs a second pass).
 */
export function readDelimited(input: () => AsyncIterable<Uint8Array>, options: DelimitedOptions): DelimitedSource {
  const found: { encoding?: TextEncoding; delimiter?: Delimiter } = {};
  return {
    sheet: null,
    batches: { [Symbol.asyncIterator]: () => readBatches(input(), options, found) },
    get encoding() {
      return found.encoding;
    },
    get delimiter() {
      return found.delimiter;
    },
  };
}

async function* readBatches(
  bytes: AsyncIterable<Uint8Array>,
  options: DelimitedOptions,
  found: { encoding?: TextEncoding; delimiter?: Delimiter },
): AsyncGenerator<string[][], void, undefined> {
  let sample: string[] = [];
  let sampleChars = 0;
  let tokenizer: Tokenizer | undefined;
  // The first SAMPLE_CHARS of text are held back to detect the delimiter, then parsed like the rest.
  const start = (complete: boolean) => {
    const text = sample.join('');
    sample = [];
    found.delimiter = options.delimiter ?? detectDelimiter(text, complete);
    const started = new Tokenizer(found.delimiter, options.limits, options.batchRows ?? BATCH_ROWS);
    started.feed(text);
    return started;
  };
  try {
    for await (const text of decodeText(bytes, found, options.truncated)) {
      if (tokenizer) tokenizer.feed(text);
      else {
        sample.push(text);
        sampleChars += text.length;
        if (sampleChars < SAMPLE_CHARS) continue;
        tokenizer = start(false);
      }
      while (tokenizer.run()) yield tokenizer.take();
    }
  } catch (error) {
    if (!(error instanceof InvalidUtf8)) throw error;
    // Parse (without handing on) the valid text before the bad bytes, to name the row they are in.
    tokenizer ??= start(false);
    tokenizer.feed(error.text);
    while (tokenizer.run()) tokenizer.take();
    throw new FileProblem(
      'UNREADABLE_FILE',
      `Row ${tokenizer.rowCount + 1} is not valid UTF-8 text although the file was read as UTF-8 up to there: ` +
        'it mixes text encodings or is damaged. Save it again as UTF-8 ("CSV UTF-8" in Excel) and upload it again.',
    );
  }
  if (!tokenizer) {
    tokenizer = start(!options.truncated);
    while (tokenizer.run()) yield tokenizer.take();
  }
  if (!options.truncated) tokenizer.end();
  if (tokenizer.batchLength > 0) yield tokenizer.take();
}

/**
 * The candidate that splits the sample's records into the most consistent number of cells: for each, the
 * share of non-empty records having its most common non-zero delimiter count. The sample is parsed with
 * each candidate, so delimiters inside quotes do not count. None found (one column) -> comma.
 */
function detectDelimiter(sample: string, complete: boolean): Delimiter {
  const unlimited = { maxCellChars: Infinity, maxColumns: Infinity, maxRows: Infinity };
  let best: Delimiter = ',';
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    const tokenizer = new Tokenizer(delimiter, unlimited, Infinity);
    tokenizer.feed(sample);
    tokenizer.run();
    // A sample cut before the end of the file ends in a partial record, which is left out.
    if (complete) tokenizer.end();
    const counts = tokenizer.take().filter((row) => row.length > 1 || row[0] !== '').map((row) => row.length - 1);
    const frequency = new Map<number, number>();
    for (const count of counts) if (count > 0) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    const score = counts.length === 0 ? 0 : Math.max(0, ...frequency.values()) / counts.length;
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

const QUOTE = 34;
const LF = 10;

// Where the text of the previous chunk left off.
const FIELD_START = 0;
/** In an unquoted field (or after a closing quote); its text so far is in `cell`. */
const UNQUOTED = 1;
/** Inside quotes; the text so far is in `cell`. */
const QUOTED = 2;
/** Inside quotes, the chunk ended on a quote: closing, or the first of a doubled one. */
const QUOTE_PENDING = 3;

/** Turns text chunks into rows: `feed` a chunk, `run` until it returns false, `take` full batches. */
class Tokenizer {
  /** Rows completed so far, in all batches. */
  rowCount = 0;
  private rows: string[][] = [];
  private row: string[] = [];
  private cell = '';
  private mode = FIELD_START;
  /** The previous chunk ended on a CR: an LF starting this one belongs to it. */
  private skipLF = false;
  private text = '';
  private pos = 0;
  // Next delimiter, LF and CR at or after `pos` (text.length: none), searched again only once passed.
  private nextDelimiter = -1;
  private nextLF = -1;
  private nextCR = -1;

  constructor(
    private readonly delimiter: Delimiter,
    private readonly limits: Pick<EngineLimits, 'maxCellChars' | 'maxColumns' | 'maxRows'>,
    private readonly batchRows: number,
  ) {}

  get batchLength(): number {
    return this.rows.length;
  }

  feed(text: string): void {
    this.text = text;
    this.pos = 0;
    this.nextDelimiter = this.nextLF = this.nextCR = -1;
  }

  take(): string[][] {
    const rows = this.rows;
    this.rows = [];
    return rows;
  }

  /** Parses the fed text until it is used up (false) or the batch is full (true). */
  run(): boolean {
    const s = this.text;
    const len = s.length;
    let pos = this.pos;
    if (pos >= len) return false;
    if (this.skipLF) {
      this.skipLF = false;
      if (s.charCodeAt(pos) === LF) pos++;
    }
    const delimiter = this.delimiter;
    const { maxCellChars, maxColumns } = this.limits;
    let { nextDelimiter, nextLF, nextCR, mode, row } = this;
    let full = false;
    while (pos < len) {
      if (mode === FIELD_START ? s.charCodeAt(pos) === QUOTE : mode !== UNQUOTED) {
        let cell = '';
        if (mode === FIELD_START) {
          pos++;
          mode = QUOTED;
        } else {
          cell = this.cell;
          // A quote that ended the previous chunk was the first of a doubled one, or the closing one.
          if (mode === QUOTE_PENDING && s.charCodeAt(pos) === QUOTE) {
            cell += '"';
            pos++;
            mode = QUOTED;
          } else if (mode === QUOTE_PENDING) mode = UNQUOTED;
        }
        while (mode === QUOTED) {
          const quote = s.indexOf('"', pos);
          if (quote < 0 || quote + 1 === len) {
            cell += s.slice(pos, quote < 0 ? len : quote);
            if (quote >= 0) mode = QUOTE_PENDING;
            pos = len;
            break;
          }
          if (s.charCodeAt(quote + 1) === QUOTE) {
            cell += s.slice(pos, quote + 1);
            pos = quote + 2;
          } else {
            cell += s.slice(pos, quote);
            pos = quote + 1;
            mode = UNQUOTED;
          }
        }
        if (cell.length > maxCellChars) this.cellTooLong(row);
        // After the closing quote the field goes on as unquoted text up to the delimiter (lenient).
        this.cell = cell;
        continue;
      }
      if (nextDelimiter < pos) nextDelimiter = indexOrEnd(s, delimiter, pos);
      if (nextLF < pos) nextLF = indexOrEnd(s, '\n', pos);
      if (nextCR < pos) nextCR = indexOrEnd(s, '\r', pos);
      let end = nextDelimiter < nextLF ? nextDelimiter : nextLF;
      if (nextCR < end) end = nextCR;
      if (end === len) {
        this.cell = mode === UNQUOTED ? this.cell + s.slice(pos) : s.slice(pos);
        mode = UNQUOTED;
        if (this.cell.length > maxCellChars) this.cellTooLong(row);
        pos = len;
        break;
      }
      const value = mode === UNQUOTED ? this.cell + s.slice(pos, end) : s.slice(pos, end);
      mode = FIELD_START;
      if (value.length > maxCellChars) this.cellTooLong(row);
      if (row.length >= maxColumns) this.tooManyColumns();
      row.push(value);
      pos = end + 1;
      if (end === nextDelimiter) continue;
      if (end === nextCR) {
        if (pos === len) this.skipLF = true;
        else if (s.charCodeAt(pos) === LF) pos++;
      }
      this.endRow(row);
      row = [];
      if (this.rows.length >= this.batchRows) {
        full = true;
        break;
      }
    }
    this.pos = pos;
    this.nextDelimiter = nextDelimiter;
    this.nextLF = nextLF;
    this.nextCR = nextCR;
    this.mode = mode;
    this.row = row;
    return full;
  }

  /** The end of the text: completes the last row unless the text ended with a line break. */
  end(): void {
    const { mode, row } = this;
    if (mode === FIELD_START && row.length === 0) return;
    const value = mode === FIELD_START ? '' : this.cell;
    if (row.length >= this.limits.maxColumns) this.tooManyColumns();
    row.push(value);
    this.endRow(row);
    this.row = [];
    this.mode = FIELD_START;
  }

  private endRow(row: string[]): void {
    const { maxRows } = this.limits;
    if (this.rowCount >= maxRows) {
      throw new FileProblem('TOO_MANY_ROWS', `Row ${maxRows + 1} is one too many: a file may have at most ${maxRows} rows.`);
    }
    this.rowCount++;
    this.rows.push(row);
  }

  private cellTooLong(row: string[]): never {
    const { maxCellChars } = this.limits;
    throw new FileProblem(
      'CELL_TOO_LONG',
      `Row ${this.rowCount + 1}, column ${row.length + 1}: a cell is longer than ${maxCellChars} characters, the limit ` +
        '(a quote that is opened and never closed has the same effect).',
    );
  }

  private tooManyColumns(): never {
    const { maxColumns } = this.limits;
    throw new FileProblem('TOO_MANY_COLUMNS', `Row ${this.rowCount + 1} has more than ${maxColumns} columns, the limit.`);
  }
}

function indexOrEnd(s: string, char: string, from: number): number {
  const index = s.indexOf(char, from);
  return index < 0 ? s.length : index;
}
