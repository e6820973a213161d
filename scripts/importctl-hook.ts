// `importctl hook test`: the head of a file, read and mapped by the engine exactly as an import reads it,
// sent as one batch (the hook's batchSize rows) to the template's validation hook through the same stage
// an import uses (shared/hooks/test-batch.ts: mode "test", signed, no retries, nothing recorded). Prints
// the hook's answer and the rows as the end user would see them.
import { createReadStream } from 'node:fs';
import type { CheckedRow, RowStage } from '../shared/engine/engine';

/** Thrown by the collecting stage once it has a batch: the rest of the file is not read. */
class BatchFull extends Error {}

export async function testHook(options: { organizationId: string; templateId: string; file: string; sheet?: number }) {
  // Loaded here: the data layer reads its configuration once, after importctl picked the target.
  const { getTemplate } = await import('../shared/data/templates');
  const { runEngine } = await import('../shared/engine/engine');
  const { readDelimited } = await import('../shared/engine/readers/csv');
  const { openXlsx } = await import('../shared/engine/readers/xlsx');
  const { openXls } = await import('../shared/engine/readers/xls');
  const { fileTypeOf } = await import('../shared/domain/imports');
  const { engineLimits } = await import('../shared/imports/process-upload');
  const { testHookBatch } = await import('../shared/hooks/test-batch');
  const { ApiError } = await import('../shared/domain/errors');

  const template = await getTemplate(options.organizationId, options.templateId);
  const hook = template.validationHook;
  if (!hook) throw new ApiError(409, 'VALIDATION_HOOK_NOT_CONFIGURED', `Template ${template.id} has no validation hook`);
  const type = fileTypeOf(options.file);
  if (!type) throw new ApiError(400, 'VALIDATION_ERROR', `${options.file} is not a .csv, .tsv, .xlsx or .xls file`);
  const limits = engineLimits();
  const source =
    type === 'csv' || type === 'tsv'
      ? readDelimited(() => createReadStream(options.file), { limits, delimiter: type === 'tsv' ? '\t' : undefined })
      : await (type === 'xlsx' ? openXlsx : openXls)(options.file, { sheetIndex: options.sheet ?? 0, limits });

  const rows: CheckedRow[] = [];
  const collect: RowStage = {
    push(row) {
      if (rows.length >= hook.batchSize) throw new BatchFull();
      rows.push(row);
    },
    ready: async () => [],
    flush: async () => [],
  };
  const settings = { ...template, mapping: null };
  let failure: { code: string; message: string } | null = null;
  try {
    failure = (await runEngine(source, settings, limits, { validRow: () => undefined, errorRow: () => undefined, drain: async () => undefined }, collect)).failure;
  } catch (error) {
    if (!(error instanceof BatchFull)) throw error;
  }
  // A file that fails before any row (unreadable, a required column unmapped) says so; failures about the
  // rows themselves are the import's business, not the test's.
  if (rows.length === 0) throw new ApiError(400, 'VALIDATION_ERROR', failure ? `${failure.code}: ${failure.message}` : 'The file has no data rows');
  return testHookBatch(options.organizationId, template, hook, rows.map(({ row, cells }) => ({ row, cells })));
}
