// The problem step: what went wrong, in the user's language, and a way on ("Try again", "Start over").
import { ApiFailure } from '../api';
import type { WidgetContext } from '../context';
import { h } from '../dom';
import { button, section } from '../ui';

/** What went wrong: the message, then the service's own words when they help. */
export function describe(ctx: WidgetContext, error: unknown): string[] {
  if (!(error instanceof ApiFailure)) return [ctx.t('generic')];
  if (error.kind === 'network') return [ctx.t('network')];
  if (error.kind === 'upload') return [ctx.t(error.status === 403 ? 'linkExpired' : 'uploadFailed')];
  if (error.code === 'ORIGIN_NOT_ALLOWED') return [ctx.t('originRefused')];
  if (error.status === 404) return [ctx.t('notFound')];
  if (error.status === 401) return [ctx.t('sessionExpired')];
  if (error.status === 429) return [ctx.t('rateLimitedStop')];
  return error.message ? [ctx.t('generic'), error.message] : [ctx.t('generic')];
}

/** Nothing to show for an abort: the user moved on, or the widget left the page. */
export function fail(ctx: WidgetContext, error: unknown, retry?: () => void) {
  if (error instanceof ApiFailure && error.kind === 'aborted') return;
  const [message, detail] = describe(ctx, error);
  // An expired link or session cannot be retried as is: the way on is a new import of the same file.
  const restart = error instanceof ApiFailure && ((error.kind === 'upload' && error.status === 403) || error.status === 401);
  const file = ctx.current?.file;
  const again = restart && file && !ctx.reviewLink ? () => ctx.start(file) : retry;
  showProblem(ctx, message, detail, again);
}

export function showProblem(ctx: WidgetContext, message: string, detail?: string, retry?: () => void) {
  ctx.show('problem', () => section('problem',
    ctx.t('problemHeading'),
    h('div', { class: 'iw-alert', part: 'error-text' }, h('p', {}, message), detail ? h('p', {}, detail) : null),
    h('div', { class: 'iw-actions' },
      retry ? button(ctx.t('retry'), retry) : null,
      ctx.embed && !ctx.reviewLink ? button(ctx.t('startOver'), () => ctx.choose(), retry ? 'secondary' : 'primary') : null),
  ));
  ctx.announce(message);
}
