// The correction step's requests and answers (embed routes /rows, /submit; the Imports API's
// /corrections): valibot schemas that validate the input and document the OpenAPI reference.
import * as v from 'valibot';
import { HookMessageSchema } from './validation-hook';
import { msg } from './validation';
import { badRequest } from './errors';
import { PaginationSchema } from './pagination';
import { IMPORT_PHASES } from './imports';
import { COLUMN_TYPES } from './templates';

/** Changes one PATCH may carry; rows one remove or restore may name. */
export const MAX_CHANGES = 1000;
export const MAX_LISTED_ROWS = 10_000;

export const ROW_FILTERS = ['all', 'errors', 'valid', 'removed'] as const;
export type RowFilter = (typeof ROW_FILTERS)[number];

export const RowFiltersSchema = v.object({
  filter: v.optional(v.picklist(ROW_FILTERS, msg.oneOf(ROW_FILTERS)), 'all'),
  column: v.optional(v.pipe(v.string(msg.string), v.minLength(1, msg.minChars(1)))),
});

/** The rows route's filter parameters; a wrong one is 400 BAD_REQUEST as for the page parameters. */
export function parseRowFilters(query: Record<string, string | undefined>): v.InferOutput<typeof RowFiltersSchema> {
  const result = v.safeParse(RowFiltersSchema, { filter: query.filter, column: query.column });
  if (!result.success) {
    const [issue] = result.issues;
    throw badRequest(`Invalid query parameter: ${issue.path?.[0]?.key as string} ${issue.message}`);
  }
  return result.output;
}

const cellSchema = v.nullable(v.string(msg.string));

export const PatchRowsSchema = v.strictObject(
  {
    changes: v.pipe(
      v.array(
        v.strictObject(
          {
            row: v.pipe(v.number(msg.number), v.integer(msg.integer)),
            values: v.record(v.string(), cellSchema, msg.object),
          },
          msg.object,
        ),
        msg.array,
      ),
      v.minLength(1, msg.minItems(1)),
      v.maxLength(MAX_CHANGES, msg.maxItems(MAX_CHANGES)),
    ),
  },
  msg.object,
);

const rowList = v.pipe(
  v.array(v.pipe(v.number(msg.number), v.integer(msg.integer)), msg.array),
  v.minLength(1, msg.minItems(1)),
  v.maxLength(MAX_LISTED_ROWS, msg.maxItems(MAX_LISTED_ROWS)),
);

export const ReplaceSchema = v.strictObject(
  {
    column: v.pipe(v.string(msg.string), v.minLength(1, msg.minChars(1))),
    find: v.string(msg.string),
    replace: v.string(msg.string),
    match: v.optional(v.picklist(['cell', 'contains'], msg.oneOf(['cell', 'contains'])), 'cell'),
    caseSensitive: v.optional(v.boolean(msg.boolean), false),
    filter: v.optional(v.picklist(['all', 'errors'], msg.oneOf(['all', 'errors'])), 'all'),
  },
  msg.object,
);
export type ReplaceInput = v.InferOutput<typeof ReplaceSchema>;

export const RemoveSchema = v.pipe(
  v.strictObject({ rows: v.optional(rowList), filter: v.optional(v.picklist(['errors'], msg.oneOf(['errors']))) }, msg.object),
  v.check((input) => (input.rows === undefined) !== (input.filter === undefined), 'give either rows or filter: "errors"'),
);
export const RestoreSchema = v.strictObject({ rows: rowList }, msg.object);

// ---- Answers ----

const count = v.pipe(v.number(), v.integer());

export const CorrectionCountsSchema = v.object({ total: count, valid: count, errors: count, removed: count, corrected: count });

export const CorrectionRowSchema = v.object({
  row: count,
  values: v.record(v.string(), v.nullable(v.string())),
  /** The template's rules and the validation hook's errors (the hook's with its code and suggestion). */
  errors: v.array(
    v.object({ column: v.string(), message: v.string(), level: v.literal('error'), code: v.optional(v.string()), suggestion: v.optional(v.string()) }),
  ),
  /** The validation hook's warnings and info messages: they never block the submit. */
  messages: v.array(HookMessageSchema),
});

export const RowsPageSchema = v.object({
  data: v.array(CorrectionRowSchema),
  pagination: PaginationSchema,
  counts: CorrectionCountsSchema,
  columns: v.array(v.object({ key: v.string(), name: v.string(), type: v.picklist(COLUMN_TYPES), required: v.boolean() })),
  allowPartialImport: v.boolean(),
  phase: v.picklist(IMPORT_PHASES),
});

export const PatchRowsResponseSchema = v.object({ data: v.array(CorrectionRowSchema), counts: CorrectionCountsSchema });
export const ReplaceResponseSchema = v.object({
  changedRows: count,
  counts: CorrectionCountsSchema,
  /** The cells changed, when at most MAX_CHANGES: what one PATCH needs to undo the replace. */
  changes: v.optional(v.array(v.object({ row: count, from: v.nullable(v.string()), to: v.nullable(v.string()) }))),
});
export const RemoveResponseSchema = v.object({ removedRows: count, counts: CorrectionCountsSchema });
export const RestoreResponseSchema = v.object({ restoredRows: count, counts: CorrectionCountsSchema });

export const CorrectionEntrySchema = v.union([
  v.object({
    row: count,
    column: v.string(),
    from: v.nullable(v.string()),
    to: v.nullable(v.string()),
    at: v.pipe(v.string(), v.isoTimestamp()),
    /** "hook": the validation hook replaced the cell (docs/validation-hooks.md); absent: the end user did. */
    by: v.optional(v.literal('hook')),
  }),
  v.object({ row: count, removed: v.boolean(), at: v.pipe(v.string(), v.isoTimestamp()) }),
]);
export const CorrectionsListSchema = v.object({ data: v.array(CorrectionEntrySchema), pagination: PaginationSchema });
