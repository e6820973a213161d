// Every answer that is not a success, as one typed exception: the service's error shape
// ({ error: { code, message } }), its status, and the request id to quote to support.

/** The codes the service answers with (docs/api.md); a newer service may add some. */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION_ERROR'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'PLAN_UPGRADE_REQUIRED'
  | 'IMPORT_NOT_FINISHED'
  | 'IMPORT_NOT_AWAITING_CORRECTIONS'
  | 'IMPORT_FAILED'
  | 'ROWS_EXPIRED'
  | 'CONFLICT'
  | 'WEBHOOK_NOT_CONFIGURED'
  | 'VALIDATION_HOOK_FAILED'
  | 'VALIDATION_HOOK_NOT_CONFIGURED'
  | 'RATE_LIMIT_EXCEEDED'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'IDEMPOTENCY_KEY_IN_USE'
  | 'INTERNAL_ERROR'
  | (string & {});

export class ImportServiceError extends Error {
  override name = 'ImportServiceError';
  constructor(
    /** The HTTP status (0: no answer came, see `cause`). */
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** X-Request-Id of the answer, when there was one. */
    readonly requestId?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** Where a VALIDATION_ERROR is: "Validation error: <path> <problem>" -> { field, problem }. */
  get field(): { field: string; problem: string } | undefined {
    const match = this.code === 'VALIDATION_ERROR' ? /^Validation error: (\S+) (.+)$/.exec(this.message) : null;
    return match ? { field: match[1], problem: match[2] } : undefined;
  }
}

/** The exception for an answer in the service's error shape (or any other non-success answer). */
export async function errorOf(response: Response, parsed?: unknown): Promise<ImportServiceError> {
  const body = parsed ?? (await response.clone().json().catch(() => undefined));
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  const code = typeof error?.code === 'string' ? error.code : `HTTP_${response.status}`;
  const message = typeof error?.message === 'string' ? error.message : `${response.status} ${response.statusText}`.trim();
  return new ImportServiceError(response.status, code, message, response.headers.get('x-request-id') ?? undefined);
}
