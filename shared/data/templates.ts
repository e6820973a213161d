// Template persistence. A template and its organization's template counter change in one transaction,
// so `pagination.total` is exact without counting items. importCount is not on the template item (a
// template can be hundreds of KB and DynamoDB bills a write by item size): it lives in the small
// TPL#<id>#STATS item that imports count in, read together with the template. The columns are stored
// packed (storedFields, unpacked).
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { config } from '../config';
import { keys, listings, templateIdOf } from './table';
import { batchGetInOrder, fetchListingPageKeys, queryBetween } from './listing';
import { transactWrite, updateExisting } from './writes';
import { setFields } from './expressions';
import { packJson, unpackJson } from './packed-json';
import { getOrganization } from './organizations';
import { embedTemplateItem, getEmbedTemplate } from './embed';
import { newId, nowIso } from '../domain/ids';
import { storableColumns, toTemplate, type Template } from '../domain/templates';
import type { CreateTemplateInput, UpdateTemplateInput } from '../domain/template-input';
import { normalizeHook } from '../domain/validation-hook';
import type { PageRequest } from '../domain/pagination';
import { notFound } from '../domain/errors';

const templateNotFound = () => notFound('Template');

/**
 * The stored item with its columns unpacked, as toTemplate reads it. A template's columns go to its
 * item packed (`columnsBr`, packed-json.ts): columns are most of a template, and the 8-column template
 * of the request bench is a 1.8 KB item plain (2 WCU, 4 in the creation transaction) and 0.85 KB packed
 * (1 WCU). Items written before keep their columns as a map and read as they were.
 */
function unpacked(item: Record<string, unknown>): Record<string, unknown> {
  if (!(item.columnsBr instanceof Uint8Array)) return item;
  const { columnsBr, ...rest } = item;
  return { ...rest, columns: unpackJson(columnsBr) };
}

type NewTemplate = Omit<Template, 'id' | 'importCount' | 'validationHookStats' | 'createdAt' | 'updatedAt'>;

export function templateFromInput(input: CreateTemplateInput): NewTemplate {
  return {
    name: input.name,
    description: input.description ?? null,
    columns: storableColumns(input.columns),
    allowExtraColumns: input.allowExtraColumns ?? false,
    skipHeaderRows: input.skipHeaderRows ?? 1,
    headerRow: input.headerRow ?? null,
    allowPartialImport: input.allowPartialImport ?? false,
    embedEnabled: false,
    validationHook: normalizeHook(input.validationHook),
  };
}

/**
 * Insert a template and count it on the organization, atomically; an embed-enabled one (a duplicate)
 * gets its embed pointer in the same transaction, with the allowed origins given.
 */
export async function insertTemplate(
  organizationId: string,
  fields: NewTemplate,
  allowedOrigins: string[] | null = null,
): Promise<Template> {
  const now = nowIso();
  const id = newId('tpl');
  const stored = await transactWrite([
    {
      Put: {
        TableName: config().tableName,
        Item: {
          ...keys.template(organizationId, id),
          gsi1pk: listings.templates(organizationId),
          gsi1sk: listings.sortKey(now, id),
          id,
          ...storedFields(fields),
          createdAt: now,
          updatedAt: now,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: config().tableName,
        Key: keys.organization(organizationId),
        UpdateExpression: 'ADD templateCount :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
    ...(fields.embedEnabled
      ? [{ Put: { TableName: config().tableName, Item: embedTemplateItem({ organizationId, templateId: id, allowedOrigins }) } }]
      : []),
  ]);
  if (!stored) throw new Error(`Organization ${organizationId} missing while creating a template`);
  // A new id has no imports yet (its counter item appears with its first import).
  return { id, ...fields, validationHookStats: null, importCount: 0, createdAt: now, updatedAt: now };
}

function storedFields({ columns, headerRow, ...fields }: NewTemplate): Record<string, unknown> {
  // headerRow is stored only when set: most templates never set it, and every stored byte is billed.
  return { ...fields, ...(headerRow && { headerRow }), columnsBr: packJson(columns) };
}

/** The template's counters item (undefined before its first import). */
async function templateStats(organizationId: string, templateId: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: keys.templateStats(organizationId, templateId) }),
  );
  return Item;
}

/** The template and its counter item in one strongly consistent Query (their sort keys share the prefix). */
export async function getTemplate(organizationId: string, templateId: string): Promise<Template> {
  const templateKey = keys.template(organizationId, templateId);
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': templateKey.pk, ':sk': templateKey.sk },
      ConsistentRead: true,
    }),
  );
  const item = Items.find((candidate) => candidate.sk === templateKey.sk);
  if (!item) throw templateNotFound();
  const stats = Items.find((candidate) => candidate.sk === keys.templateStats(organizationId, templateId).sk);
  return toTemplate({ ...unpacked(item), importCount: stats?.importCount ?? 0, stats });
}

export async function listTemplates(organizationId: string, pageRequest: PageRequest) {
  const total = (await getOrganization(organizationId))?.templateCount ?? 0;
  const templateKeys = await fetchListingPageKeys(listings.templates(organizationId), pageRequest, total);
  const ids = templateKeys.map(templateIdOf);
  const bySortKey = new Map((await pageItems(organizationId, ids)).map((item) => [item.sk as string, item]));
  const templates = ids.flatMap((id) => {
    const item = bySortKey.get(keys.template(organizationId, id).sk);
    const stats = bySortKey.get(keys.templateStats(organizationId, id).sk);
    return item ? [toTemplate({ ...unpacked(item), importCount: stats?.importCount ?? 0, stats })] : [];
  });
  return { templates, total };
}

