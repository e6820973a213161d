// The template builder's form state (a template as people type it: numbers as text, lists as text) and
// its conversions: from the API's template, to the API's request body, and to the widget's preview.
// Columns and rules are sent in the form's order, so an API error path like
// columns[2].validations[0].value names the input it is about.
import type { operations } from '../../api/schema';

type Template = operations['dashboardGetTemplate']['responses'][200]['content']['application/json'];
export type TemplateBody = operations['dashboardCreateTemplate']['requestBody']['content']['application/json'];
type ApiColumn = Template['columns'][number];
export type ColumnType = ApiColumn['type'];
export type RuleType = ApiColumn['validations'][number]['type'];
type ApiHook = NonNullable<Template['validationHook']>;
export type HookFailurePolicy = ApiHook['onFailure'];
export type DateOrder = NonNullable<ApiColumn['dateOrder']>;
export type NumberFormat = NonNullable<ApiColumn['numberFormat']>;

/** Every exactly once: a type the API adds fails the typecheck until it is offered here. */
type Exhaustive<All, Listed extends readonly All[]> = [Exclude<All, Listed[number]>] extends [never] ? Listed : never;
const COLUMN_TYPE_LIST = ['string', 'number', 'email', 'date', 'boolean', 'url', 'phone'] as const;
const RULE_TYPE_LIST = ['minLength', 'maxLength', 'min', 'max', 'regex', 'enum', 'unique'] as const;
export const COLUMN_TYPES: Exhaustive<ColumnType, typeof COLUMN_TYPE_LIST> = COLUMN_TYPE_LIST;
export const RULE_TYPES: Exhaustive<RuleType, typeof RULE_TYPE_LIST> = RULE_TYPE_LIST;
const DATE_ORDER_LIST = ['DMY', 'MDY', 'YMD'] as const;
const NUMBER_FORMAT_LIST = ['point', 'comma'] as const;
export const DATE_ORDERS: Exhaustive<DateOrder, typeof DATE_ORDER_LIST> = DATE_ORDER_LIST;
export const NUMBER_FORMATS: Exhaustive<NumberFormat, typeof NUMBER_FORMAT_LIST> = NUMBER_FORMAT_LIST;
/** The column type each value-format field belongs to: the API refuses it on any other ("applies only to date columns"). */
export const FORMAT_FIELDS = { dateOrder: 'date', twoDigitYears: 'date', numberFormat: 'number', currency: 'number' } as const satisfies Record<string, ColumnType>;

/** min and max apply to number columns only (the API refuses them elsewhere); regex may repeat, the others not. */
export const NUMERIC_RULES: readonly RuleType[] = ['min', 'max'];
export const INTEGER_RULES: readonly RuleType[] = ['minLength', 'maxLength'];

export interface RuleDraft {
  id: string;
  type: RuleType;
  /** The value as typed: a number's text, a pattern, enum values one per line; unique is always true. */
  value: string;
  message: string;
}

export interface ColumnDraft {
  id: string;
  key: string;
  name: string;
  type: ColumnType;
  required: boolean;
  description: string;
  validations: RuleDraft[];
  /** Comma-separated, as typed. */
  suggestedMappings: string;
  /**
   * How values are written (docs/values.md): the date fields for date columns, the number fields for number
   * columns. Kept while the column is of another type (switching back restores them) but sent only for
   * their own type, which is the only one the API takes them for. '' is "decided by the file or the end user".
   */
  dateOrder: DateOrder | '';
  twoDigitYears: boolean;
  numberFormat: NumberFormat | '';
  currency: boolean;
}

/** The validation hook as typed; kept while switched off, so switching it on again restores it. */
export interface HookDraft {
  enabled: boolean;
  url: string;
  /** Every column, or only the chosen ones (by the columns' draft ids: a key typed anew keeps its choice). */
  allColumns: boolean;
  columnIds: string[];
  batchSize: string;
  timeoutMs: string;
  onFailure: HookFailurePolicy;
}

export interface TemplateDraft {
  name: string;
  description: string;
  allowExtraColumns: boolean;
  skipHeaderRows: string;
  /** headerRow "auto": imports without review find the header row as the widget proposes it. */
  findHeaderRow: boolean;
  allowPartialImport: boolean;
  columns: ColumnDraft[];
  hook: HookDraft;
}

let nextId = 0;
/** Keys for React's lists: stable while columns and rules move. */
export const draftId = () => `d${++nextId}`;

export const newColumn = (): ColumnDraft => ({
  id: draftId(),
  key: '',
  name: '',
  type: 'string',
  required: false,
  description: '',
  validations: [],
  suggestedMappings: '',
  dateOrder: '',
  twoDigitYears: false,
  numberFormat: '',
  currency: false,
});

export const newRule = (type: RuleType): RuleDraft => ({ id: draftId(), type, value: type === 'unique' ? 'true' : '', message: '' });

/** The API's defaults (shared/domain/validation-hook.ts HOOK_LIMITS), shown in the form as they would be saved. */
export const emptyHook = (): HookDraft => ({ enabled: false, url: '', allColumns: true, columnIds: [], batchSize: '1000', timeoutMs: '8000', onFailure: 'fail' });

