// The result step: "Import complete" or "Import failed" with the organization's text and the import's
// own error, the counts, the error rows (errors.ts) and the way on. Also the event that ends the import.
import type { ImportStatus } from '../api';
import type { WidgetContext } from '../context';
import { h } from '../dom';
import type { MessageKey } from '../i18n';
import { button, section } from '../ui';
import { drawErrorRows } from './errors';

/** The deadlines an import can miss: said in the user's language rather than in the service's words. */
const TIMEOUT_MESSAGES: Record<string, MessageKey> = {
  UPLOAD_TIMEOUT: 'uploadTimeout',
  MAPPING_TIMEOUT: 'mappingTimeout',
  PROCESSING_TIMEOUT: 'processingTimeout',
  CORRECTIONS_TIMEOUT: 'correctionsTimeout',
};

export function showResult(ctx: WidgetContext, status: ImportStatus) {
  const { importId } = ctx.current!.created!;
  ctx.show('result', () => drawResult(ctx, status));
  const { totalRows, validRows, errorRows, skippedRows } = status;
  ctx.emit(status.status === 'COMPLETED' ? 'import-complete' : 'import-failed', {
    importId,
    status: status.status,
    totalRows,
    validRows,
    errorRows,
    skippedRows,
  });
}

function drawResult(ctx: WidgetContext, status: ImportStatus) {
  const branding = ctx.embed!.branding;
  const ok = status.status === 'COMPLETED';
  const timeout = status.error ? TIMEOUT_MESSAGES[status.error.code] : undefined;
  const message = ok
    ? h('div', { class: 'iw-alert iw-ok', part: 'success-text' }, h('p', { class: 'iw-pre' }, branding.customSuccessText || ctx.t('successText')))
    : h('div', { class: 'iw-alert', part: 'error-text' },
      h('p', { class: 'iw-pre' }, branding.customErrorText || ctx.t('errorText')),
      status.error ? h('p', {}, timeout ? ctx.t(timeout) : status.error.message) : null);
  const count = (key: MessageKey, value: number) => h('div', {}, h('dt', {}, ctx.t(key)), h('dd', {}, ctx.num(value)));
  const errors = status.errorRows > 0 ? drawErrorRows(ctx) : undefined;
  // One row of actions, as on the other steps (it wraps on narrow widths); the download first, the
  // table it saves is just above. Tab order is the one it had on its own row.
  const actions = h('div', { class: 'iw-actions' },
    errors?.download,
    // A review link's page imports no other file (and cannot send this one again).
    timeout && !ctx.reviewLink ? button(ctx.t('retry'), () => ctx.run()) : null,
    ctx.reviewLink ? null : button(ctx.t('another'), () => ctx.choose(), timeout ? 'secondary' : 'primary'));
  return section('result',
    ctx.t(ok ? 'completeHeading' : 'failedHeading'),
    message,
    // A failure before any row was read (a deadline, an unreadable file) has no counts worth showing.
    ok || status.totalRows + status.skippedRows > 0
      ? h('dl', { class: 'iw-counts', part: 'counts', 'aria-label': ctx.t('counts') },
        count('totalRows', status.totalRows),
        count('validRows', status.validRows),
        count('errorRows', status.errorRows),
        count('skippedRows', status.skippedRows))
      : null,
    errors?.rows,
    actions,
  );
}
