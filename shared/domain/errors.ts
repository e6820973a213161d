// The errors the service's rules raise (domain, data, imports, webhooks): each carries the spec's error
// code, the HTTP status that code answers with, and a message that is safe to show. They live below
// the HTTP layer, which maps them to responses (shared/http/middleware.ts); anything thrown that is
// not an ApiError becomes a generic 500 there.

export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'PLAN_UPGRADE_REQUIRED',
  'ORIGIN_NOT_ALLOWED',
  'IMPORT_NOT_FINISHED',
  'PREVIEW_NOT_READY',
  'IMPORT_NOT_AWAITING_MAPPING',
  'IMPORT_NOT_VALIDATED',
  'IMPORT_NOT_AWAITING_CORRECTIONS',
  'ERRORS_REMAIN',
  'CORRECTIONS_CONFLICT',
  'IMPORT_FAILED',
  'ROWS_EXPIRED',
  'LAST_OWNER',
  'ALREADY_MEMBER',
  'CONFLICT',
  'WEBHOOK_NOT_CONFIGURED',
  'VALIDATION_HOOK_FAILED',
  'VALIDATION_HOOK_NOT_CONFIGURED',
  'RATE_LIMIT_EXCEEDED',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_USE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, 'BAD_REQUEST', message);
export const validationError = (message: string) => new ApiError(400, 'VALIDATION_ERROR', message);
export const unauthorized = (message = 'Invalid or missing API key') => new ApiError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string) => new ApiError(403, 'FORBIDDEN', message);
export const notFound = (what = 'Resource') => new ApiError(404, 'NOT_FOUND', `${what} not found`);
/** 409: the action needs the organization's webhook URL (and secret), and none is set. */
export const webhookNotConfigured = (message = 'The organization has no webhook URL: set one first') =>
  new ApiError(409, 'WEBHOOK_NOT_CONFIGURED', message);
