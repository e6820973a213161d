// The correction step's grid: the WAI-ARIA grid pattern over a RowWindow, virtualized (only the rows in
// view, and the focused one, are in the DOM; the body is as tall as every row would be), with a roving
// tabindex (one tab stop), arrow keys, Home/End, PageUp/PageDown, and in-place editing (Enter, F2 or a
// character; Enter or Tab saves, Escape cancels). Cells in error carry a tint, an icon, aria-invalid and
// their message (shown on hover and focus, and their description); cells with a warning or info from the
// validation hook the same with their own color and icon, without aria-invalid. Under the grid, the
// focused cell's messages, each suggestion with its "Apply" button (the grid itself stays one tab stop:
// Tab from the cell reaches them). Everything from the file and the service is text.
import type { CellNote, Column, CorrectionRow, NoteLevel } from '../api';
import { h, replace } from '../dom';
import type { RowWindow } from './rows';

export interface GridOptions {
  rows: RowWindow;
  columns: Column[];
  /** The row numbers (the file's) ticked in the selection column. */
  selected: Set<number>;
  /** Ids of the grid's name and description. */
  labelledBy: string;
  describedBy: string;
  text: {
    select: string;
    row: string;
    loading: string;
    noRows: string;
    columnName: (column: Column) => string;
    selectRow: (row: number) => string;
    editCell: (column: Column, row: number) => string;
    /** A message with its level said in words ("Warning: ..."). */
    note: (level: NoteLevel, message: string) => string;
    suggested: (value: string) => string;
    apply: string;
    applyValue: (value: string) => string;
    noNotes: string;
  };
  /** Save one cell of `row` (as it was before the edit); a suggestion applied is saved the same way. */
  save: (row: CorrectionRow, column: Column, value: string | null) => void;
  onSelect: () => void;
  onUndo: () => void;
}

/** Rows drawn beyond the visible ones, above and below. */
const OVERSCAN = 4;
/**
 * Browsers cap an element's height (Chromium near 33.5 million px: a million rows of 40 px would not
 * scroll to the end). Past this the body keeps this height and the scroll position maps onto the rows
 * proportionally: the drawn rows are placed where the view is.
 */
const MAX_BODY_PX = 8_000_000;
/** Grid columns before the template's: the selection checkbox, the file's row number. */
const LEAD = 2;
/** Most severe first: a cell takes the look of its worst message. */
const LEVELS: NoteLevel[] = ['error', 'warning', 'info'];
/** Each level's icon (with its own shape in CSS): never color alone. */
const ICONS: Record<NoteLevel, string> = { error: '!', warning: '!', info: 'i' };
const CELL_CLASS: Record<NoteLevel, string> = { error: 'iw-bad', warning: 'iw-warn', info: 'iw-info' };

/** A cell's errors, then its warnings and info. */
function cellNotes(data: CorrectionRow, key: string): (CellNote & { level: NoteLevel })[] {
  return [...data.errors, ...(data.messages ?? [])]
    .filter((note) => note.column === key)
    .map((note) => ({ ...note, level: note.level ?? 'error' }))
    .sort((a, b) => LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level));
}

const icon = (level: NoteLevel) => h('span', { class: `iw-icon iw-icon-${level}`, 'aria-hidden': 'true' }, ICONS[level]);

interface Drawn {
  element: HTMLElement;
  data: CorrectionRow | undefined;
  selected: boolean;
}

interface Editing {
  index: number;
  col: number;
  input: HTMLInputElement;
  data: CorrectionRow;
}

export class Grid {
  readonly element: HTMLElement;
  private readonly grid: HTMLElement;
  private readonly header: HTMLElement;
  private readonly body: HTMLElement;
  private readonly empty: HTMLElement;
  /** The focused cell's messages and suggestions, under the grid. */
  readonly notes: HTMLElement;
  /** What the notes show (a row as answered, a column): drawn again only when it changes. */
  private noted: { data: CorrectionRow | undefined; col: number } | undefined;
  private readonly drawn = new Map<number, Drawn>();
  /** The roving focus: row -1 is the header. */
  private focusRow = 0;
  private focusCol = LEAD;
  /** The CSS columns of every row: the checkbox, the row number, the template's columns. */
  private readonly rowTemplate: string;
  private editing: Editing | undefined;
  private frame = 0;
  /** The body's size as last set ("rows x height"): set again only when it changes. */
  private sized = '';
  /** Virtual px (row index x row height) per px of scroll, 1 unless the body is capped. */
  private scale = 1;

