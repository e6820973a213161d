// Import templates as stored and answered: the column and rule types, the mapping from stored item to
// API resource, and the response schemas (valibot, the source of the OpenAPI document). What requests
// may say is template-input.ts.
import * as v from 'valibot';
import { validationError } from './errors';
import { HookStatsSchema, hookStatsOf, ValidationHookSchema, type HookStats, type ValidationHook } from './validation-hook';

export const COLUMN_TYPES = ['string', 'number', 'email', 'date', 'boolean', 'url', 'phone'] as const;
export const VALIDATION_TYPES = ['minLength', 'maxLength', 'min', 'max', 'regex', 'enum', 'unique'] as const;
/** How a date column's numeric dates are ordered (docs/values.md); null: the file or the end user decides. */
export const DATE_ORDERS = ['DMY', 'MDY', 'YMD'] as const;
/** A number column's decimal mark: "point" (1,234.56) or "comma" (1.234,56); null: the file or the end user decides. */
export const NUMBER_FORMATS = ['point', 'comma'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];
export type NumberFormat = (typeof NUMBER_FORMATS)[number];

/**
 * DynamoDB items are at most 400 KB. Normalization adds defaults to every column and rule, so a body
 * under the 256 KiB request limit can still grow past it; stored columns are capped well below.
 */
export const MAX_STORED_COLUMNS_BYTES = 350 * 1024;

// ---- Stored shape and API resources ----

export interface Column {
  key: string;
  name: string;
  type: (typeof COLUMN_TYPES)[number];
  required: boolean;
  description: string | null;
  validations: { type: (typeof VALIDATION_TYPES)[number]; value: unknown; message: string | null }[];
  suggestedMappings: string[];
  /** Date columns only (always present on them): the order of numeric dates, and whether `03/08/24` may be read. */
  dateOrder?: DateOrder | null;
  twoDigitYears?: boolean;
  /** Number columns only (always present on them): the decimal mark, and whether a currency symbol or code may surround the number. */
  numberFormat?: NumberFormat | null;
  currency?: boolean;
}

/** A column as a request gives it (template-input.ts validates it): the optional fields may be missing. */
export type ColumnInput = Pick<Column, 'key' | 'name' | 'type'> & {
  required?: boolean;
  description?: string | null;
  validations?: { type: Column['validations'][number]['type']; value: unknown; message?: string | null }[];
  suggestedMappings?: string[];
  dateOrder?: DateOrder | null;
  twoDigitYears?: boolean;
  numberFormat?: NumberFormat | null;
  currency?: boolean;
};

/** The columns as they will be stored: normalized once, and refused (400) if they would not fit in an item. */
export function storableColumns(columns: readonly ColumnInput[]): Column[] {
  const normalized = normalizeColumns(columns);
  const storedBytes = Buffer.byteLength(JSON.stringify(normalized), 'utf8');
  if (storedBytes > MAX_STORED_COLUMNS_BYTES) {
    throw validationError(
      `Validation error: columns are too large once stored (${Math.ceil(storedBytes / 1024)} KB, at most ${MAX_STORED_COLUMNS_BYTES / 1024} KB)`,
    );
  }
  return normalized;
}

/** Columns are stored and returned normalized: every optional field present. */
export function normalizeColumns(columns: readonly ColumnInput[]): Column[] {
  return columns.map((column) => ({
    key: column.key,
    name: column.name,
    type: column.type,
    required: column.required ?? false,
    description: column.description ?? null,
    validations: (column.validations ?? []).map((rule) => ({
      type: rule.type,
      value: rule.value,
      message: rule.message ?? null,
    })),
    suggestedMappings: column.suggestedMappings ?? [],
    ...(column.type === 'date' && { dateOrder: column.dateOrder ?? null, twoDigitYears: column.twoDigitYears ?? false }),
    ...(column.type === 'number' && { numberFormat: column.numberFormat ?? null, currency: column.currency ?? false }),
  }));
}

