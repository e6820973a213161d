// Header mapping (DECISIONS "Import processing"): explicit mapping first, then column key, name and
// suggestedMappings, compared ignoring case, spaces, underscores and hyphens (no automatic matching for
// a mapping the end user confirmed after a preview: it is the whole mapping). Each template column
// takes at most one file column; unmatched file columns are dropped or, with allowExtraColumns, kept
// under their header text.
import type { Column } from '../domain/templates';
import type { RawRow } from './types';
import { cellText } from './columns';

export interface ColumnPlan {
  /** For each template column (in template order): the file column it reads, or -1 when unmapped. */
  sourceOf: number[];
  /** Extra file columns kept: where they come from and the key they are stored under. */
  extras: { source: number; key: string }[];
  /** Uploaded header -> column key, for every mapped header. */
  columnMapping: Record<string, string>;
  /** Template columns that are required and unmapped. */
  unmappedRequired: Column[];
}

export const normalizeHeader = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');

/** Without a header row (skipHeaderRows 0) columns map by position; their "header" is their position. */
export const positionalHeader = (index: number) => `Column ${index + 1}`;

export function planColumns(
  columns: readonly Column[],
  headerRow: RawRow | null,
  width: number,
  options: { explicit: Record<string, string> | null; allowExtraColumns: boolean; automatic?: boolean },
): ColumnPlan {
  const headers = Array.from({ length: width }, (_, i) => (headerRow ? cellText(headerRow[i] ?? null) : positionalHeader(i)));
  const sourceOf = columns.map(() => -1);
  const taken = new Set<number>();
  const assign = (column: number, source: number) => {
    if (sourceOf[column] !== -1 || taken.has(source)) return;
    sourceOf[column] = source;
    taken.add(source);
  };
  const columnIndex = new Map(columns.map((column, index) => [column.key, index]));

  if (!headerRow) {
    columns.forEach((_, index) => index < width && assign(index, index));
  } else {
    const normalized = headers.map(normalizeHeader);
    if (options.explicit) {
      const explicit = new Map(Object.entries(options.explicit).map(([header, key]) => [normalizeHeader(header), key]));
      normalized.forEach((header, source) => {
        const key = explicit.get(header);
        const column = key === undefined ? undefined : columnIndex.get(key);
        if (column !== undefined) assign(column, source);
      });
    }
    // One pass per kind of name, so an exact key match elsewhere beats a suggested mapping earlier.
    const candidates: ((column: Column) => string[])[] = [
      (column) => [column.key],
      (column) => [column.name],
      (column) => column.suggestedMappings,
    ];
    for (const namesOf of options.automatic === false ? [] : candidates) {
      columns.forEach((column, index) => {
        if (sourceOf[index] !== -1) return;
        const names = new Set(namesOf(column).map(normalizeHeader));
        const source = normalized.findIndex((header, i) => header !== '' && !taken.has(i) && names.has(header));
        if (source !== -1) assign(index, source);
      });
    }
  }

  const extras: ColumnPlan['extras'] = [];
  if (options.allowExtraColumns) {
    const usedKeys = new Set(columns.map((column) => column.key));
    headers.forEach((header, source) => {
      if (taken.has(source)) return;
      let key = header || positionalHeader(source);
      for (let n = 2; usedKeys.has(key); n++) key = `${header || positionalHeader(source)} (${n})`;
      usedKeys.add(key);
      extras.push({ source, key });
    });
  }

  return {
    sourceOf,
    extras,
    // fromEntries defines own properties, so a header such as "__proto__" is just a key.
    columnMapping: Object.fromEntries(
      columns.flatMap((column, index) => (sourceOf[index] === -1 ? [] : [[headers[sourceOf[index]], column.key]])),
    ),
    unmappedRequired: columns.filter((column, index) => column.required && sourceOf[index] === -1),
  };
}