  constructor(private readonly options: GridOptions) {
    const { columns, text } = options;
    const template = `grid-template-columns:2.75em 5em repeat(${columns.length},minmax(9em,1fr))`;
    this.header = h('div', { role: 'row', class: 'iw-grow iw-ghead', 'aria-rowindex': 1, style: template },
      h('div', { role: 'columnheader', class: 'iw-cell', 'data-c': 0 }, h('span', { class: 'iw-sr' }, text.select)),
      h('div', { role: 'columnheader', class: 'iw-cell', 'data-c': 1 }, text.row),
      columns.map((column, i) => h('div', { role: 'columnheader', class: 'iw-cell', 'data-c': i + LEAD }, text.columnName(column))));
    this.body = h('div', { role: 'rowgroup', class: 'iw-gbody' });
    this.grid = h('div', {
      role: 'grid',
      class: 'iw-grid',
      part: 'grid',
      'aria-labelledby': options.labelledBy,
      'aria-describedby': options.describedBy,
      'aria-colcount': columns.length + LEAD,
      onkeydown: (event: Event) => this.onKey(event as KeyboardEvent),
      onfocusin: (event: Event) => this.onFocusIn(event),
      ondblclick: () => this.edit(),
      onchange: (event: Event) => this.onTick(event),
    }, h('div', { role: 'rowgroup', class: 'iw-gheadgroup' }, this.header), this.body);
    this.empty = h('p', { class: 'iw-gempty', hidden: true }, text.noRows);
    this.element = h('div', { class: 'iw-gscroll', onscroll: () => this.schedule() }, this.grid, this.empty);
    this.rowTemplate = template;
    this.notes = h('div', { class: 'iw-notes', part: 'cell-notes' });
  }

