// Verifying a webhook the service sent: its Standard Webhooks signature (webhook-id, webhook-timestamp,
// webhook-signature) checked by the standard's own library over the exact body bytes, within its
// five-minute tolerance, then the body as the typed event. Docs: docs/webhooks.md.
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

export interface ImportEventBase {
  timestamp: string;
  importId: string;
  templateId: string;
  organizationId: string;
  /** Where the import was started: api, widget, dashboard or importctl. */
  source: 'api' | 'widget' | 'dashboard' | 'importctl';
  file: { name: string; type: 'csv' | 'tsv' | 'xlsx' | 'xls'; size: number };
  stats: { totalRows: number; validRows: number; skippedRows: number; errorRows: number; correctedRows: number; removedRows: number };
  metadata: Record<string, unknown>;
  user: { id: string | null; email: string | null; name: string | null };
  /** Uploaded header -> column key. */
  columnMapping: Record<string, string>;
  headerRow: number | null;
  columnFormats: Record<string, { dateOrder?: 'DMY' | 'MDY' | 'YMD'; numberFormat?: 'point' | 'comma'; decidedBy: 'template' | 'user' | 'file'; conflict?: true }>;
  data: {
    columns: string[];
    /** The valid rows, typed (all of them, or the first ones when `pagination` says there are more). */
    rows: Record<string, unknown>[];
    /** The validation hook's warnings on rows above (`index` into rows). */
    rowMessages?: { index: number; messages: { column?: string; message: string; level?: string }[] }[];
    sheetName?: string;
    sheetIndex?: number;
    totalSheets?: number;
    /** More rows than fit in a webhook: page through GET /api/v1/imports/{id}/rows (the client's imports.rows). */
    pagination?: { totalRows: number; inlineRows: number; nextPage: { path: string; page: number; limit: number } };
  };
}

export interface ImportCompletedEvent extends ImportEventBase {
  event: 'import.completed';
}

export interface ImportFailedEvent extends ImportEventBase {
  event: 'import.failed';
  error: { code: string; message: string } | null;
}

export type ImportEvent = ImportCompletedEvent | ImportFailedEvent;

export { WebhookVerificationError };

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function headerRecord(headers: HeaderSource): Record<string, string> {
  const record: Record<string, string> = {};
  if (typeof (headers as Headers).forEach === 'function' && typeof (headers as Headers).get === 'function') {
    (headers as Headers).forEach((value, name) => (record[name.toLowerCase()] = value));
  } else {
    for (const [name, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
      if (value !== undefined) record[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
  }
  return record;
}

/**
 * The event of a webhook request, once its signature is the service's for `secret` (the organization's
 * webhook secret, whsec_...) and its timestamp is recent; throws WebhookVerificationError otherwise.
 * `rawBody` must be the bytes as received (a re-serialized JSON object does not verify).
 */
export function verifyWebhook(headers: HeaderSource, rawBody: string | Uint8Array, secret: string): ImportEvent {
  // An operator-chosen secret that is not whsec_<base64> keys the signature with its UTF-8 bytes.
  const webhook = secret.startsWith('whsec_') ? new Webhook(secret) : new Webhook(new TextEncoder().encode(secret), { format: 'raw' });
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  const event = webhook.verify(body, headerRecord(headers)) as ImportEvent;
  if (event?.event !== 'import.completed' && event?.event !== 'import.failed') {
    throw new WebhookVerificationError(`Not an import event: ${String((event as { event?: unknown })?.event)}`);
  }
  return event;
}
