// The files the embed API accepts (shared/domain/embed.ts): checked in the choose step before anything
// is sent, and declared with a content type the API takes when the import is created.

/** The service's upload limit (MAX_FILE_BYTES default). */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
/** Content types the embed API accepts per file type; anything else is sent as octet-stream. */
const CONTENT_TYPES: Record<string, string[]> = {
  csv: ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel'],
  tsv: ['text/tab-separated-values', 'text/tsv', 'text/plain'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip'],
  xls: ['application/vnd.ms-excel', 'application/x-msexcel'],
};
/** The file input's accept list: the extensions and every content type above. */
export const ACCEPT = ['.csv', '.tsv', '.xlsx', '.xls', ...new Set(Object.values(CONTENT_TYPES).flat())].join(',');

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1].toLowerCase() ?? '';

export const hasAcceptedType = (file: File) => extensionOf(file.name) in CONTENT_TYPES;

/** Only for a file of an accepted type. */
export const contentTypeOf = (file: File) =>
  CONTENT_TYPES[extensionOf(file.name)].includes(file.type) ? file.type : 'application/octet-stream';
