// The mapping review of an import started with `review: true`: after the upload the processor reads only
// the head of the file and stores it as the preview (process-upload.ts: the embed function serving the
// review loads no file reader), and the import waits in AWAITING_MAPPING; the
// preview route shows each sheet's headers with suggested matches (remembered, exact, fuzzy); the end
// user's confirmation is written once with the phase change (one transaction), remembered for the
// template's header set, and queues the processing of exactly that sheet and mapping.
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '../aws/clients';
import { config } from '../config';
import { isMissingObject } from '../aws/missing-object';
import { objectKeys } from '../data/objects';
import { confirmMapping as commitConfirmedMapping, getImportItems } from '../data/imports';
import { getRememberedMapping, rememberMapping } from '../data/mapping-memory';
import { importPhase, type ConfirmedMapping } from '../domain/imports';
import { nowIso } from '../domain/ids';
import { headerSetKey, suggestMapping } from '../engine/suggest';
import type { FilePreview } from './preview';
import { scheduleDeadline } from './deadlines';
import { queueProcessing } from './process-message';
import { ApiError, notFound, validationError } from '../domain/errors';

async function storedPreview(organizationId: string, importId: string): Promise<FilePreview | undefined> {
  try {
    const { Body } = await s3().send(new GetObjectCommand({ Bucket: config().bucketName, Key: objectKeys.preview(organizationId, importId) }));
    return JSON.parse(await Body!.transformToString()) as FilePreview;
  } catch (error) {
    if (isMissingObject(error)) return undefined;
    throw error;
  }
}

/** What GET /embed/v1/imports/:id/preview answers: every sheet with its suggestions, and the template's columns. */
export async function previewWithSuggestions(organizationId: string, importId: string) {
  const items = await getImportItems(organizationId, importId);
  if (!items) throw notFound('Import');
  if (!items.snapshot.review) throw new ApiError(409, 'PREVIEW_NOT_READY', 'This import was not started with review: it has no preview');
  const preview = await storedPreview(organizationId, importId);
  if (!preview) throw new ApiError(409, 'PREVIEW_NOT_READY', 'The file has not been read yet: try again in a moment');
  const { columns } = items.snapshot.template;
  const templateId = items.snapshot.template.id;
  const sheets = await Promise.all(
    preview.sheets.map(async (sheet) => {
      const remembered = await getRememberedMapping(organizationId, templateId, headerSetKey(sheet.headers));
      const suggestions = suggestMapping(sheet.headers, columns, remembered);
      const byHeader = <T>(pick: (i: number) => T) => Object.fromEntries(sheet.headers.map((header, i) => [header, pick(i)]));
      return {
        ...sheet,
        suggestedMapping: byHeader((i) => suggestions[i].column),
        confidence: byHeader((i) => Math.round(suggestions[i].confidence * 100) / 100),
        source: byHeader((i) => suggestions[i].source),
      };
    }),
  );
  return {
    phase: importPhase(items.record),
    sheetIndex: items.confirmed?.sheetIndex ?? items.snapshot.sheetIndex ?? 0,
    sheets,
    columns: columns.map(({ key, name, type, required }) => ({ key, name, type, required: Boolean(required) })),
  };
}

/**
 * The end user's mapping: checked against the stored preview and the template (every problem named),
 * committed once with the move to PROCESSING, remembered for the header set, and its processing queued.
 * A repeat of the same confirmation (a client retrying after a lost answer) queues the processing again.
 */
