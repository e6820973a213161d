// What a request may say a template is: the create and update schemas (valibot, also the source of the
// OpenAPI document) and the cross-field column rules. Apart from templates.ts because a regex rule must
// compile in RE2 (~150 KB): only the templates function, which takes templates, loads it.
import * as v from 'valibot';
import { msg } from './validation';
import { storableInteger, storableNumber } from './numbers';
import { compilesInRe2, loadRe2, MAX_REGEX_LENGTH } from './regex';
import { validationError } from './errors';
import { COLUMN_TYPES, DATE_ORDERS, NUMBER_FORMATS, VALIDATION_TYPES } from './templates';
import { ValidationHookInputSchema } from './validation-hook';

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
        // That it compiles in RE2 is checked by assertColumnRules, which loads RE2 only for a pattern.
        v.maxLength(MAX_REGEX_LENGTH, msg.maxChars(MAX_REGEX_LENGTH)),
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
    dateOrder: v.optional(v.nullable(v.picklist(DATE_ORDERS, msg.oneOf(DATE_ORDERS)))),
    twoDigitYears: v.optional(v.boolean(msg.boolean)),
    numberFormat: v.optional(v.nullable(v.picklist(NUMBER_FORMATS, msg.oneOf(NUMBER_FORMATS)))),
    currency: v.optional(v.boolean(msg.boolean)),
  },
  msg.object,
);

/** Which column type each value-format field belongs to. */
const FORMAT_FIELDS = { dateOrder: 'date', twoDigitYears: 'date', numberFormat: 'number', currency: 'number' } as const;

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
  headerRow: v.optional(v.nullable(v.literal('auto', 'must be "auto" or null'))),
  allowPartialImport: v.optional(v.boolean(msg.boolean)),
  validationHook: v.optional(ValidationHookInputSchema),
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
      headerRow: templateFields.headerRow,
      allowPartialImport: templateFields.allowPartialImport,
      validationHook: templateFields.validationHook,
    },
    msg.object,
  ),
  v.check((body) => Object.keys(body).length > 0, 'must contain at least one field to update'),
);

export type CreateTemplateInput = v.InferOutput<typeof CreateTemplateSchema>;
export type UpdateTemplateInput = v.InferOutput<typeof UpdateTemplateSchema>;
type ValidationRule = v.InferOutput<typeof ValidationRuleSchema>;

// ---- Cross-field rules that a schema of one value cannot express ----

const REPEATABLE_RULES = new Set<ValidationRule['type']>(['regex']);
const NUMERIC_ONLY_RULES = new Set<ValidationRule['type']>(['min', 'max']);

/**
 * Patterns that compile in RE2 (loaded for the first pattern), keys unique in the template; per column:
 * no repeated rule type, min <= max, minLength <= maxLength.
 */
export async function assertColumnRules(columns: readonly v.InferOutput<typeof ColumnSchema>[]): Promise<void> {
  const patterns = columns.flatMap((column, index) =>
    (column.validations ?? []).flatMap((rule, ruleIndex) => (rule.type === 'regex' ? [{ path: `columns[${index}].validations[${ruleIndex}]`, pattern: rule.value as string }] : [])),
  );
  if (patterns.length > 0) {
    await loadRe2();
    const refused = patterns.find(({ pattern }) => !compilesInRe2(pattern));
    if (refused) throw validationError(`Validation error: ${refused.path}.value must be a valid RE2 regular expression (no backreferences or lookaround)`);
  }
  const seenKeys = new Map<string, number>();
  columns.forEach((column, index) => {
    const first = seenKeys.get(column.key);
    if (first !== undefined) {
      throw validationError(`Validation error: columns[${index}].key duplicates columns[${first}].key "${column.key}"`);
    }
    seenKeys.set(column.key, index);
    for (const [field, type] of Object.entries(FORMAT_FIELDS)) {
      const value = column[field as keyof typeof FORMAT_FIELDS];
      if (value !== undefined && value !== null && value !== false && column.type !== type) {
        throw validationError(`Validation error: columns[${index}].${field} applies only to ${type} columns`);
      }
    }
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


/** A hook's columns must be columns of the template. */
export function assertHookColumns(columns: readonly { key: string }[], hookColumns: readonly string[] | null | undefined): void {
  if (!hookColumns) return;
  const keys = new Set(columns.map((column) => column.key));
  const unknown = hookColumns.filter((key) => !keys.has(key));
  if (unknown.length) {
    throw validationError(`Validation error: validationHook.columns names ${unknown.map((key) => `"${key}"`).join(', ')}, not ${unknown.length > 1 ? 'columns' : 'a column'} of the template`);
  }
}
