// JSON stored brotli-compressed in a binary attribute. DynamoDB bills every read and write by the item's
// size, so the large parts of items (a template's columns, an import's snapshot of them) are packed:
// JSON of column definitions shrinks about 4x. Quality 7: near the best ratio on JSON, a few ms even
// for hundreds of KB.
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

export const packJson = (value: unknown): Buffer =>
  brotliCompressSync(JSON.stringify(value), { params: { [constants.BROTLI_PARAM_QUALITY]: 7 } });

export const unpackJson = (packed: Uint8Array): unknown => JSON.parse(brotliDecompressSync(packed).toString('utf8'));