export async function confirmMapping(organizationId: string, importId: string, input: { sheet?: number | null; mapping: Record<string, string | null> }) {
  const items = await getImportItems(organizationId, importId);
  if (!items) throw notFound('Import');
  const preview = items.snapshot.review ? await storedPreview(organizationId, importId) : undefined;
  const sheetIndex = input.sheet ?? items.snapshot.sheetIndex ?? 0;
  const sheet = preview?.sheets.find((candidate) => candidate.index === sheetIndex);
  if (preview && !sheet) throw validationError(`Validation error: sheet ${sheetIndex} is not a sheet of the file (0 to ${preview.sheets.length - 1})`);
  const confirmed: ConfirmedMapping = { sheetIndex, mapping: completeMapping(sheet?.headers ?? [], input.mapping), confirmedAt: nowIso() };

  const repeat = items.confirmed && sameMapping(items.confirmed, confirmed) && items.record.status === 'PENDING';
  if (!repeat) {
    if (items.record.status !== 'PENDING' || items.record.phase !== 'AWAITING_MAPPING' || !sheet) {
      throw new ApiError(409, 'IMPORT_NOT_AWAITING_MAPPING', `The import is not waiting for its mapping (phase ${importPhase(items.record)})`);
    }
    checkMapping(sheet.headers, items.snapshot.template.columns, input.mapping);
    if (!(await commitConfirmedMapping(organizationId, importId, confirmed))) {
      throw new ApiError(409, 'IMPORT_NOT_AWAITING_MAPPING', 'The import is not waiting for its mapping any more');
    }
  }
  // After the commit, and again on a repeat (the first may have failed after it): each step is
  // idempotent (a second deadline message finds the import finished or due later; the memory is the same).
  // The processing deadline counts from the confirmation: the wait for the mapping had its own.
  const dueAt = new Date(Date.now() + config().processingDeadlineSeconds * 1000).toISOString();
  await scheduleDeadline({ organizationId, importId, deadline: 'processing', dueAt });
  if (sheet) await rememberMapping(organizationId, items.snapshot.template.id, headerSetKey(sheet.headers), confirmed.mapping);
  await queueProcessing({ organizationId, importId });
}

/** Every header of the sheet: the given key, or null where the mapping leaves it out. */
function completeMapping(headers: string[], mapping: Record<string, string | null>): Record<string, string | null> {
  return Object.fromEntries(headers.map((header) => [header, Object.hasOwn(mapping, header) ? mapping[header] : null]));
}

function sameMapping(a: ConfirmedMapping, b: ConfirmedMapping): boolean {
  return a.sheetIndex === b.sheetIndex && JSON.stringify(Object.entries(a.mapping).sort()) === JSON.stringify(Object.entries(b.mapping).sort());
}

/** 400 naming every problem: unknown headers and column keys, a column mapped from two headers, required columns unmapped. */
function checkMapping(headers: string[], columns: { key: string; name: string; required?: boolean }[], mapping: Record<string, string | null>): void {
  const known = new Set(headers);
  const keys = new Set(columns.map((column) => column.key));
  const problems: string[] = [];
  const unknownHeaders = Object.keys(mapping).filter((header) => !known.has(header));
  if (unknownHeaders.length) problems.push(`unknown header${unknownHeaders.length > 1 ? 's' : ''} ${unknownHeaders.map((h) => `"${h}"`).join(', ')}`);
  const unknownKeys = [...new Set(Object.values(mapping).filter((key): key is string => key !== null && !keys.has(key)))];
  if (unknownKeys.length) problems.push(`unknown column key${unknownKeys.length > 1 ? 's' : ''} ${unknownKeys.map((k) => `"${k}"`).join(', ')}`);
  const headersOf = new Map<string, string[]>();
  // Only the sheet's own headers map anything: an unknown header leaves its column unmapped too.
  for (const [header, key] of Object.entries(mapping)) {
    if (key !== null && known.has(header)) headersOf.set(key, [...(headersOf.get(key) ?? []), header]);
  }
  for (const [key, from] of headersOf) {
    if (from.length > 1) problems.push(`column "${key}" is mapped from ${from.length} headers (${from.map((h) => `"${h}"`).join(', ')})`);
  }
  const unmapped = columns.filter((column) => column.required && !headersOf.has(column.key));
  if (unmapped.length) {
    problems.push(`required column${unmapped.length > 1 ? 's' : ''} ${unmapped.map((c) => `"${c.key}"`).join(', ')} ${unmapped.length > 1 ? 'are' : 'is'} not mapped`);
  }
  if (problems.length) throw validationError(`Validation error: ${problems.join('; ')}`);
}