export interface Template {
  id: string;
  name: string;
  description: string | null;
  columns: Column[];
  allowExtraColumns: boolean;
  skipHeaderRows: number;
  /** "auto": imports without review find the header row among the first 20 as the review proposes it (docs/values.md). */
  headerRow: 'auto' | null;
  allowPartialImport: boolean;
  embedEnabled: boolean;
  /** The organization's own endpoint that checks the rows of every import (docs/validation-hooks.md). */
  validationHook: ValidationHook | null;
  /** Its hook's calls over every import (the counters item): null before the first. */
  validationHookStats: HookStats | null;
  importCount: number;
  createdAt: string;
  updatedAt: string;
}

export type TemplateListItem = Pick<
  Template,
  'id' | 'name' | 'description' | 'columns' | 'allowExtraColumns' | 'skipHeaderRows' | 'headerRow' | 'importCount' | 'createdAt' | 'updatedAt'
>;

export function toTemplate(item: Record<string, any>): Template {
  return {
    id: item.id,
    name: item.name,
    description: item.description ?? null,
    // Re-normalized so that field order is stable (DynamoDB maps come back unordered).
    columns: normalizeColumns(item.columns as ColumnInput[]),
    allowExtraColumns: item.allowExtraColumns,
    skipHeaderRows: item.skipHeaderRows,
    headerRow: item.headerRow ?? null,
    allowPartialImport: item.allowPartialImport,
    embedEnabled: item.embedEnabled,
    validationHook: item.validationHook ? toValidationHook(item.validationHook) : null,
    validationHookStats: hookStatsOf(item.stats),
    importCount: item.importCount ?? 0,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** Field order fixed (DynamoDB maps come back unordered). */
function toValidationHook(stored: Record<string, any>): ValidationHook {
  return {
    url: stored.url,
    columns: stored.columns ?? null,
    batchSize: Number(stored.batchSize),
    timeoutMs: Number(stored.timeoutMs),
    onFailure: stored.onFailure,
  };
}

export function toTemplateListItem(template: Template): TemplateListItem {
  const { allowPartialImport: _partial, embedEnabled: _embed, validationHook: _hook, validationHookStats: _stats, ...listItem } = template;
  return listItem;
}

// ---- Response schemas (documentation: the OpenAPI document is generated from these) ----

const StoredColumnSchema = v.object({
  key: v.string(),
  name: v.string(),
  type: v.picklist(COLUMN_TYPES),
  required: v.boolean(),
  description: v.nullable(v.string()),
  validations: v.array(
    v.object({
      type: v.picklist(VALIDATION_TYPES),
      value: v.union([v.number(), v.string(), v.boolean(), v.array(v.union([v.string(), v.number()]))]),
      message: v.nullable(v.string()),
    }),
  ),
  suggestedMappings: v.array(v.string()),
  dateOrder: v.optional(v.nullable(v.picklist(DATE_ORDERS))),
  twoDigitYears: v.optional(v.boolean()),
  numberFormat: v.optional(v.nullable(v.picklist(NUMBER_FORMATS))),
  currency: v.optional(v.boolean()),
});

const timestamp = v.pipe(v.string(), v.isoTimestamp());

export const TemplateSchema = v.object({
  id: v.pipe(v.string(), v.startsWith('tpl_')),
  name: v.string(),
  description: v.nullable(v.string()),
  columns: v.array(StoredColumnSchema),
  allowExtraColumns: v.boolean(),
  skipHeaderRows: v.pipe(v.number(), v.integer()),
  headerRow: v.nullable(v.literal('auto')),
  allowPartialImport: v.boolean(),
  embedEnabled: v.boolean(),
  validationHook: ValidationHookSchema,
  validationHookStats: HookStatsSchema,
  importCount: v.pipe(v.number(), v.integer()),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const TemplateListItemSchema = v.omit(TemplateSchema, ['allowPartialImport', 'embedEnabled', 'validationHook', 'validationHookStats']);

/**
 * Create and update answer the template, and `webhookSecret` once: when setting the first validation
 * hook gave the organization its webhook secret (hook requests are signed with it, as webhooks are).
 */
export const TemplateWithSecretSchema = v.object({ ...TemplateSchema.entries, webhookSecret: v.optional(v.string()) });
