// Decodes the bytes of a CSV/TSV file into text chunks: BOM detection, binary rejection, and, for files
// without a BOM, the choice between UTF-8 and Windows-1252 made before any non-ASCII text is handed on.
//
// Why no text can come out under the wrong encoding: bytes below 0x80 are the same characters in UTF-8
// and in Windows-1252, so everything up to the first non-ASCII byte is handed on as it arrives. At that
// byte the decision is taken from the next 64 KB (or the rest of the file): valid UTF-8 -> UTF-8, else
// Windows-1252. Only then is text from there on handed on, so the input is read once and never restarted.
// If UTF-8 was chosen (by evidence or by BOM) and bytes later turn out invalid, the file mixes encodings
// or is damaged: no reading is right for all of it, so it is rejected (InvalidUtf8) rather than guessed.
import { isAscii } from 'node:buffer';
import { TextDecoder } from 'node:util';
import { FileProblem } from '../types';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** Bytes sniffed at the start (BOM, NUL bytes) and from the first non-ASCII byte on (UTF-8 or not). */
const SNIFF_BYTES = 64 * 1024;
const EMPTY: Buffer = Buffer.alloc(0);

/** Invalid UTF-8 after UTF-8 was chosen; `text` is the valid text before it, not handed on. */
export class InvalidUtf8 extends Error {
  constructor(readonly text: string) {
    super('Invalid UTF-8');
  }
}

/**
 * Text chunks of `input`; `found.encoding` is kept up to date with the encoding in use. `truncated`:
 * the input is only the head of the file (a preview), so its end is not the file's end: a character cut
 * there is left out rather than an encoding error, and bytes up to there count as a window, not the file.
 */
export async function* decodeText(
  input: AsyncIterable<Uint8Array>,
  found: { encoding?: TextEncoding },
  truncated = false,
): AsyncGenerator<string, void, undefined> {
  const bytes = new ByteReader(input);
  try {
    const head = await bytes.take(SNIFF_BYTES);
    const declared = bomEncoding(head);
    if (declared) {
      found.encoding = declared;
      // TextDecoder drops the BOM itself. UTF-16 has no other reading to protect, so an unpaired
      // surrogate simply becomes U+FFFD there.
      yield* decodeAll(new TextDecoder(declared, { fatal: declared === 'utf-8' }), head, bytes, truncated);
      return;
    }
    if (head.includes(0)) {
      throw new FileProblem(
        'UNREADABLE_FILE',
        'The file is not a text file (it contains binary data): upload a CSV or TSV file, or the spreadsheet itself.',
      );
    }
    found.encoding = 'utf-8';
    for (let chunk: Buffer | undefined = head; chunk; chunk = await bytes.next()) {
      const high = firstNonAscii(chunk);
      if (high < 0) {
        yield chunk.toString('latin1');
        continue;
      }
      if (high > 0) yield chunk.toString('latin1', 0, high);
      const window = await bytes.take(SNIFF_BYTES, chunk.subarray(high));
      found.encoding = isUtf8(window, bytes.done && !truncated) ? 'utf-8' : 'windows-1252';
      yield* decodeAll(new TextDecoder(found.encoding, { fatal: true }), window, bytes, truncated);
      return;
    }
  } finally {
    await bytes.close();
  }
}

/** `first` and the rest of the input through `decoder`; only UTF-8 can fail (Windows-1252 maps every byte). */
async function* decodeAll(decoder: TextDecoder, first: Buffer, bytes: ByteReader, truncated: boolean) {
  // The last bytes decoded: the decoder may hold back the start of a character cut by a chunk end.
  let previous = EMPTY;
  for (let chunk: Buffer | undefined = first; chunk; chunk = await bytes.next()) {
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw invalidUtf8(previous, chunk);
    }
    yield text;
    previous = chunk.length >= 3 ? chunk : Buffer.concat([previous, chunk]).subarray(-3);
  }
  // The bytes of a character cut by the end of a truncated input are not flushed (as U+FFFD or an error).
  if (truncated) return;
  let last: string;
  try {
    last = decoder.decode();
  } catch {
    throw invalidUtf8(previous, EMPTY);
  }
  if (last) yield last;
}

function bomEncoding(head: Buffer): TextEncoding | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return undefined;
}

function firstNonAscii(chunk: Buffer): number {
  if (isAscii(chunk)) return -1;
  let i = 0;
  while (chunk[i] < 0x80) i++;
  return i;
}

/** Whether `window` is UTF-8, judged by the same decoder that will read it (a cut last character is fine unless at the end). */
function isUtf8(window: Buffer, atEnd: boolean): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(window, { stream: !atEnd });
    return true;
  } catch {
    return false;
  }
}

/** The error for `chunk` failing to decode, with the valid text before the first bad byte (for its row number). */
function invalidUtf8(previous: Buffer, chunk: Buffer): InvalidUtf8 {
  const bytes = Buffer.concat([heldBack(previous), chunk]);
  return new InvalidUtf8(bytes.toString('utf8', 0, firstInvalidUtf8(bytes)));
}

/** The incomplete character at the end of `bytes`, which a streaming decoder keeps for the next chunk. */
function heldBack(bytes: Buffer): Buffer {
  for (let i = bytes.length - 1; i >= 0 && i >= bytes.length - 3; i--) {
    const byte = bytes[i];
    if (byte < 0x80) break;
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return bytes.length - i < length ? bytes.subarray(i) : EMPTY;
    }
  }
  return EMPTY;
}

/** Offset of the first byte that does not start a valid UTF-8 character (an incomplete last one included). */
function firstInvalidUtf8(bytes: Buffer): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i];
    if (lead < 0x80) {
      i++;
      continue;
    }
    // Second-byte ranges exclude overlong forms, surrogates and code points above U+10FFFF.
    let rest: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) rest = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      rest = 2;
      if (lead === 0xe0) low = 0xa0;
      else if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      rest = 3;
      if (lead === 0xf0) low = 0x90;
      else if (lead === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k <= rest; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < low || next > high) return i;
      low = 0x80;
      high = 0xbf;
    }
    i += rest + 1;
  }
  return bytes.length;
}

/** Pulls the input as Buffer views, with look-ahead for the sniffing windows. */
class ByteReader {
  done = false;
  private readonly source: AsyncIterator<Uint8Array>;

  constructor(input: AsyncIterable<Uint8Array>) {
    this.source = input[Symbol.asyncIterator]();
  }

  async next(): Promise<Buffer | undefined> {
    while (!this.done) {
      const result = await this.source.next();
      if (result.done) this.done = true;
      else if (result.value.length > 0) {
        const chunk = result.value;
        return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      }
    }
    return undefined;
  }

  /** `start` and the chunks after it until at least `size` bytes or the end of the input. */
  async take(size: number, start = EMPTY): Promise<Buffer> {
    const parts = [start];
    let length = start.length;
    while (length < size) {
      const chunk = await this.next();
      if (!chunk) break;
      parts.push(chunk);
      length += chunk.length;
    }
    return parts.length === 1 ? start : Buffer.concat(parts, length);
  }

  /** Releases the input (a network stream) when reading stops early. */
  async close(): Promise<void> {
    if (this.done) return;
    this.done = true;
    await this.source.return?.();
  }
}
