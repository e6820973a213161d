// Imports started by an API key (POST /api/v1/imports): what the caller sends and is answered, and the
// review link that opens the widget's correction step for one such import to someone with no account.
import * as v from 'valibot';
import { msg } from './validation';
import { CreateImportSchema, IMPORT_PHASES, IMPORT_STATUSES } from './imports';
import { CONTENT_TYPE_MISMATCH, contentTypeMatchesFile, UploadContentTypeSchema } from './embed';

const { fileName, fileSize, metadata, externalUserId, user, mapping, sheet } = CreateImportSchema.entries;

/**
 * The API's request: the widget's fields with the template named in the body. `columnMapping` is the
 * whole mapping when given (header -> column key, applied exactly); without it the headers are mapped
 * as the widget's review would propose. `review: true` keeps rows in error for a review link.
 */
export const CreateApiImportSchema = v.pipe(
  v.strictObject(
    {
      templateId: v.pipe(v.string(msg.string), v.minLength(1, msg.minChars(1)), v.maxLength(64, msg.maxChars(64))),
      fileName,
      fileSize,
      contentType: UploadContentTypeSchema,
      metadata,
      externalUserId,
      user,
      columnMapping: mapping,
      sheet,
      review: v.optional(v.nullable(v.boolean(msg.boolean))),
    },
    msg.object,
  ),
  v.forward(v.check((input) => contentTypeMatchesFile(input), CONTENT_TYPE_MISMATCH), ['contentType']),
);
export type CreateApiImportInput = v.InferOutput<typeof CreateApiImportSchema>;

const timestamp = v.pipe(v.string(), v.isoTimestamp());

export const UploadSchema = v.object({
  method: v.literal('PUT'),
  url: v.string(),
  /** Send these headers exactly (Content-Length, also signed, is set by every HTTP client). */
  headers: v.record(v.string(), v.string()),
  expiresAt: timestamp,
});

export const CreatedApiImportSchema = v.object({
  importId: v.pipe(v.string(), v.startsWith('imp_')),
  status: v.picklist(IMPORT_STATUSES),
  phase: v.picklist(IMPORT_PHASES),
  upload: UploadSchema,
});

/** A review link works 24 hours unless asked otherwise, and never longer than 7 days. */
export const REVIEW_LINK_DEFAULT_SECONDS = 24 * 60 * 60;
export const REVIEW_LINK_MAX_SECONDS = 7 * 24 * 60 * 60;
const REVIEW_LINK_MIN_SECONDS = 60;

export const CreateReviewLinkSchema = v.strictObject(
  {
    expiresInSeconds: v.optional(
      v.pipe(
        v.number(msg.number),
        v.integer(msg.integer),
        v.minValue(REVIEW_LINK_MIN_SECONDS, `must be at least ${REVIEW_LINK_MIN_SECONDS}`),
        v.maxValue(REVIEW_LINK_MAX_SECONDS, `must be at most ${REVIEW_LINK_MAX_SECONDS} (7 days)`),
      ),
    ),
  },
  msg.object,
);

export const ReviewLinkSchema = v.object({ url: v.string(), expiresAt: timestamp });

/**
 * The page a review link opens: the dashboard's public /review page. Import and token ride in the
 * fragment, which browsers never send to a server, so neither reaches a log on the way.
 */
export function reviewLinkUrl(dashboardUrl: string, importId: string, token: string): string {
  return `${dashboardUrl}/review#import=${encodeURIComponent(importId)}&token=${encodeURIComponent(token)}`;
}
