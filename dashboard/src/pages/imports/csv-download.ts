// An import's rows or errors as a CSV file, built in the browser page by page from the API. The quoting
// and the formula guard are the widget's own (widget/src/csv.ts): one rule for every CSV the product writes.
import { csvCell } from '../../../../widget/src/csv';

/** The API's largest page of rows and errors (ROWS_PAGE_MAX): one stored chunk a request. */
export const DOWNLOAD_PAGE_SIZE = 1000;

export interface CsvPage<T> {
  data: T[];
  pagination: { totalPages: number };
}

/**
 * Fetches every page in turn and hands each page's CSV text to the Blob as its own part. Memory is
 * bounded by a batch: at most one page of parsed JSON (DOWNLOAD_PAGE_SIZE rows) is alive at a time,
 * turned into text, the text into a Blob of its own and both dropped before the next page is fetched:
 * what is finished lives only in Blobs, which the browser keeps outside the script's heap (on disk
 * for large ones), and the file is a Blob of those Blobs.
 */
export async function downloadCsv<T>(
  fileName: string,
  header: readonly string[],
  fetchPage: (page: number, limit: number) => Promise<CsvPage<T>>,
  toCells: (item: T) => (readonly (string | number | null | undefined)[])[],
  onProgress: (done: number, total: number) => void,
): Promise<void> {
  // A BOM so spreadsheet programs read accents and CJK text as UTF-8.
  const parts: Blob[] = [new Blob([`\uFEFF${header.map(csvCell).join(',')}\r\n`])];
  for (let page = 1, totalPages = 1; page <= totalPages; page++) {
    const answer = await fetchPage(page, DOWNLOAD_PAGE_SIZE);
    totalPages = answer.pagination.totalPages;
    let text = '';
    for (const item of answer.data) for (const line of toCells(item)) text += `${line.map(csvCell).join(',')}\r\n`;
    parts.push(new Blob([text]));
    onProgress(page, totalPages);
  }
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv;charset=utf-8' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.click();
  } finally {
    // Once the download has surely started, the URL is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

/** A stored cell as CSV text: objects (never expected) as JSON rather than "[object Object]". */
export const cellText = (value: unknown): string | number | null =>
  value === null || value === undefined ? null : typeof value === 'number' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
