// The review step ("Match your columns"): each file header with its sample values and a select of the
// template's columns, the suggestions preselected; a sheet picker for workbooks with several sheets;
// the header row and the reading of ambiguous dates and numbers (review-values.ts). "Import" checks the
// mapping here first, then sends it with those answers and waits for the import to end.
import { ApiFailure, type Preview, type PreviewSheet } from '../api';
import type { WidgetContext } from '../context';
import { h, replace } from '../dom';
import { awaitResult, importRequest, poll } from '../run';
import { button, section } from '../ui';
import { describe } from './problem';
import { formatQuestions, headerRowPicker, type HeaderPickOutcome } from './review-values';

export function showReview(ctx: WidgetContext) {
  pickSheet(ctx, ctx.current!.preview!.sheetIndex);
  ctx.show('review', () => drawReview(ctx));
}

/** The sheet to map, with its suggestions preselected. */
function pickSheet(ctx: WidgetContext, index: number) {
  const current = ctx.current!;
  const sheet = current.preview!.sheets.find((candidate) => candidate.index === index) ?? current.preview!.sheets[0];
  current.sheet = sheet?.index ?? 0;
  current.headerRow = sheet?.headerRow;
  current.formats = {};
  suggest(ctx, sheet);
}

/** The sheet's suggestions as the mapping. */
function suggest(ctx: WidgetContext, sheet: PreviewSheet | undefined) {
  const current = ctx.current!;
  current.mapping = {};
  for (const header of headersOf(sheet)) current.mapping[header] = sheet!.suggestedMapping[header] ?? '';
}

function sheetNow(ctx: WidgetContext): PreviewSheet | undefined {
  const { preview, sheet } = ctx.current!;
  return preview!.sheets.find((candidate) => candidate.index === sheet);
}

/** Headers that can be mapped: named, each once. */
function headersOf(sheet: PreviewSheet | undefined): string[] {
  return [...new Set((sheet?.headers ?? []).filter((header) => header.trim() !== ''))];
}

function drawReview(ctx: WidgetContext) {
  const current = ctx.current!;
  const { columns, sheets } = current.preview!;
  const alert = h('div', { class: 'iw-alert', role: 'alert', part: 'alert' });
  const tableBox = h('div');
  const formatsBox = h('div');
  const pickerBox = h('div');
  const drawFormats = () => {
    const sheet = sheetNow(ctx);
    replace(formatsBox, sheet ? formatQuestions(ctx, sheet) : null);
  };
  // Another header row: its headers, samples and suggestions from the service; the picker keeps focus.
  // Arrow keys pick row after row: only the latest pick may redraw, an earlier one answering late is dropped.
  let picks = 0;
  const pickHeaderRow = async (row: number): Promise<HeaderPickOutcome> => {
    const sheet = sheetNow(ctx)!;
    const pick = ++picks;
    alert.textContent = '';
    tableBox.setAttribute('aria-busy', 'true');
    try {
      const fresh = await importRequest<Preview>(ctx, 'GET', `/preview?sheet=${sheet.index}&headerRow=${row}`, ctx.signal);
      if (pick !== picks) return 'superseded';
      const updated = fresh.sheets.find((candidate) => candidate.index === sheet.index);
      if (!updated) {
        alert.textContent = ctx.t('generic');
        return 'failed';
      }
      current.preview!.sheets = current.preview!.sheets.map((candidate) => (candidate.index === sheet.index ? updated : candidate));
      current.headerRow = row;
      suggest(ctx, updated);
      drawTable();
      drawFormats();
      ctx.announce(ctx.t('headerRowSummary', { n: row }));
      return 'taken';
    } catch (error) {
      if (pick !== picks) return 'superseded';
      // The review stays: the picker goes back to the row in use and says why, in the widget's language.
      if (error instanceof ApiFailure && error.kind !== 'aborted') alert.textContent = describe(ctx, error).join(' ');
      else ctx.fail(error);
      return 'failed';
    } finally {
      if (pick === picks) tableBox.removeAttribute('aria-busy');
    }
  };
  const drawPicker = () => {
    const sheet = sheetNow(ctx);
    replace(pickerBox, sheet ? headerRowPicker(ctx, sheet, pickHeaderRow) : null);
  };
  const drawTable = () => {
    const sheet = sheetNow(ctx);
    const headers = sheet?.headers ?? [];
    const rows = headersOf(sheet).map((header, i) => {
      const column = headers.indexOf(header);
      const suggested = sheet!.suggestedMapping[header] ?? null;
      const samples = sheet!.sampleRows
        .map((row) => row[column])
        .filter((value) => value !== null && value !== undefined && String(value).trim() !== '')
        .slice(0, 3)
        .map(String);
      const confidence = sheet!.source[header] === 'remembered'
        ? ctx.t('remembered')
        : suggested
          ? ctx.t('match', { percent: Math.round((sheet!.confidence[header] ?? 0) * 100) })
          : ctx.t('noMatch');
      const note = h('span', { class: 'iw-conf', id: `iw-conf-${i}` }, confidence);
      const select = h('select', {
        id: `iw-map-${i}`,
        'aria-describedby': `iw-conf-${i} iw-samples-${i}`,
        'data-header': header,
        onchange: () => {
          current.mapping[header] = select.value;
          note.hidden = select.value !== (suggested ?? '');
          alert.textContent = '';
          drawFormats();
          for (const other of tableBox.querySelectorAll('select')) other.removeAttribute('aria-invalid');
        },
      },
      h('option', { value: '' }, ctx.t('dontImport')),
      columns.map((col) => h('option', { value: col.key, selected: current.mapping[header] === col.key },
        col.required ? ctx.t('requiredField', { name: col.name }) : col.name)));
      return h('tr', {},
        h('th', { scope: 'row' }, h('label', { for: `iw-map-${i}` }, header)),
        h('td', { class: 'iw-samples', id: `iw-samples-${i}` }, samples.length ? samples.join(' · ') : ctx.t('empty')),
        h('td', {}, select, note));
    });
    replace(tableBox, h('table', { part: 'mapping-table', 'aria-labelledby': 'iw-h-review' },
      h('colgroup', {}, h('col', { style: 'width:32%' }), h('col', { style: 'width:30%' }), h('col')),
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, ctx.t('fileColumn')),
        h('th', { scope: 'col' }, ctx.t('samples')),
        h('th', { scope: 'col' }, ctx.t('importAs')))),
      h('tbody', {}, rows)));
  };
  drawPicker();
  drawTable();
  drawFormats();
  let sheetPicker: HTMLElement | null = null;
  if (sheets.length > 1) {
    const select = h('select', {
      id: 'iw-sheet',
      onchange: () => {
        pickSheet(ctx, Number(select.value));
        picks++; // a header row still loading for the sheet left behind must not redraw this one
        tableBox.removeAttribute('aria-busy');
        alert.textContent = '';
        drawPicker();
        drawTable();
        drawFormats();
      },
    }, sheets.map((sheet) => h('option', { value: String(sheet.index), selected: sheet.index === current.sheet },
      sheet.name ?? ctx.t('sheetN', { n: sheet.index + 1 }))));
    sheetPicker = h('div', { class: 'iw-sheet' }, h('label', { for: 'iw-sheet' }, ctx.t('sheet')), select);
  }
  const required = columns.filter((column) => column.required).map((column) => column.name);
  const confirm = button(ctx.t('confirm'), () => void confirmMapping(ctx, alert, tableBox, confirm));
  return section('review',
    ctx.t('reviewHeading'),
    h('p', {}, ctx.t('reviewText')),
    sheetPicker,
    pickerBox,
    required.length ? h('p', { class: 'iw-hint' }, ctx.t('requiredFields', { list: required.join(', ') })) : null,
    tableBox,
    formatsBox,
    alert,
    h('div', { class: 'iw-actions' }, confirm, button(ctx.t('chooseAnother'), () => ctx.choose(), 'secondary')),
  );
}

