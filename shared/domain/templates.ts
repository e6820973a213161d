// Import templates: the request and response schemas (valibot, also the source of the OpenAPI
// document), the cross-field column rules, and the mapping from stored item to API resource.
import * as v from 'valibot';
import { msg } from './validation';
import { storableInteger, storableNumber } from './numbers';
import { compilesInRe2, MAX_REGEX_LENGTH } from './regex';
import { validationError } from './errors';

export const COLUMN_TYPES = ['string', 'number', 'email', 'date', 'boolean', 'url', 'phone'] as const;
export const VALIDATION_TYPES = ['minLength', 'maxLength', 'min', 'max', 'regex', 'enum', 'unique'] as const;

export const LIMITS = {
  name: 200,
  description: 2000,
  columns: 500,
  columnKey: 100,
  columnName: 200,
  columnDescription: 2000,
  validationsPerColumn: 50,
  ruleMessage: 500,
  enumValues: 1000,
  enumValueLength: 500,
  suggestedMappings: 50,
  suggestedMapping: 200,
  skipHeaderRows: 100,
} as const;

/** Column keys become JSON object keys of every delivered row: identifier-like, never __proto__. */
const COLUMN_KEY_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const text = (max: number) => v.pipe(v.string(msg.string), v.maxLength(max, msg.maxChars(max)));
const nonBlankText = (max: number) =>
  v.pipe(
    v.string(msg.string),
    v.maxLength(max, msg.maxChars(max)),
    v.check((value) => value.trim().length > 0, 'must not be empty'),
  );
const ruleMessage = v.optional(v.nullable(text(LIMITS.ruleMessage)));

const rule = <T extends (typeof VALIDATION_TYPES)[number], S extends v.GenericSchema>(type: T, value: S) =>
  v.strictObject({ type: v.literal(type), value, message: ruleMessage }, msg.object);

export const ValidationRuleSchema = v.variant(
  'type',
  [
    rule('minLength', storableInteger),
    rule('maxLength', storableInteger),
    rule('min', storableNumber),
    rule('max', storableNumber),
    rule(
      'regex',
      v.pipe(
        v.string(msg.string),
        v.minLength(1, msg.minChars(1)),
        v.maxLength(MAX_REGEX_LENGTH, msg.maxChars(MAX_REGEX_LENGTH)),
        v.check(compilesInRe2, 'must be a valid RE2 regular expression (no backreferences or lookaround)'),
      ),
    ),
    rule(
      'enum',
      v.pipe(
        v.array(v.union([text(LIMITS.enumValueLength), storableNumber], 'must be a string or a number'), msg.array),
        v.minLength(1, 'must be a non-empty array'),
        v.maxLength(LIMITS.enumValues, msg.maxItems(LIMITS.enumValues)),
      ),
    ),
    rule('unique', v.boolean(msg.boolean)),
  ],
  msg.oneOf(VALIDATION_TYPES),
);

export const ColumnSchema = v.strictObject(
  {
    key: v.pipe(
      v.string(msg.string),
      v.minLength(1, msg.minChars(1)),
      v.maxLength(LIMITS.columnKey, msg.maxChars(LIMITS.columnKey)),
      v.regex(COLUMN_KEY_PATTERN, 'must start with a letter, digit or underscore and contain only letters, digits, _ . -'),
      v.check((key) => !FORBIDDEN_KEYS.has(key), 'is a reserved name'),
    ),
    name: nonBlankText(LIMITS.columnName),
    type: v.picklist(COLUMN_TYPES, msg.oneOf(COLUMN_TYPES)),
    required: v.optional(v.boolean(msg.boolean)),
    description: v.optional(v.nullable(text(LIMITS.columnDescription))),
    validations: v.optional(
      v.pipe(
        v.array(ValidationRuleSchema, msg.array),
        v.maxLength(LIMITS.validationsPerColumn, msg.maxItems(LIMITS.validationsPerColumn)),
      ),
    ),
    suggestedMappings: v.optional(
      v.pipe(
        v.array(nonBlankText(LIMITS.suggestedMapping), msg.array),
        v.maxLength(LIMITS.suggestedMappings, msg.maxItems(LIMITS.suggestedMappings)),
      ),
    ),
  },
  msg.object,
);

const ColumnsSchema = v.pipe(
  v.array(ColumnSchema, msg.array),
  v.minLength(1, msg.minItems(1)),
  v.maxLength(LIMITS.columns, msg.maxItems(LIMITS.columns)),
);

const templateFields = {
  name: nonBlankText(LIMITS.name),
  description: v.optional(v.nullable(text(LIMITS.description))),
  columns: ColumnsSchema,
  allowExtraColumns: v.optional(v.boolean(msg.boolean)),
  skipHeaderRows: v.optional(
    v.pipe(
      v.number(msg.number),
      v.integer(msg.integer),
      v.minValue(0, msg.between(0, LIMITS.skipHeaderRows)),
      v.maxValue(LIMITS.skipHeaderRows, msg.between(0, LIMITS.skipHeaderRows)),
    ),
  ),
  allowPartialImport: v.optional(v.boolean(msg.boolean)),
};

