// Template persistence. A template and its organization's template counter change in one transaction,
// so `pagination.total` is exact without counting items.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { config } from '../config';
import { keys, listings } from './table';
import { fetchListingPage } from './listing';
import { transactWrite, updateExisting } from './writes';
import { setFields } from './expressions';
import { getOrganization } from './organizations';
import { newId, nowIso } from '../domain/ids';
import {
  storableColumns,
  toTemplate,
  type CreateTemplateInput,
  type Template,
  type UpdateTemplateInput,
} from '../domain/templates';
import type { PageRequest } from '../domain/pagination';
import { notFound } from '../http/errors';

const templateNotFound = () => notFound('Template');

type NewTemplate = Omit<Template, 'id' | 'importCount' | 'createdAt' | 'updatedAt'>;

export function templateFromInput(input: CreateTemplateInput): NewTemplate {
  return {
    name: input.name,
    description: input.description ?? null,
    columns: storableColumns(input.columns),
    allowExtraColumns: input.allowExtraColumns ?? false,
    skipHeaderRows: input.skipHeaderRows ?? 1,
    allowPartialImport: input.allowPartialImport ?? false,
    embedEnabled: false,
  };
}

/** Insert a template and count it on the organization, atomically. */
export async function insertTemplate(organizationId: string, fields: NewTemplate): Promise<Template> {
  const now = nowIso();
  const id = newId('tpl');
  const template: Template = { id, ...fields, importCount: 0, createdAt: now, updatedAt: now };
  const stored = await transactWrite([
    {
      Put: {
        TableName: config().tableName,
        Item: {
          ...keys.template(organizationId, id),
          gsi1pk: listings.templates(organizationId),
          gsi1sk: listings.sortKey(now, id),
          ...template,
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
  ]);
  if (!stored) throw new Error(`Organization ${organizationId} missing while creating a template`);
  return template;
}

export async function getTemplate(organizationId: string, templateId: string): Promise<Template> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: config().tableName,
      Key: keys.template(organizationId, templateId),
      ConsistentRead: true,
    }),
  );
  if (!Item) throw templateNotFound();
  return toTemplate(Item);
}

export async function listTemplates(organizationId: string, pageRequest: PageRequest) {
  const total = (await getOrganization(organizationId))?.templateCount ?? 0;
  const items = await fetchListingPage(listings.templates(organizationId), pageRequest, total);
  return { templates: items.map(toTemplate), total };
}

/** Apply only the fields present in the patch; updatedAt always moves. */
export async function updateTemplate(
  organizationId: string,
  templateId: string,
  patch: UpdateTemplateInput,
): Promise<Template> {
  const changes: Record<string, unknown> = { ...patch, updatedAt: nowIso() };
  if (patch.columns) changes.columns = storableColumns(patch.columns);
  const updated = await updateExisting({
    TableName: config().tableName,
    Key: keys.template(organizationId, templateId),
    ...setFields(changes),
  });
  if (!updated) throw templateNotFound();
  return toTemplate(updated);
}

/** Copy every column, rule and setting (embedEnabled included) under a new id and " (Copy)" name. */
export async function duplicateTemplate(organizationId: string, templateId: string): Promise<Template> {
  const source = await getTemplate(organizationId, templateId);
  const { id: _id, importCount: _count, createdAt: _created, updatedAt: _updated, ...fields } = source;
  return insertTemplate(organizationId, { ...fields, name: `${source.name} (Copy)` });
}

/** Delete the template and uncount it. Imports made with it keep their own snapshot and stay. */
export async function deleteTemplate(organizationId: string, templateId: string): Promise<void> {
  const deleted = await transactWrite([
    {
      Delete: {
        TableName: config().tableName,
        Key: keys.template(organizationId, templateId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    {
      Update: {
        TableName: config().tableName,
        Key: keys.organization(organizationId),
        UpdateExpression: 'ADD templateCount :minusOne',
        ExpressionAttributeValues: { ':minusOne': -1 },
      },
    },
  ]);
  if (!deleted) throw templateNotFound();
}

/** Dashboard setting (admin CLI): embedEnabled is not settable through the public API. */
export async function setEmbedEnabled(organizationId: string, templateId: string, enabled: boolean) {
  const updated = await updateExisting({
    TableName: config().tableName,
    Key: keys.template(organizationId, templateId),
    ...setFields({ embedEnabled: enabled, updatedAt: nowIso() }),
  });
  if (!updated) throw templateNotFound();
  return toTemplate(updated);
}