export const emptyDraft = (): TemplateDraft => ({
  name: '',
  description: '',
  allowExtraColumns: false,
  skipHeaderRows: '1',
  findHeaderRow: false,
  allowPartialImport: false,
  columns: [newColumn()],
  hook: emptyHook(),
});

function ruleValueText(type: RuleType, value: ApiColumn['validations'][number]['value']): string {
  if (type === 'enum' && Array.isArray(value)) return value.join('\n');
  return String(value);
}

function hookDraft(hook: Template['validationHook'], columns: readonly ColumnDraft[]): HookDraft {
  if (!hook) return emptyHook();
  return {
    enabled: true,
    url: hook.url,
    allColumns: hook.columns === null,
    columnIds: columns.filter((column) => hook.columns?.includes(column.key)).map((column) => column.id),
    batchSize: String(hook.batchSize),
    timeoutMs: String(hook.timeoutMs),
    onFailure: hook.onFailure,
  };
}

export function draftFromTemplate(template: Template): TemplateDraft {
  const columns: ColumnDraft[] = template.columns.map((column) => ({
    id: draftId(),
    key: column.key,
    name: column.name,
    type: column.type,
    required: column.required,
    description: column.description ?? '',
    validations: column.validations.map((rule) => ({ id: draftId(), type: rule.type, value: ruleValueText(rule.type, rule.value), message: rule.message ?? '' })),
    suggestedMappings: column.suggestedMappings.join(', '),
    dateOrder: column.dateOrder ?? '',
    twoDigitYears: column.twoDigitYears ?? false,
    numberFormat: column.numberFormat ?? '',
    currency: column.currency ?? false,
  }));
  return {
    name: template.name,
    description: template.description ?? '',
    allowExtraColumns: template.allowExtraColumns,
    skipHeaderRows: String(template.skipHeaderRows),
    findHeaderRow: template.headerRow === 'auto',
    allowPartialImport: template.allowPartialImport,
    columns,
    hook: hookDraft(template.validationHook, columns),
  };
}

/** Text that is a number becomes one; anything else is sent as typed, for the API to say what is wrong with it. */
const numberOrText = (text: string): number | string => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text);

function ruleValue(rule: RuleDraft, columnType: ColumnType): unknown {
  switch (rule.type) {
    case 'unique':
      return true;
    case 'regex':
      return rule.value;
    case 'enum': {
      const values = rule.value.split('\n').map((line) => line.trim()).filter(Boolean);
      // A number column compares its values numerically (docs/imports.md): its allowed values are numbers.
      return columnType === 'number' ? values.map(numberOrText) : values;
    }
    default:
      return numberOrText(rule.value);
  }
}

const list = (text: string) => text.split(',').map((entry) => entry.trim()).filter(Boolean);

export function columnsBody(columns: readonly ColumnDraft[]) {
  return columns.map((column) => ({
    key: column.key.trim(),
    name: column.name,
    type: column.type,
    required: column.required,
    description: column.description.trim() ? column.description : null,
    validations: column.validations.map((rule) => ({ type: rule.type, value: ruleValue(rule, column.type), message: rule.message.trim() ? rule.message : null })),
    suggestedMappings: list(column.suggestedMappings),
    ...(column.type === 'date' && { dateOrder: column.dateOrder || null, twoDigitYears: column.twoDigitYears }),
    ...(column.type === 'number' && { numberFormat: column.numberFormat || null, currency: column.currency }),
  }));
}

export type HookBody = NonNullable<TemplateBody['validationHook']>;

/** The hook's setting as sent, or null (off: an update removes it). Chosen columns go in the form's order. */
export function hookBody(hook: HookDraft, columns: readonly ColumnDraft[]): HookBody | null {
  if (!hook.enabled) return null;
  return {
    url: hook.url.trim(),
    columns: hook.allColumns ? null : columns.filter((column) => hook.columnIds.includes(column.id)).map((column) => column.key.trim()),
    batchSize: numberOrText(hook.batchSize) as number,
    timeoutMs: numberOrText(hook.timeoutMs) as number,
    onFailure: hook.onFailure,
  };
}

/** The create (and update) body: every field, in the form's order. */
export function templateBody(draft: TemplateDraft): TemplateBody {
  return {
    name: draft.name,
    description: draft.description.trim() ? draft.description : null,
    allowExtraColumns: draft.allowExtraColumns,
    skipHeaderRows: numberOrText(draft.skipHeaderRows) as number,
    headerRow: draft.findHeaderRow ? 'auto' : null,
    allowPartialImport: draft.allowPartialImport,
    // The API checks each value's type (its message names the field at fault); the form keeps what was typed.
    columns: columnsBody(draft.columns) as TemplateBody['columns'],
    validationHook: hookBody(draft.hook, draft.columns),
  };
}

/** What the widget's preview draws: the form as it is (only names and the required mark show on its first step). */
export function previewTemplate(draft: TemplateDraft, templateId: string | undefined, untitled: string) {
  return {
    id: templateId ?? 'tpl_preview',
    name: draft.name.trim() || untitled,
    description: draft.description.trim() || null,
    columns: columnsBody(draft.columns).map((column, index) => ({ ...column, key: column.key || `column_${index + 1}`, name: column.name || column.key })),
  };
}

export type { Template };