  /** Draw again soon (scrolling, new rows). */
  schedule(): void {
    if (!this.frame) this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  /** The rows changed under the grid (a new view): start at its top. */
  reset(): void {
    this.focusRow = this.options.rows.total > 0 ? 0 : -1;
    this.element.scrollTop = 0;
    this.cancelEdit(false);
    this.drawn.clear();
    replace(this.body);
    this.render();
  }

  render(): void {
    const { rows } = this.options;
    const total = rows.total;
    if (this.focusRow >= total) this.focusRow = total - 1;
    // Layout is read first and written after: one layout per frame.
    const rowHeight = this.rowHeight();
    const sized = `${total}x${rowHeight}`;
    if (sized !== this.sized) {
      this.sized = sized;
      this.grid.setAttribute('aria-rowcount', String(total + 1));
      this.body.style.height = `${Math.min(total * rowHeight, MAX_BODY_PX)}px`;
      // As tall as its rows when they are few (a line for "No rows to show." when none), else a fixed window.
      this.element.style.height = `min(22em, ${(Math.max(total, 1) + 1) * rowHeight + 2}px)`;
      this.empty.hidden = total > 0;
    }
    const view = this.element.clientHeight || rowHeight * 10;
    const scrollTop = this.element.scrollTop;
    const full = total * rowHeight;
    this.scale = full > MAX_BODY_PX ? Math.max(1, full - view) / Math.max(1, MAX_BODY_PX - view) : 1;
    const top = scrollTop * this.scale;
    const first = Math.max(0, Math.floor(top / rowHeight) - OVERSCAN);
    const last = Math.min(total - 1, Math.ceil((top + view) / rowHeight) + OVERSCAN);
    rows.want(first, last);
    const wanted = new Set<number>();
    for (let i = first; i <= last; i++) wanted.add(i);
    if (this.focusRow >= 0) wanted.add(this.focusRow);
    if (this.editing) wanted.add(this.editing.index);
    const hadFocus = this.hasFocus();
    for (const [index, drawn] of this.drawn) {
      if (!wanted.has(index)) {
        drawn.element.remove();
        this.drawn.delete(index);
      }
    }
    // Where a row goes in the body: its own place, or (a capped body) its place relative to the view.
    const placeOf = (index: number) => `${index * rowHeight - top + scrollTop}px`;
    for (const index of wanted) {
      const data = rows.row(index);
      const drawn = this.drawn.get(index);
      const selected = data ? this.options.selected.has(data.row) : false;
      if (drawn && (drawn.data === data && drawn.selected === selected || this.editing?.index === index)) {
        const place = placeOf(index);
        if (drawn.element.style.top !== place) drawn.element.style.top = place;
        continue;
      }
      const element = this.drawRow(index, data);
      element.style.top = placeOf(index);
      if (drawn) drawn.element.replaceWith(element);
      else this.body.append(element);
      this.drawn.set(index, { element, data, selected });
    }
    this.grid.setAttribute('aria-busy', String([...wanted].some((index) => !rows.row(index))));
    this.rove();
    this.drawNotes();
    const target = this.focusTarget();
    if (hadFocus && !this.editing && target && !this.isFocused(target)) target.focus({ preventScroll: true });
  }

  /** Put the keyboard in the grid, on its current cell. */
  focus(): void {
    this.focusTarget()?.focus();
  }

  private rowHeight(): number {
    return this.header.offsetHeight || 40;
  }

  private hasFocus(): boolean {
    const root = this.element.getRootNode() as ShadowRoot | Document;
    return !!root.activeElement && this.grid.contains(root.activeElement);
  }

  private isFocused(element: HTMLElement): boolean {
    return (this.element.getRootNode() as ShadowRoot | Document).activeElement === element;
  }

  private drawRow(index: number, data: CorrectionRow | undefined): HTMLElement {
    const { columns, text } = this.options;
    const cell = (col: number, ...children: (Node | string)[]) => h('div', { role: 'gridcell', class: 'iw-cell', 'data-c': col }, ...children);
    const cells: HTMLElement[] = [];
    if (!data) {
      cells.push(cell(0), h('div', { role: 'rowheader', class: 'iw-cell', 'data-c': 1 }, text.loading));
      columns.forEach((_, i) => cells.push(cell(i + LEAD)));
    } else {
      cells.push(cell(0, h('input', {
        type: 'checkbox',
        tabindex: -1,
        'aria-label': text.selectRow(data.row),
        checked: this.options.selected.has(data.row),
      })));
      cells.push(h('div', { role: 'rowheader', class: 'iw-cell', 'data-c': 1 }, String(data.row)));
      columns.forEach((column, i) => {
        const value = data.values[column.key];
        const notes = cellNotes(data, column.key);
        const element = cell(i + LEAD, h('span', { class: 'iw-val' }, value ?? ''));
        if (notes.length) {
          const id = `iw-tip-${index}-${i}`;
          const levels = LEVELS.filter((level) => notes.some((note) => note.level === level));
          element.classList.add(CELL_CLASS[levels[0]]);
          if (levels[0] === 'error') element.setAttribute('aria-invalid', 'true');
          element.setAttribute('aria-describedby', id);
          // An error is said by aria-invalid; a warning or info by its words ("Warning: ...").
          const said = (note: CellNote & { level: NoteLevel }) => {
            const message = note.level === 'error' ? note.message : text.note(note.level, note.message);
            return note.suggestion === undefined ? message : `${message} — ${text.suggested(note.suggestion)}`;
          };
          element.append(...levels.map(icon), h('span', { class: 'iw-tip', id, 'aria-hidden': 'true' }, notes.map(said).join(' · ')));
        }
        cells.push(element);
      });
    }
    return h('div', {
      role: 'row',
      class: 'iw-grow',
      'aria-rowindex': index + 2,
      'aria-selected': data ? String(this.options.selected.has(data.row)) : null,
      'data-r': index,
      style: this.rowTemplate,
    }, cells);
  }

  /**
   * The focused cell's messages under the grid, each with its level in words and its icon, and a
   * suggestion's "Apply" button. Kept as it is while the cell and its row are the same, so a button
   * being pressed is not taken away.
   */
  private drawNotes(): void {
    const { columns, text } = this.options;
    const column = columns[this.focusCol - LEAD];
    const data = column && this.focusRow >= 0 ? this.options.rows.row(this.focusRow) : undefined;
    if (this.noted && this.noted.data === data && this.noted.col === this.focusCol) return;
    this.noted = { data, col: this.focusCol };
    const notes = data && column ? cellNotes(data, column.key) : [];
    if (!data || !column || !notes.length) {
      replace(this.notes, h('p', { class: 'iw-hint' }, text.noNotes));
      return;
    }
    replace(this.notes,
      h('p', { class: 'iw-notes-cell' }, text.editCell(column, data.row)),
      h('ul', {}, notes.map((note) => h('li', { class: `iw-note iw-note-${note.level}` },
        icon(note.level),
        h('span', { class: 'iw-note-text' }, text.note(note.level, note.message)),
        note.suggestion === undefined ? null : [
          h('span', { class: 'iw-sugg' }, text.suggested(note.suggestion)),
          h('button', {
            type: 'button',
            class: 'iw-btn iw-secondary iw-apply',
            'aria-label': text.applyValue(note.suggestion),
            onclick: () => this.apply(data, column, note.suggestion!),
          }, text.apply),
        ]))));
  }

  /** A suggestion taken: saved like an edit of the cell, the keyboard back on the cell. */
  private apply(data: CorrectionRow, column: Column, value: string): void {
    const index = this.options.rows.row(this.focusRow) === data ? this.focusRow : -1;
    if (index >= 0) this.moveTo(index, this.focusCol);
    if ((data.values[column.key] ?? '') !== value) this.options.save(data, column, value === '' ? null : value);
  }

  /** The focused cell's element, if drawn. */
  private cellAt(row: number, col: number): HTMLElement | undefined {
    const element = row < 0 ? this.header : this.drawn.get(row)?.element;
    return element?.children[col] as HTMLElement | undefined;
  }

  /** What takes the focus in a cell: its checkbox when it has one, else the cell. */
  private focusTarget(): HTMLElement | undefined {
    const cell = this.cellAt(this.focusRow, this.focusCol);
    return cell?.querySelector<HTMLElement>('input') ?? cell;
  }

  /** One tab stop: the focused cell (or its checkbox) has tabindex 0, every other -1. */
  private rove(): void {
    for (const element of this.grid.querySelectorAll<HTMLElement>('[tabindex="0"]')) element.tabIndex = -1;
    for (const cell of this.grid.querySelectorAll<HTMLElement>('.iw-cell:not([tabindex])')) cell.tabIndex = -1;
    const target = this.focusTarget();
    if (target) target.tabIndex = 0;
  }

  private moveTo(row: number, col: number): void {
    const { rows, columns } = this.options;
    this.focusRow = Math.max(-1, Math.min(rows.total - 1, row));
    this.focusCol = Math.max(0, Math.min(columns.length + LEAD - 1, col));
    // Scroll the row into view below the sticky header, then draw it and focus it.
    // Positions in rows' px (virtual), turned into scroll px by the body's scale.
    const rowHeight = this.rowHeight();
    if (this.focusRow >= 0) {
      const top = this.focusRow * rowHeight;
      const viewTop = this.element.scrollTop * this.scale;
      if (top < viewTop) this.element.scrollTop = top / this.scale;
      else if (top + 2 * rowHeight > viewTop + this.element.clientHeight) {
        this.element.scrollTop = (top + 2 * rowHeight - this.element.clientHeight) / this.scale;
      }
    }
    this.render();
    const cell = this.cellAt(this.focusRow, this.focusCol);
    if (cell) {
      if (cell.offsetLeft < this.element.scrollLeft) this.element.scrollLeft = cell.offsetLeft;
      else if (cell.offsetLeft + cell.offsetWidth > this.element.scrollLeft + this.element.clientWidth) {
        this.element.scrollLeft = cell.offsetLeft + cell.offsetWidth - this.element.clientWidth;
      }
    }
    this.focusTarget()?.focus({ preventScroll: true });
  }

  private onFocusIn(event: Event): void {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('.iw-cell');
    const row = cell?.parentElement;
    if (!cell || !row || this.editing) return;
    this.focusRow = row.dataset.r === undefined ? -1 : Number(row.dataset.r);
    this.focusCol = Number(cell.dataset.c);
    this.rove();
    this.drawNotes();
  }

  private onTick(event: Event): void {
    const box = event.target as HTMLInputElement;
    if (box.type !== 'checkbox') return;
    const row = box.closest<HTMLElement>('[role=row]');
    const index = Number(row?.dataset.r);
    const data = this.options.rows.row(index);
    if (!row || !data) return;
    if (box.checked) this.options.selected.add(data.row);
    else this.options.selected.delete(data.row);
    row.setAttribute('aria-selected', String(box.checked));
    const drawn = this.drawn.get(index);
    if (drawn) drawn.selected = box.checked;
    this.options.onSelect();
  }

  private onKey(event: KeyboardEvent): void {
    if (this.editing) return;
    const page = Math.max(1, Math.floor(this.element.clientHeight / this.rowHeight()) - 1);
    const last = this.options.columns.length + LEAD - 1;
    const ctrl = event.ctrlKey || event.metaKey;
    const moves: Record<string, () => void> = {
      ArrowUp: () => this.moveTo(this.focusRow - 1, this.focusCol),
      ArrowDown: () => this.moveTo(this.focusRow + 1, this.focusCol),
      ArrowLeft: () => this.moveTo(this.focusRow, this.focusCol - 1),
      ArrowRight: () => this.moveTo(this.focusRow, this.focusCol + 1),
      Home: () => this.moveTo(ctrl ? 0 : this.focusRow, 0),
      End: () => this.moveTo(ctrl ? this.options.rows.total - 1 : this.focusRow, last),
      PageUp: () => this.moveTo(Math.max(0, this.focusRow - page), this.focusCol),
      PageDown: () => this.moveTo(this.focusRow + page, this.focusCol),
      Enter: () => this.edit(),
      F2: () => this.edit(),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      move();
    } else if (ctrl && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      this.options.onUndo();
    } else if (event.key.length === 1 && !ctrl && !event.altKey && event.key !== ' ' && this.edit(event.key)) {
      event.preventDefault();
    }
  }

  /** Edit the focused cell (a template column's, in a row that is here); `typed` replaces its value. */
  private edit(typed?: string): boolean {
    const col = this.focusCol;
    const column = this.options.columns[col - LEAD];
    const data = this.options.rows.row(this.focusRow);
    const cell = this.cellAt(this.focusRow, col);
    if (!column || !data || !cell || this.editing) return false;
    const input = h('input', {
      class: 'iw-edit',
      'aria-label': this.options.text.editCell(column, data.row),
      onkeydown: (event: Event) => this.onEditKey(event as KeyboardEvent),
      // Focus went elsewhere (a click): saved, and the focus left where the user put it.
      onblur: () => this.commit(0, false),
    });
    input.value = typed ?? data.values[column.key] ?? '';
    this.editing = { index: this.focusRow, col, input, data };
    cell.append(input);
    input.focus();
    if (typed === undefined) input.select();
    return true;
  }

  private onEditKey(event: KeyboardEvent): void {
    // The editor's keys stay in it (arrows move its caret).
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      this.cancelEdit(true);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      this.commit(0);
    } else if (event.key === 'Tab') {
      event.preventDefault();
      this.commit(event.shiftKey ? -1 : 1);
    }
  }

  /** Save the edited cell when its value changed, then move `step` cells along the row. */
  private commit(step: number, refocus = true): void {
    const editing = this.editing;
    if (!editing) return;
    this.editing = undefined;
    const column = this.options.columns[editing.col - LEAD];
    const before = editing.data.values[column.key] ?? '';
    const value = editing.input.value;
    editing.input.remove();
    if (value !== before) this.options.save(editing.data, column, value === '' ? null : value);
    if (refocus) this.moveTo(editing.index, editing.col + step);
    else this.render();
  }

  private cancelEdit(refocus: boolean): void {
    const editing = this.editing;
    if (!editing) return;
    this.editing = undefined;
    editing.input.remove();
    if (refocus) this.moveTo(editing.index, editing.col);
  }
}
