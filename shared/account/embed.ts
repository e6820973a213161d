// Turning the widget on or off for a template, as `importctl template embed` does, with the snippet a
// page pastes (the widget loader of this stage).
import { notFound, validationError } from '../domain/errors';
import { isId } from '../domain/ids';
import { embedSnippet, normalizeOrigin } from '../domain/embed';
import { config } from '../config';
import { setTemplateEmbed } from '../data/templates';
import type { OrganizationAccess } from './access';
import { recordAudit } from './audit';

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
  return {
    templateId,
    enabled: embed.template.embedEnabled,
    allowedOrigins: embed.allowedOrigins,
    snippet: embed.template.embedEnabled && config().widgetUrl ? embedSnippet(config().widgetUrl, templateId) : null,
  };
}
