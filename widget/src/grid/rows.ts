// The rows of the correction step as the grid sees them: a window onto GET .../rows for one view (all
// rows, rows with errors, or one column's errors), fetched a page at a time as the grid scrolls, with a
// few pages kept. Never every row: a file may have a million.
import type { Column, CorrectionRow, RowCounts, RowsPage } from '../api';

/** What the grid shows: every row not removed, or the rows with errors (in one column when `column`). */
export interface RowView {
  filter: 'all' | 'errors';
  column?: string;
}

export const PAGE_SIZE = 100;
/** Pages kept besides those in view: scrolling back a little costs no request. */
const KEPT_PAGES = 6;

export type FetchRows = (query: string) => Promise<RowsPage>;

export class RowWindow {
  view: RowView = { filter: 'all' };
  /** Rows in the view. */
  total = 0;
  counts: RowCounts = { total: 0, valid: 0, errors: 0, removed: 0, corrected: 0 };
  columns: Column[] = [];
  allowPartialImport = false;
  /** Called when rows or counts arrive. */
  onChange: () => void = () => undefined;
  /** Called when a page could not be fetched (the grid keeps its placeholders). */
  onError: (error: unknown) => void = () => undefined;

  /** page -> rows, least recently used first. */
  private pages = new Map<number, CorrectionRow[]>();
  /** Pages of before a reload, shown until their fresh copy arrives (no flash of placeholders). */
  private stale = new Map<number, CorrectionRow[]>();
  private loading = new Set<number>();
  /** Bumped by every open/reload: answers for an older one are dropped. */
  private generation = 0;
  /** Bumped by every change: counts read before it are older than the change's own. */
  private changes = 0;

  constructor(private readonly fetchRows: FetchRows) {}

  /** Show `view` from its first page (resolves once that page is in). */
  async open(view: RowView): Promise<void> {
    this.view = view;
    this.stale.clear();
    this.pages.clear();
    this.loading.clear();
    this.generation++;
    await this.load(1);
  }

  /** After a change that moves rows (replace, remove, restore): fetch the pages in view again. */
  reload(): void {
    for (const [page, rows] of this.pages) this.stale.set(page, rows);
    this.pages.clear();
    this.loading.clear();
    this.generation++;
    this.onChange();
  }

  /** The row at `index` in the view, if its page is here. */
  row(index: number): CorrectionRow | undefined {
    const page = Math.floor(index / PAGE_SIZE) + 1;
    const rows = this.pages.get(page);
    if (rows) {
      // Most recently used last.
      this.pages.delete(page);
      this.pages.set(page, rows);
    }
    return (rows ?? this.stale.get(page))?.[index % PAGE_SIZE];
  }

  /** The grid shows rows `first`..`last`: fetch the pages missing, forget the oldest others. */
  want(first: number, last: number): void {
    const from = Math.floor(Math.max(0, first) / PAGE_SIZE) + 1;
    const to = Math.floor(Math.max(0, Math.min(last, this.total - 1)) / PAGE_SIZE) + 1;
    for (let page = from; page <= to; page++) {
      if (!this.pages.has(page) && !this.loading.has(page)) void this.load(page).catch((error) => this.onError(error));
    }
    for (const page of this.pages.keys()) {
      if (this.pages.size <= KEPT_PAGES + (to - from + 1)) break;
      if (page < from || page > to) this.pages.delete(page);
    }
  }

  /** Rows the service re-validated (a PATCH's answer): replaced where they are shown. */
  update(rows: CorrectionRow[], counts: RowCounts): void {
    this.changes++;
    this.counts = counts;
    const byNumber = new Map(rows.map((row) => [row.row, row]));
    for (const map of [this.pages, this.stale]) {
      for (const page of map.values()) {
        page.forEach((row, i) => {
          const fresh = byNumber.get(row.row);
          if (fresh) page[i] = fresh;
        });
      }
    }
    this.onChange();
  }

  /** Counts from a change's answer. */
  setCounts(counts: RowCounts): void {
    this.changes++;
    this.counts = counts;
    this.onChange();
  }

  private async load(page: number): Promise<void> {
    const generation = this.generation;
    const changes = this.changes;
    this.loading.add(page);
    const { filter, column } = this.view;
    const query = `?filter=${filter}${column ? `&column=${encodeURIComponent(column)}` : ''}&page=${page}&limit=${PAGE_SIZE}`;
    try {
      const result = await this.fetchRows(query);
      if (generation !== this.generation) return;
      this.pages.set(page, result.data);
      this.stale.delete(page);
      this.total = result.pagination.total;
      if (changes === this.changes) this.counts = result.counts;
      this.columns = result.columns;
      this.allowPartialImport = result.allowPartialImport;
      this.onChange();
    } finally {
      if (generation === this.generation) this.loading.delete(page);
    }
  }
}