/** Required columns mapped and no column chosen twice; the selects at fault are marked. */
function mappingProblems(ctx: WidgetContext, tableBox: HTMLElement): string[] {
  const { preview, mapping } = ctx.current!;
  const problems: string[] = [];
  const chosen = Object.values(mapping).filter(Boolean);
  for (const column of preview!.columns) {
    if (column.required && !chosen.includes(column.key)) problems.push(ctx.t('missingRequired', { name: column.name }));
    if (chosen.filter((key) => key === column.key).length > 1) {
      problems.push(ctx.t('chosenTwice', { name: column.name }));
      for (const select of tableBox.querySelectorAll('select')) {
        if (select.value === column.key) select.setAttribute('aria-invalid', 'true');
      }
    }
  }
  return problems;
}

async function confirmMapping(ctx: WidgetContext, alert: HTMLElement, tableBox: HTMLElement, importButton: HTMLButtonElement) {
  const current = ctx.current!;
  const problems = mappingProblems(ctx, tableBox);
  if (problems.length > 0) {
    replace(alert, h('ul', {}, problems.map((problem) => h('li', {}, problem))));
    return;
  }
  const signal = ctx.signal;
  const mapping: Record<string, string | null> = {};
  for (const header of headersOf(sheetNow(ctx))) mapping[header] = current.mapping[header] || null;
  const again = () => void confirmMapping(ctx, alert, tableBox, importButton);
  importButton.disabled = true;
  try {
    const columnFormats = Object.keys(current.formats).length ? current.formats : undefined;
    const headerRow = current.headerRow ? current.headerRow : undefined;
    await importRequest(ctx, 'POST', '/mapping', signal, { sheet: current.sheet, mapping, headerRow, columnFormats });
  } catch (error) {
    importButton.disabled = false;
    if (error instanceof ApiFailure && error.status === 400) {
      alert.textContent = error.message || ctx.t('generic');
      return;
    }
    if (error instanceof ApiFailure && error.status === 409) {
      // No longer waiting for its mapping (a deadline closed it): show how it ended.
      try {
        const status = await poll(ctx, () => true, signal);
        if (status.status !== 'PENDING') return ctx.result(status);
      } catch (inner) {
        return ctx.fail(inner, again);
      }
    }
    return ctx.fail(error, again);
  }
  await awaitResult(ctx, signal);
}
