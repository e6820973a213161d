// The embed API as the widget calls it (docs/embed.md): JSON requests with 429s waited out, the
// presigned PUT of the File itself through XMLHttpRequest (streamed by the browser, with progress),
// and one error type that says what went wrong in terms the widget can explain.

export interface Column {
  key: string;
  name: string;
  type: string;
  required?: boolean;
  /** The template's fixed date order / decimal mark (preview only): the review does not ask about these. */
  dateOrder?: 'DMY' | 'MDY' | 'YMD' | null;
  numberFormat?: 'point' | 'comma' | null;
}

export type PreviewCell = string | number | boolean | null;

/** What a header's sample values say about their dates and numbers (docs/values.md). */
export interface ValueHints {
  date?: { order: 'DMY' | 'MDY' | null; conflict: boolean; example: string | null; readings: { DMY: string; MDY: string } | null };
  number?: { format: 'point' | 'comma' | null; conflict: boolean; example: string | null; readings: { point: number; comma: number } | null };
}

export interface Branding {
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
  backgroundColor: string;
  textColor: string;
  borderColor: string;
  errorColor: string;
  successColor: string;
  logoUrl: string | null;
  showPoweredBy: boolean;
  fontFamily: string;
  headingFontFamily: string;
  fontSize: string;
  borderRadius: string;
  buttonStyle: string;
  headerStyle: string;
  customCss: string | null;
  customWelcomeText: string | null;
  customSuccessText: string | null;
  customErrorText: string | null;
  locale: string;
}

export interface EmbedTemplate {
  template: { id: string; name: string; description: string | null; columns: Column[] };
  branding: Branding;
}

export interface CreatedImport {
  importId: string;
  token: string;
  /** Absent for a review link's import: its file was uploaded by the organization's server. */
  upload?: { method: string; url: string; headers: Record<string, string> };
}

export interface ImportStatus {
  id: string;
  status: 'PENDING' | 'COMPLETED' | 'FAILED';
  phase: 'AWAITING_UPLOAD' | 'AWAITING_MAPPING' | 'PROCESSING' | 'AWAITING_CORRECTIONS' | 'FINISHED';
  fileName: string;
  totalRows: number;
  validRows: number;
  errorRows: number;
  skippedRows: number;
  /** Rows changed and rows removed in the correction step (0 when none). */
  correctedRows?: number;
  removedRows?: number;
  error: { code: string; message: string } | null;
}

export interface PreviewSheet {
  index: number;
  name: string | null;
  /** The row the headers come from (0: the template has no header row), and the one the service proposed. */
  headerRow: number;
  proposedHeaderRow: number;
  /** The sheet's first rows (row n at firstRows[n - 1]; a blank row is []). */
  firstRows: PreviewCell[][];
  headers: string[];
  sampleRows: PreviewCell[][];
  valueFormats: Record<string, ValueHints>;
  suggestedMapping: Record<string, string | null>;
  confidence: Record<string, number>;
  source: Record<string, 'remembered' | 'exact' | 'fuzzy' | null>;
}

export interface Preview {
  sheetIndex: number;
  sheets: PreviewSheet[];
  columns: Column[];
}

export interface ErrorRow {
  row: number;
  errors: { column: string; value: string | null; message: string }[];
}

/**
 * What a cell is told: 'error' (the template's checks, the validation hook's errors: the row cannot be
 * imported as it is), 'warning' and 'info' (the hook's, never blocking). The hook may add a code and a
 * suggestion, a value the end user can take as it is.
 */
export type NoteLevel = 'error' | 'warning' | 'info';

export interface CellNote {
  column: string;
  message: string;
  /** Absent on errors from before validation hooks: an error. */
  level?: NoteLevel;
  code?: string;
  suggestion?: string;
}

/** A row of the correction step: `row` is the file's row number, what the user sees and the row's id. */
export interface CorrectionRow {
  row: number;
  values: Record<string, string | null>;
  errors: CellNote[];
  /** The hook's warnings and info (the row is valid with only these); absent when none. */
  messages?: CellNote[];
}

export interface RowCounts {
  total: number;
  valid: number;
  errors: number;
  removed: number;
  corrected: number;
}

export type RowFilter = 'all' | 'errors' | 'valid' | 'removed';

/** GET /embed/v1/imports/:id/rows */
export interface RowsPage extends Page<CorrectionRow> {
  counts: RowCounts;
  columns: Column[];
  allowPartialImport: boolean;
  phase: ImportStatus['phase'];
}

export interface Page<T> {
  data: T[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

/**
 * kind 'network': no answer (offline, DNS, CORS refusal); 'http': an answer with `status` and the
 * API's error `code`; 'upload': the presigned PUT was refused (`status`: 403 means expired).
 */
export class ApiFailure extends Error {
  override name = 'ApiFailure';
  constructor(
    readonly kind: 'network' | 'http' | 'upload' | 'aborted',
    readonly status = 0,
    readonly code = '',
    message = '',
  ) {
    super(message);
  }
}

/** How many 429s in a row are waited out before the widget asks the user instead. */
const MAX_RATE_LIMIT_WAITS = 3;
const MAX_RETRY_AFTER_SECONDS = 60;

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new ApiFailure('aborted'));
    }, { once: true });
  });

export interface RequestOptions {
  token?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** Called before each wait for a 429's Retry-After (seconds). */
  onWait?: (seconds: number) => void;
}

export async function request<T>(method: string, url: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  for (let waits = 0; ; waits++) {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        mode: 'cors',
        credentials: 'omit',
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw new ApiFailure('aborted');
      throw new ApiFailure('network', 0, '', (error as Error).message);
    }
    const text = await response.text().catch(() => '');
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (response.ok) return json as T;
    if (response.status === 429 && waits < MAX_RATE_LIMIT_WAITS) {
      const seconds = Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Number(response.headers.get('retry-after')) || 5));
      options.onWait?.(seconds);
      await sleep(seconds * 1000, options.signal);
      continue;
    }
    throw new ApiFailure('http', response.status, String(json?.error?.code ?? ''), String(json?.error?.message ?? ''));
  }
}

/** Headers a page may not set (the browser sets them from the body). */
const FORBIDDEN = /^(content-length|host|connection|expect|transfer-encoding)$/i;

/** PUT the File object itself: the browser reads it from disk as it sends it; never loaded into memory. */
export function uploadFile(
  upload: NonNullable<CreatedImport['upload']>,
  file: Blob,
  onProgress: (sent: number, total: number) => void,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(upload.method || 'PUT', upload.url);
    for (const [name, value] of Object.entries(upload.headers ?? {})) {
      if (!FORBIDDEN.test(name)) xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new ApiFailure('upload', xhr.status)));
    xhr.onerror = () => reject(new ApiFailure('network'));
    xhr.onabort = () => reject(new ApiFailure('aborted'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