/**
 * A page's templates and their counters. Template ids sort by creation time, as the listing does, so a
 * page is one contiguous range of the organization's partition (TPL#<first id> .. TPL#<last id>#STATS):
 * one Query, billed by the bytes of the page (about 3 RCU for 20 templates of 8 columns), where a
 * BatchGet of two items per template bills each rounded up to 4 KB (20 RCU). A range holding more than
 * the page (ids out of creation order) is read up to a bound, and what it missed is fetched by key.
 */
async function pageItems(organizationId: string, ids: string[]): Promise<Record<string, any>[]> {
  if (ids.length === 0) return [];
  const sorted = [...ids].sort();
  const { pk } = keys.organization(organizationId);
  const wanted = new Set(ids.flatMap((id) => [keys.template(organizationId, id).sk, keys.templateStats(organizationId, id).sk]));
  const { items, complete } = await queryBetween(pk, keys.template(organizationId, sorted[0]).sk, keys.templateStats(organizationId, sorted.at(-1)!).sk, wanted.size + 20);
  const found = items.filter((item) => wanted.has(item.sk));
  // A whole range holds every item of the page that exists (a template imported into has a counter, one
  // never imported into has none); only a range cut short leaves some to fetch by key.
  if (complete) return found;
  const seen = new Set(found.map((item) => item.sk as string));
  return [...found, ...(await batchGetInOrder([...wanted].filter((sk) => !seen.has(sk)).map((sk) => ({ pk, sk }))))];
}

/** Apply only the fields present in the patch; updatedAt always moves. */
export async function updateTemplate(
  organizationId: string,
  templateId: string,
  patch: UpdateTemplateInput,
): Promise<Template> {
  const { columns, validationHook, ...rest } = patch;
  const changes: Record<string, unknown> = { ...rest, updatedAt: nowIso() };
  if (validationHook !== undefined) changes.validationHook = normalizeHook(validationHook);
  if (columns) changes.columnsBr = packJson(storableColumns(columns));
  const set = setFields(changes);
  const updated = await updateExisting({
    TableName: config().tableName,
    Key: keys.template(organizationId, templateId),
    ...set,
    // An item written before columns were packed loses its plain copy with its first new columns.
    ...(columns && { UpdateExpression: `${set.UpdateExpression} REMOVE #plainColumns`, ExpressionAttributeNames: { ...set.ExpressionAttributeNames, '#plainColumns': 'columns' } }),
  });
  if (!updated) throw templateNotFound();
  const stats = await templateStats(organizationId, templateId);
  return toTemplate({ ...unpacked(updated), importCount: Number(stats?.importCount ?? 0), stats });
}

/** Copy every column, rule and setting (embedEnabled included) under a new id and " (Copy)" name. */
export async function duplicateTemplate(organizationId: string, templateId: string): Promise<Template> {
  const source = await getTemplate(organizationId, templateId);
  const { id: _id, importCount: _count, validationHookStats: _stats, createdAt: _created, updatedAt: _updated, ...fields } = source;
  const allowedOrigins = source.embedEnabled ? ((await getEmbedTemplate(templateId))?.allowedOrigins ?? null) : null;
  return insertTemplate(organizationId, { ...fields, name: `${source.name} (Copy)` }, allowedOrigins);
}

/**
 * Delete the template and uncount it. Imports made with it keep their own snapshot and stay. Most
 * templates are not embedded: the first attempt deletes only when embedEnabled is false and leaves the
 * embed pointer alone (a transaction bills 2 WCU per item, absent ones too); a template embedded
 * meanwhile or before fails that condition and is deleted with its pointer.
 */
export async function deleteTemplate(organizationId: string, templateId: string): Promise<void> {
  const uncount = {
    Update: {
      TableName: config().tableName,
      Key: keys.organization(organizationId),
      UpdateExpression: 'ADD templateCount :minusOne',
      ExpressionAttributeValues: { ':minusOne': -1 },
    },
  };
  const deleteTemplateItem = (condition: Record<string, unknown>) => ({
    Delete: { TableName: config().tableName, Key: keys.template(organizationId, templateId), ...condition },
  });
  const notEmbedded = deleteTemplateItem({
    ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(embedEnabled) OR embedEnabled = :false)',
    ExpressionAttributeValues: { ':false': false },
  });
  if (await transactWrite([notEmbedded, uncount])) return;
  const deleted = await transactWrite([
    deleteTemplateItem({ ConditionExpression: 'attribute_exists(pk)' }),
    uncount,
    { Delete: { TableName: config().tableName, Key: keys.embedTemplate(templateId) } },
  ]);
  if (!deleted) throw templateNotFound();
}

/**
 * Dashboard setting (admin CLI): embedEnabled is not settable through the public API. The template's
 * flag and its embed pointer (with the allowed origins; null: any origin) change in one transaction.
 */
export async function setTemplateEmbed(
  organizationId: string,
  templateId: string,
  embed: { enabled: boolean; allowedOrigins?: string[] | null },
): Promise<{ template: Template; allowedOrigins: string[] | null }> {
  const allowedOrigins = embed.enabled ? (embed.allowedOrigins ?? null) : null;
  const changed = await transactWrite([
    {
      Update: {
        TableName: config().tableName,
        Key: keys.template(organizationId, templateId),
        ConditionExpression: 'attribute_exists(pk)',
        ...setFields({ embedEnabled: embed.enabled, updatedAt: nowIso() }),
      },
    },
    embed.enabled
      ? { Put: { TableName: config().tableName, Item: embedTemplateItem({ organizationId, templateId, allowedOrigins }) } }
      : { Delete: { TableName: config().tableName, Key: keys.embedTemplate(templateId) } },
  ]);
  if (!changed) throw templateNotFound();
  return { template: await getTemplate(organizationId, templateId), allowedOrigins };
}
