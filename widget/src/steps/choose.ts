// The choose step: a file dropped on the drop zone or picked with the file input (a real
// <input type=file>, so it works with the keyboard), its type and size checked before anything is sent.
import type { WidgetContext } from '../context';
import { h } from '../dom';
import { ACCEPT, hasAcceptedType, MAX_FILE_BYTES } from '../files';
import { button, section } from '../ui';

const formatSize = (bytes: number, locale: string) => `${new Intl.NumberFormat(locale).format(Math.round(bytes / 1024 / 1024))} MB`;

/** Also "start over": whatever the previous file was waiting for is abandoned. */
export function showChoose(ctx: WidgetContext) {
  ctx.newRun();
  ctx.current = undefined;
  ctx.show('choose', () => drawChoose(ctx));
}

function drawChoose(ctx: WidgetContext) {
  const alert = h('div', { class: 'iw-alert', role: 'alert', part: 'alert' });
  const input = h('input', { type: 'file', accept: ACCEPT, hidden: true, 'aria-label': ctx.t('fileInput') });
  const take = (file: File | undefined) => {
    if (!file) return;
    input.value = '';
    const problem = fileProblem(ctx, file);
    if (problem) alert.textContent = problem;
    else ctx.start(file);
  };
  input.addEventListener('change', () => take(input.files?.[0]));
  const drop = h('div', {
    class: 'iw-drop',
    part: 'dropzone',
    ondragover: (event: Event) => {
      event.preventDefault();
      drop.dataset.over = '';
    },
    ondragleave: () => delete drop.dataset.over,
    ondrop: (event: Event) => {
      event.preventDefault();
      delete drop.dataset.over;
      take((event as DragEvent).dataTransfer?.files[0]);
    },
  },
  h('p', { 'aria-hidden': 'true' }, ctx.t('dropHint')),
  button(ctx.t('browse'), () => input.click(), 'primary', { 'aria-describedby': 'iw-accepted' }),
  h('p', { class: 'iw-hint', id: 'iw-accepted' }, ctx.t('accepted', { size: formatSize(MAX_FILE_BYTES, ctx.locale) })),
  input);
  return section('choose', ctx.t('chooseHeading'), drop, alert);
}

function fileProblem(ctx: WidgetContext, file: File): string | undefined {
  if (!hasAcceptedType(file)) return ctx.t('badType', { name: file.name });
  if (file.size > MAX_FILE_BYTES) return ctx.t('tooBig', { name: file.name, size: formatSize(MAX_FILE_BYTES, ctx.locale) });
  if (file.size === 0) return ctx.t('emptyFile', { name: file.name });
  return undefined;
}