export const CreateTemplateSchema = v.strictObject(templateFields, msg.object);

export const UpdateTemplateSchema = v.pipe(
  v.strictObject(
    {
      name: v.optional(templateFields.name),
      description: templateFields.description,
      columns: v.optional(templateFields.columns),
      allowExtraColumns: templateFields.allowExtraColumns,
      skipHeaderRows: templateFields.skipHeaderRows,
      allowPartialImport: templateFields.allowPartialImport,
    },
    msg.object,
  ),
  v.check((body) => Object.keys(body).length > 0, 'must contain at least one field to update'),
);

export type ColumnInput = v.InferOutput<typeof ColumnSchema>;
export type CreateTemplateInput = v.InferOutput<typeof CreateTemplateSchema>;
export type UpdateTemplateInput = v.InferOutput<typeof UpdateTemplateSchema>;
type ValidationRule = v.InferOutput<typeof ValidationRuleSchema>;

// ---- Cross-field rules that a schema of one value cannot express ----

/**
 * DynamoDB items are at most 400 KB. Normalization adds defaults to every column and rule, so a body
 * under the 256 KiB request limit can still grow past it; stored columns are capped well below.
 */
export const MAX_STORED_COLUMNS_BYTES = 350 * 1024;

const REPEATABLE_RULES = new Set<ValidationRule['type']>(['regex']);
const NUMERIC_ONLY_RULES = new Set<ValidationRule['type']>(['min', 'max']);

/** Keys unique in the template; per column: no repeated rule type, min <= max, minLength <= maxLength. */
export function assertColumnRules(columns: readonly ColumnInput[]): void {
  const seenKeys = new Map<string, number>();
  columns.forEach((column, index) => {
    const first = seenKeys.get(column.key);
    if (first !== undefined) {
      throw validationError(`Validation error: columns[${index}].key duplicates columns[${first}].key "${column.key}"`);
    }
    seenKeys.set(column.key, index);
    const byType = new Map<string, ValidationRule>();
    (column.validations ?? []).forEach((rule, ruleIndex) => {
      const path = `columns[${index}].validations[${ruleIndex}]`;
      if (byType.has(rule.type) && !REPEATABLE_RULES.has(rule.type)) {
        throw validationError(`Validation error: ${path}.type ${rule.type} is given more than once`);
      }
      if (NUMERIC_ONLY_RULES.has(rule.type) && column.type !== 'number') {
        throw validationError(`Validation error: ${path}.type ${rule.type} applies only to number columns`);
      }
      byType.set(rule.type, rule);
    });
    const bound = (type: ValidationRule['type']) => byType.get(type)?.value as number | undefined;
    const [min, max, minLength, maxLength] = [bound('min'), bound('max'), bound('minLength'), bound('maxLength')];
    if (min !== undefined && max !== undefined && min > max) {
      throw validationError(`Validation error: columns[${index}].validations min must not be greater than max`);
    }
    if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) {
      throw validationError(
        `Validation error: columns[${index}].validations minLength must not be greater than maxLength`,
      );
    }
  });
}

// ---- Stored shape and API resources ----

export interface Column {
  key: string;
  name: string;
  type: (typeof COLUMN_TYPES)[number];
  required: boolean;
  description: string | null;
  validations: { type: ValidationRule['type']; value: unknown; message: string | null }[];
  suggestedMappings: string[];
}

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
  }));
}

export interface Template {
  id: string;
  name: string;
  description: string | null;
  columns: Column[];
  allowExtraColumns: boolean;
  skipHeaderRows: number;
  allowPartialImport: boolean;
  embedEnabled: boolean;
  importCount: number;
  createdAt: string;
  updatedAt: string;
}

export type TemplateListItem = Pick<
  Template,
  'id' | 'name' | 'description' | 'columns' | 'allowExtraColumns' | 'skipHeaderRows' | 'importCount' | 'createdAt' | 'updatedAt'
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
    allowPartialImport: item.allowPartialImport,
    embedEnabled: item.embedEnabled,
    importCount: item.importCount ?? 0,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

export function toTemplateListItem(template: Template): TemplateListItem {
  const { allowPartialImport: _partial, embedEnabled: _embed, ...listItem } = template;
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
});

const timestamp = v.pipe(v.string(), v.isoTimestamp());

export const TemplateSchema = v.object({
  id: v.pipe(v.string(), v.startsWith('tpl_')),
  name: v.string(),
  description: v.nullable(v.string()),
  columns: v.array(StoredColumnSchema),
  allowExtraColumns: v.boolean(),
  skipHeaderRows: v.pipe(v.number(), v.integer()),
  allowPartialImport: v.boolean(),
  embedEnabled: v.boolean(),
  importCount: v.pipe(v.number(), v.integer()),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const TemplateListItemSchema = v.omit(TemplateSchema, ['allowPartialImport', 'embedEnabled']);
