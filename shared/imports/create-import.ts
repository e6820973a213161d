// Starting an import: the one function the API, importctl and the widget's endpoints call. It checks the input
// against the template and the limits, then stores the PENDING record with its snapshot; the upload to
// `uploadKey` is what starts processing (the bucket notification), nothing else. Its deadline message
// makes sure it ends even when no file ever comes (deadlines.ts).
import { getTemplate } from '../data/templates';
import { insertImport } from '../data/imports';
import { objectKeys } from '../data/objects';
import { config } from '../config';
import { newId, nowIso } from '../domain/ids';
import { fileTypeOf, type CreateImportInput, type ImportRecord, type ImportSnapshot, type ImportSource } from '../domain/imports';
import { validationError } from '../domain/errors';
import type { Template } from '../domain/templates';
import { scheduleDeadline, uploadDeadline } from './deadlines';

export interface CreatedImport {
  record: ImportRecord;
  /** Where the file must be uploaded (the bucket of config().bucketName). */
  uploadKey: string;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export interface CreateImportOptions {
  source: ImportSource;
  /** The widget's status token (domain/embed.ts), kept on the record. */
  embedTokenHash?: string;
  /** API imports: how their headers are mapped (ImportSnapshot.mappingRule). */
  mappingRule?: ImportSnapshot['mappingRule'];
  /** API imports with `review: true`: rows in error wait for corrections through a review link. */
  corrections?: boolean;
  /** The request's name for `input.mapping`, in its validation errors. */
  mappingField?: string;
}

export async function createImport(
  organizationId: string,
  templateId: string,
  input: CreateImportInput,
  options: CreateImportOptions = { source: 'importctl' },
): Promise<CreatedImport> {
  const { record, snapshot } = newImport(await getTemplate(organizationId, templateId), input, options);
  // The deadline is queued first: one for an import that then fails to be stored finds nothing and ends,
  // while an import stored without its deadline could stay PENDING forever.
  await scheduleDeadline(uploadDeadline(organizationId, record.id, record.createdAt, record.templateId));
  await insertImport(organizationId, record, snapshot);
  return { record, uploadKey: objectKeys.upload(organizationId, record.id) };
}

/** The PENDING record and snapshot of a new import of `template`, once the input is checked against it and the limits. */
export function newImport(
  template: Template,
  input: CreateImportInput,
  { source, embedTokenHash, mappingRule, corrections, mappingField = 'mapping' }: CreateImportOptions,
): { record: ImportRecord; snapshot: ImportSnapshot } {
  const fileType = fileTypeOf(input.fileName)!;
  const { maxFileBytes } = config();
  if (input.fileSize > maxFileBytes) {
    throw validationError(`Validation error: fileSize must be at most ${maxFileBytes} bytes (${megabytes(maxFileBytes)})`);
  }
  if (input.sheet != null && (fileType === 'csv' || fileType === 'tsv')) {
    throw validationError('Validation error: sheet applies only to xlsx and xls files');
  }
  const keys = new Set(template.columns.map((column) => column.key));
  const mappedKeys = new Set<string>();
  for (const [header, key] of Object.entries(input.mapping ?? {})) {
    if (!keys.has(key)) throw validationError(`Validation error: ${mappingField}.${header} names no column of the template ("${key}")`);
    if (mappedKeys.has(key)) throw validationError(`Validation error: ${mappingField}.${header} maps a second header to "${key}"`);
    mappedKeys.add(key);
  }

  const now = nowIso();
  const record: ImportRecord = {
    id: newId('imp'),
    templateId: template.id,
    templateName: template.name,
    fileName: input.fileName,
    fileType,
    fileSize: input.fileSize,
    status: 'PENDING',
    phase: 'AWAITING_UPLOAD',
    totalRows: 0,
    validRows: 0,
    errorRows: 0,
    skippedRows: 0,
    metadata: input.metadata ?? {},
    webhookStatus: null,
    webhookAttempts: 0,
    webhookDeliveredAt: null,
    createdAt: now,
    completedAt: null,
    ...(embedTokenHash ? { embedTokenHash } : {}),
    source,
  };
  const snapshot: ImportSnapshot = {
    template: { id: template.id, name: template.name, columns: template.columns },
    settings: {
      allowExtraColumns: template.allowExtraColumns,
      skipHeaderRows: template.skipHeaderRows,
      allowPartialImport: template.allowPartialImport,
      ...(template.headerRow === 'auto' && { headerRow: 'auto' as const }),
    },
    externalUserId: input.externalUserId ?? null,
    user: input.user ? { id: input.user.id ?? null, email: input.user.email ?? null, name: input.user.name ?? null } : null,
    mapping: input.mapping ?? null,
    sheetIndex: input.sheet ?? null,
    ...(input.review ? { review: true } : {}),
    ...(mappingRule && { mappingRule }),
    ...(corrections && { corrections: true as const }),
    ...(template.validationHook ? { hook: template.validationHook } : {}),
  };
  return { record, snapshot };
}
