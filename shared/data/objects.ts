/**
 * The bucket's object layout: the only module that builds an object key. Every key names the
 * organization and the import, so a key can never be confused across tenants.
 *
 *   uploads/<org>/<importId>                         the uploaded file (its creation starts processing)
 *   rows/<org>/<importId>/valid/<chunk>.ndjson       valid rows in file order, gzip NDJSON cut by size (row-chunk-format.ts)
 *   rows/<org>/<importId>/errors/<chunk>.ndjson      error rows in file order, likewise
 *   rows/<org>/<importId>/preview.json              the head of the file (imports started with review)
 *   rows/<org>/<importId>/source/<segment>.ndjson    imports waiting for corrections: every data row's cell texts,
 *                                                    1,000 rows per object (gzip NDJSON; shared/corrections/)
 *   rows/<org>/<importId>/fix/<gen>/overlay/<segment>.json       a generation's corrected rows of one segment
 *   rows/<org>/<importId>/fix/<gen>/unique/<column>/<part>.bin   a generation's index of a unique column's values
 *   rows/<org>/<importId>/fix/log/<first entry>.json             the entries of a bulk change (too many for its log item)
 *   webhooks/<org>/<importId>/<delivery>.json        a webhook delivery's payload, the exact bytes sent (a resend
 *                                                    usually sends delivery 1's bytes with its own timestamp
 *                                                    and stores none: docs/webhooks.md "one attempt")
 *
 * Every prefix expires after the retention period (bucket lifecycle); the import record stays.
 */
import { BUCKET_PREFIXES } from '../resources';

export type RowKind = 'valid' | 'errors' | 'source';

const ID = /^[A-Za-z0-9_]+$/;

export const objectKeys = {
  upload: (organizationId: string, importId: string) => `${BUCKET_PREFIXES.uploads}${organizationId}/${importId}`,
  rowChunk: (organizationId: string, importId: string, kind: RowKind, chunk: number) =>
    `${BUCKET_PREFIXES.rows}${organizationId}/${importId}/${kind}/${String(chunk).padStart(6, '0')}.ndjson`,
  preview: (organizationId: string, importId: string) => `${BUCKET_PREFIXES.rows}${organizationId}/${importId}/preview.json`,
  correctionsOverlay: (organizationId: string, importId: string, gen: string, segment: number) =>
    `${BUCKET_PREFIXES.rows}${organizationId}/${importId}/fix/${gen}/overlay/${String(segment).padStart(6, '0')}.json`,
  uniqueIndexPart: (organizationId: string, importId: string, gen: string, column: number, part: number) =>
    `${BUCKET_PREFIXES.rows}${organizationId}/${importId}/fix/${gen}/unique/${column}/${part}.bin`,
  correctionsLogEntries: (organizationId: string, importId: string, firstEntry: number) =>
    `${BUCKET_PREFIXES.rows}${organizationId}/${importId}/fix/log/${firstEntry}.json`,
  webhookPayload: (organizationId: string, importId: string, delivery: number) =>
    `${BUCKET_PREFIXES.webhooks}${organizationId}/${importId}/${delivery}.json`,
  /** The organization and import an upload key names, or undefined for any other key. */
  parseUpload(key: string): { organizationId: string; importId: string } | undefined {
    if (!key.startsWith(BUCKET_PREFIXES.uploads)) return undefined;
    const parts = key.slice(BUCKET_PREFIXES.uploads.length).split('/');
    if (parts.length !== 2 || !parts.every((part) => ID.test(part))) return undefined;
    return { organizationId: parts[0], importId: parts[1] };
  },
};
