// The result's error rows: a table paged from the errors route, and every row as a CSV file built in the
// browser. A failure of either is said in the note under the table; the result stays as it is.
import { ApiFailure, type ErrorRow, type Page } from '../api';
import type { WidgetContext } from '../context';
import { toCsv } from '../csv';
import { h, replace } from '../dom';
import { importRequest } from '../run';
import { button } from '../ui';
import { describe } from './problem';

const ERRORS_PAGE_SIZE = 10;
const DOWNLOAD_PAGE_SIZE = 1000;

/** `rows`: the heading, table, pager and note; `download`: its button, for the result's actions. */
export function drawErrorRows(ctx: WidgetContext): { rows: HTMLElement; download: HTMLButtonElement } {
  const box = h('div', { part: 'errors' });
  const pager = h('div', { class: 'iw-pager' });
  const note = h('div', { class: 'iw-alert', role: 'alert' });
  const signal = ctx.signal;
  const show = async (page: number, focus?: 'previous' | 'next') => {
    let result: Page<ErrorRow>;
    try {
      result = await importRequest<Page<ErrorRow>>(ctx, 'GET', `/errors?page=${page}&limit=${ERRORS_PAGE_SIZE}`, signal);
    } catch (error) {
      if (!(error instanceof ApiFailure && error.kind === 'aborted')) note.textContent = describe(ctx, error).join(' ');
      return;
    }
    const pages = Math.max(1, result.pagination.totalPages);
    replace(box, h('table', { 'aria-labelledby': 'iw-errors-h', part: 'errors-table' },
      h('colgroup', {}, h('col', { style: 'width:12%' }), h('col', { style: 'width:22%' }), h('col', { style: 'width:30%' }), h('col')),
      h('thead', {}, h('tr', {}, (['row', 'column', 'value', 'problem'] as const).map((key) => h('th', { scope: 'col' }, ctx.t(key))))),
      h('tbody', {}, result.data.flatMap((row) => row.errors.map((cell) => h('tr', {},
        h('td', {}, ctx.num(row.row)),
        h('td', {}, columnName(ctx, cell.column)),
        h('td', {}, cell.value === null || cell.value === '' ? ctx.t('empty') : cell.value),
        h('td', {}, cell.message)))))));
    const position = ctx.t('pageOf', { page: ctx.num(page), pages: ctx.num(pages) });
    const previous = button(ctx.t('previous'), () => void show(page - 1, 'previous'), 'secondary', page <= 1 ? { disabled: '' } : {});
    const next = button(ctx.t('next'), () => void show(page + 1, 'next'), 'secondary', page >= pages ? { disabled: '' } : {});
    replace(pager, pages > 1 ? h('nav', { class: 'iw-pager', 'aria-label': ctx.t('pages') }, previous, h('span', {}, position), next) : null);
    if (focus) {
      ctx.announce(position);
      // The button pressed is disabled on the first and last page: focus stays in the pager.
      const pressed = focus === 'next' ? next : previous;
      (pressed.disabled ? (focus === 'next' ? previous : next) : pressed).focus();
    }
  };
  void show(1);
  const download = button(ctx.t('download'), () => void downloadCsv(ctx, download, note), 'secondary');
  return {
    rows: h('div', {}, h('h3', { id: 'iw-errors-h' }, ctx.t('errorsTable')), box, pager, note),
    download,
  };
}

/** Every error row, fetched a thousand at a time, saved as `<file name>-errors.csv`. */
async function downloadCsv(ctx: WidgetContext, downloadButton: HTMLButtonElement, note: HTMLElement) {
  const current = ctx.current!;
  downloadButton.disabled = true;
  ctx.announce(ctx.t('preparing'));
  const rows: (string | number | null)[][] = [[ctx.t('row'), ctx.t('column'), ctx.t('value'), ctx.t('problem')]];
  try {
    for (let page = 1, pages = 1; page <= pages; page++) {
      const result = await importRequest<Page<ErrorRow>>(ctx, 'GET', `/errors?page=${page}&limit=${DOWNLOAD_PAGE_SIZE}`, ctx.signal);
      pages = result.pagination.totalPages;
      for (const row of result.data) {
        for (const cell of row.errors) rows.push([row.row, columnName(ctx, cell.column), cell.value, cell.message]);
      }
    }
  } catch (error) {
    downloadButton.disabled = false;
    if (!(error instanceof ApiFailure && error.kind === 'aborted')) note.textContent = describe(ctx, error).join(' ');
    return;
  }
  const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const link = h('a', { href: url, download: `${current.file.name.replace(/\.[^.]+$/, '')}-errors.csv`, hidden: true });
  ctx.root.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  downloadButton.disabled = false;
}

/** Error rows name columns by key: shown by the template's name for them. */
function columnName(ctx: WidgetContext, key: string): string {
  return ctx.embed?.template.columns.find((column) => column.key === key)?.name ?? key;
}
