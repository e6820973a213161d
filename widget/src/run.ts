// One file's way through the service, with the steps that only show it progressing: create the import,
// upload the file (upload), wait until the service has read the file's head (reading), then the
// review; once the mapping is confirmed, wait for the import to end (processing), then the result, or
// the corrections when the service found rows to fix and waits for them.
// Also the requests to the import's own routes, which the review and the result make too.
import { ApiFailure, request, sleep, uploadFile, type CreatedImport, type ImportStatus, type Preview } from './api';
import type { WidgetContext } from './context';
import { h } from './dom';
import { contentTypeOf } from './files';
import { button, progressBar, section } from './ui';

/** A request to the current import's own routes (status, preview, mapping, errors), with its token. */
export function importRequest<T>(ctx: WidgetContext, method: string, suffix: string, signal: AbortSignal, body?: unknown): Promise<T> {
  const { importId, token } = ctx.current!.created!;
  return request<T>(method, `${ctx.api}/embed/v1/imports/${encodeURIComponent(importId)}${suffix}`, { token, body, signal, onWait: ctx.onWait });
}

export async function start(ctx: WidgetContext, file: File) {
  ctx.current = { file, sheet: 0, mapping: {}, formats: {} };
  await run(ctx);
}

/** Create the import, upload the file, wait for the file's head, then the review. */
export async function run(ctx: WidgetContext) {
  const current = ctx.current!;
  const { file } = current;
  const signal = ctx.newRun();
  let fill: HTMLElement | undefined;
  let text: HTMLElement | undefined;
  let bar: HTMLElement | undefined;
  let announced = -1;
  const progress = (sent: number, total: number) => {
    const percent = total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;
    bar?.setAttribute('aria-valuenow', String(percent));
    if (fill) fill.style.width = `${percent}%`;
    if (text) text.textContent = ctx.t('uploaded', { percent });
    // Screen readers hear every fifth of the way, not every event.
    if (Math.floor(percent / 20) !== announced) {
      announced = Math.floor(percent / 20);
      ctx.announce(ctx.t('uploaded', { percent }));
    }
  };
  // Drawn again on a change of locale: progress then moves the new bar.
  ctx.show('upload', () => {
    bar = progressBar(ctx.t('uploadProgress'), 0);
    fill = bar.firstElementChild as HTMLElement;
    text = h('p', { class: 'iw-hint' }, ctx.t('uploaded', { percent: 0 }));
    return section('upload',
      ctx.t('uploadHeading'),
      h('p', {}, file.name),
      bar,
      text,
      h('div', { class: 'iw-actions' }, button(ctx.t('cancel'), () => ctx.choose(), 'secondary')),
    );
  });
  try {
    const body = { fileName: file.name, fileSize: file.size, contentType: contentTypeOf(file), review: true, ...ctx.importer() };
    current.created = await request<CreatedImport>(
      'POST',
      `${ctx.api}/embed/v1/templates/${encodeURIComponent(ctx.embed!.template.id)}/imports`,
      { body, signal, onWait: ctx.onWait },
    );
    ctx.emit('import-started', { importId: current.created.importId });
    await uploadFile(current.created.upload!, file, progress, signal);
    progress(1, 1);
    ctx.show('reading', () => section('reading', ctx.t('readingHeading'), h('p', {}, ctx.t('reading')), progressBar(ctx.t('readingHeading'))));
    ctx.announce(ctx.t('reading'));
    const status = await poll(ctx, (s) => s.phase === 'AWAITING_MAPPING' || s.status !== 'PENDING', signal);
    if (status.status !== 'PENDING') return ctx.result(status);
    current.preview = await fetchPreview(ctx, signal);
    ctx.review();
  } catch (error) {
    ctx.fail(error, () => void run(ctx));
  }
}

/**
 * After the review (and after the corrections): the processing step until the import ends, then its
 * result; or the correction step when the import waits for corrections (`corrections` false once they
 * were submitted, so a status read just before the submit took effect does not lead back to them).
 */
export async function awaitResult(ctx: WidgetContext, signal: AbortSignal, corrections = true) {
  ctx.show('processing', () => section('processing',
    ctx.t('processingHeading'),
    h('p', {}, ctx.t('processing')),
    progressBar(ctx.t('processingProgress')),
  ));
  ctx.announce(ctx.t('processing'));
  const waiting = (status: ImportStatus) => corrections && status.phase === 'AWAITING_CORRECTIONS';
  const done = (status: ImportStatus) => status.status !== 'PENDING' || waiting(status);
  const next = (status: ImportStatus) => (waiting(status) ? ctx.corrections() : ctx.result(status));
  try {
    next(await poll(ctx, done, signal));
  } catch (error) {
    const retry = () => void poll(ctx, done, ctx.signal).then(next, (e) => ctx.fail(e, retry));
    ctx.fail(error, retry);
  }
}

/** Poll the import's status until `done`, backing off from 0.4 s to 4 s. */
export async function poll(ctx: WidgetContext, done: (status: ImportStatus) => boolean, signal: AbortSignal): Promise<ImportStatus> {
  for (let delay = 400; ; delay = Math.min(4000, delay * 1.5)) {
    const status = await importRequest<ImportStatus>(ctx, 'GET', '', signal);
    if (done(status)) return status;
    await sleep(delay, signal);
  }
}

/** The mapping preview; asked again (0.3 s growing to 3 s) while the service answers PREVIEW_NOT_READY. */
async function fetchPreview(ctx: WidgetContext, signal: AbortSignal): Promise<Preview> {
  for (let delay = 300; ; delay = Math.min(3000, delay * 1.5)) {
    try {
      return await importRequest<Preview>(ctx, 'GET', '/preview', signal);
    } catch (error) {
      if (!(error instanceof ApiFailure && error.code === 'PREVIEW_NOT_READY')) throw error;
    }
    await sleep(delay, signal);
  }
}
