// The organization's webhook secret: created with its first URL, rotated on request. A rotation keeps
// the previous secret signing beside the new one for 24 hours (PREVIOUS_SECRET_VALID_MS), so receivers
// can switch without refusing a single request; every attempt made meanwhile carries both signatures
// (signing.ts). Secrets are made by newWebhookSecret (Standard Webhooks form) and never logged.
import { replaceWebhookSecret, setOrganizationWebhookUrl, setSecretIfNone, type Organization, type PreviousWebhookSecret } from '../data/organizations';
import { config } from '../config';
import { newWebhookSecret } from '../domain/ids';
import { notFound, validationError } from '../domain/errors';
import { webhookUrlProblem } from '../domain/webhook-url';
import { PREVIOUS_SECRET_VALID_MS, type WebhookSecretRotated, type WebhookUrlSet } from '../domain/webhook-settings';

/**
 * A new secret for the organization, returned once. The current secret (if any) keeps signing beside it
 * until `previousExpiresAt` (null when there was none); an earlier previous secret stops at once.
 */
export async function rotateWebhookSecret(organizationId: string, now = Date.now()): Promise<WebhookSecretRotated> {
  const webhookSecret = newWebhookSecret();
  const rotated = await replaceWebhookSecret(organizationId, webhookSecret, new Date(now + PREVIOUS_SECRET_VALID_MS).toISOString());
  if (!rotated) throw notFound('Organization');
  return { webhookSecret, previousExpiresAt: rotated.previousExpiresAt };
}

/**
 * Set the webhook URL (checked by the address policy of this stage), or remove it with null. An
 * organization without a secret gets one with its URL: `webhookSecret` is that new secret, shown once,
 * and null otherwise (the existing secret is never returned).
 */
export async function setWebhookUrl(organizationId: string, url: string | null): Promise<WebhookUrlSet> {
  if (url !== null) {
    const problem = webhookUrlProblem(url, config().webhookAllowPrivate);
    if (problem) throw validationError(`Validation error: url ${problem.replace(/^webhook URL /, '')}`);
  }
  const candidate = newWebhookSecret();
  const set = await setOrganizationWebhookUrl(organizationId, url, candidate);
  if (!set) throw notFound('Organization');
  return { webhookUrl: set.organization.webhookUrl, secretCreated: set.secretCreated, webhookSecret: set.secretCreated ? candidate : null };
}

/** The secrets an attempt made at `at` is signed with: the current one, and the previous one while it has not expired. */
export function signingSecrets(
  organization: Pick<Organization, 'webhookSecret'> & PreviousWebhookSecret,
  at: number,
): { secret: string; previousSecret: string | null } | undefined {
  if (!organization.webhookSecret) return undefined;
  const { previousWebhookSecret: previous, previousWebhookSecretExpiresAt: expiresAt } = organization;
  const valid = Boolean(previous && expiresAt && Date.parse(expiresAt) > at);
  return { secret: organization.webhookSecret, previousSecret: valid ? previous! : null };
}

/**
 * Give the organization a webhook secret if it has none (its first validation hook: hook requests are
 * signed with it). The new secret is returned once; undefined when it already had one.
 */
export async function ensureWebhookSecret(organizationId: string): Promise<string | undefined> {
  const candidate = newWebhookSecret();
  return (await setSecretIfNone(organizationId, candidate)) ? candidate : undefined;
}
