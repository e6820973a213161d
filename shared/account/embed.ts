// A template's embed setting, read, and turned on or off as `importctl template embed` does, with the snippet a
// page pastes (the widget loader of this stage).
import { notFound, validationError } from '../domain/errors';
import { isId } from '../domain/ids';
import { embedSnippet, normalizeOrigin } from '../domain/embed';
import { config } from '../config';
import { getTemplate, setTemplateEmbed } from '../data/templates';
import { getEmbedTemplate } from '../data/embed';
import type { OrganizationAccess } from './access';
import { recordAudit } from './audit';

/** What the embed setting of a template is now, for the dashboard's Embed page (any member). */
export async function showEmbed(access: OrganizationAccess, templateId: string | undefined) {
  if (!templateId || !isId('tpl', templateId)) throw notFound('Template');
  const template = await getTemplate(access.principal.organizationId, templateId);
  const pointer = template.embedEnabled ? await getEmbedTemplate(templateId) : undefined;
  return embedState(templateId, template.embedEnabled, pointer?.allowedOrigins ?? null);
}

export async function setEmbed(access: OrganizationAccess, templateId: string | undefined, input: { enabled: boolean; allowedOrigins?: string[] }) {
  if (!templateId || !isId('tpl', templateId)) throw notFound('Template');
  // An empty list or none: any origin may embed it (as importctl without --origins).
  const allowedOrigins = input.allowedOrigins?.length
    ? [...new Set(input.allowedOrigins.map((entry, i) => {
        const origin = normalizeOrigin(entry);
        if (!origin) throw validationError(`Validation error: allowedOrigins[${i}] must be an origin: scheme://host[:port], e.g. https://app.example.com`);
        return origin;
      }))]
    : null;
  const embed = await setTemplateEmbed(access.principal.organizationId, templateId, { enabled: input.enabled, allowedOrigins });
  await recordAudit(access.principal.organizationId, access.actor, input.enabled ? 'template.embed_enabled' : 'template.embed_disabled', {
    type: 'template',
    id: templateId,
  }, input.enabled ? { allowedOrigins: embed.allowedOrigins } : {});
  return embedState(templateId, embed.template.embedEnabled, embed.allowedOrigins);
}

function embedState(templateId: string, enabled: boolean, allowedOrigins: string[] | null) {
  return { templateId, enabled, allowedOrigins, snippet: enabled && config().widgetUrl ? embedSnippet(config().widgetUrl, templateId) : null };
}
