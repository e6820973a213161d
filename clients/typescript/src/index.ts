// @import-service/client: the official TypeScript client of Import Service (README.md shows every call).
export { createClient } from './client.js';
export type { ClientOptions, CallOptions, ImportFileOptions, WaitOptions, ImportServiceClient, ImportDetail, ImportListItem, Template, CreatedImport } from './client.js';
export { ImportServiceError, type ErrorCode } from './errors.js';
export type { RetryOptions } from './transport.js';
export type { FileInput } from './upload.js';
export { verifyWebhook, WebhookVerificationError, type ImportEvent, type ImportCompletedEvent, type ImportFailedEvent } from './webhooks.js';
export type { paths } from './schema.js';
