// The zip container of an XLSX file, read through yauzl: random access on the file, parts inflated
// as streams, never a whole part in memory. Every inflated byte is counted against the import's
// budget, because a few kilobytes of deflate can expand to gigabytes (zip bombs).
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { FileProblem, type EngineLimits } from '../types';
import { sniffFile, unreadable } from './problems';

// A workbook has a handful of parts per sheet; a directory of more is not a spreadsheet and would
// only cost memory to index.
const MAX_ENTRIES = 20_000;
// Parts below this size are never a compression-ratio concern (styles, small sheets compress 50:1).
const RATIO_FLOOR_BYTES = 1024 * 1024;

/** Inflated bytes so far, shared by every opening of one file so the limit covers all parts read. */
export interface InflateBudget {
  inflated: number;
}

export class XlsxZip {
  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: Map<string, Entry>,
    private readonly limits: EngineLimits,
    private readonly budget: InflateBudget,
  ) {}

  static async open(path: string, limits: EngineLimits, budget: InflateBudget): Promise<XlsxZip> {
    let zip: ZipFile;
    try {
      // validateEntrySizes (on by default) makes yauzl fail a part that inflates to more or less
      // than the central directory declares, so the declared sizes checked below cannot lie.
      zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
    } catch (error) {
      throw await notAZip(path, error);
    }
    try {
      if (zip.entryCount > MAX_ENTRIES) {
        throw unreadable(`The XLSX file contains ${zip.entryCount} parts, more than any workbook has; it cannot be read.`);
      }
      const entries = new Map<string, Entry>();
      for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
      return new XlsxZip(zip, entries, limits, budget);
    } catch (error) {
      zip.close();
      throw asFileProblem(error);
    }
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The text of one part, UTF-8 decoded, as it inflates. */
  async *text(name: string): AsyncGenerator<string> {
    const entry = this.entries.get(name);
    if (!entry) throw unreadable(`The XLSX file is damaged: its part ${name} is missing.`);
    this.checkDeclaredSize(entry);
    const decoder = new TextDecoder('utf-8');
    let partBytes = 0;
    try {
      const stream = await this.zip.openReadStreamPromise(entry);
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        partBytes += chunk.length;
        this.budget.inflated += chunk.length;
        this.checkInflated(entry, partBytes);
        yield decoder.decode(chunk, { stream: true });
      }
    } catch (error) {
      throw asFileProblem(error);
    }
    yield decoder.decode();
  }

  close(): void {
    this.zip.close();
  }

  private checkDeclaredSize(entry: Entry): void {
    if (this.budget.inflated + entry.uncompressedSize > this.limits.maxDecompressedBytes) {
      throw tooLarge(this.limits);
    }
    if (isBomb(entry.uncompressedSize, entry.compressedSize, this.limits)) throw bomb(entry.fileName);
  }

  private checkInflated(entry: Entry, partBytes: number): void {
    if (this.budget.inflated > this.limits.maxDecompressedBytes) throw tooLarge(this.limits);
    if (isBomb(partBytes, entry.compressedSize, this.limits)) throw bomb(entry.fileName);
  }
}

function isBomb(inflated: number, compressed: number, limits: EngineLimits): boolean {
  return inflated > RATIO_FLOOR_BYTES && inflated > compressed * limits.maxCompressionRatio;
}

function tooLarge(limits: EngineLimits): FileProblem {
  const mib = Math.round(limits.maxDecompressedBytes / (1024 * 1024));
  return new FileProblem(
    'DECOMPRESSED_TOO_LARGE',
    `The XLSX file expands to more than ${mib} MiB of data when unpacked, more than one import accepts.`,
  );
}

function bomb(part: string): FileProblem {
  return new FileProblem(
    'DECOMPRESSED_TOO_LARGE',
    `The XLSX file is compressed far more than a real workbook (part ${part}); it looks like a zip bomb and was not read.`,
  );
}

/** Our own FileProblems pass through; anything yauzl or zlib throws means the zip is damaged. */
function asFileProblem(error: unknown): FileProblem {
  if (error instanceof FileProblem) return error;
  return unreadable(`The XLSX file is damaged and cannot be read (${errorText(error)}).`);
}

async function notAZip(path: string, error: unknown): Promise<FileProblem> {
  switch (await sniffFile(path)) {
    case 'empty':
      return unreadable('The file is empty.');
    case 'cfb':
    case 'biff':
      return unreadable(
        'The file is not an XLSX workbook: it is a legacy Excel (.xls) file or a password-protected workbook. ' +
          'Save it as .xlsx without a password and upload it again.',
      );
    case 'zip':
      return unreadable(`The XLSX file is damaged or truncated and cannot be read (${errorText(error)}).`);
    case 'other':
      return unreadable(
        'The file is not an XLSX workbook (it is not a zip archive). Save it as .xlsx and upload it again.',
      );
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
