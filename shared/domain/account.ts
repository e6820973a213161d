// The organization's account as the dashboard API shows it: the signed-in user, their memberships and
// the request shapes of the account routes (valibot: validation and the OpenAPI document alike).
import * as v from 'valibot';
import { PLANS } from './plans';
import { ROLES } from './roles';
import { msg } from './validation';
import { WEBHOOK_URL_MAX } from './webhook-settings';

export const ORGANIZATION_NAME_MAX = 100;

const organizationName = v.pipe(
  v.string(msg.string),
  v.trim(),
  v.minLength(1, msg.minChars(1)),
  v.maxLength(ORGANIZATION_NAME_MAX, msg.maxChars(ORGANIZATION_NAME_MAX)),
);

export const CreateOrganizationSchema = v.strictObject({ name: organizationName });

export const MembershipSchema = v.object({
  organizationId: v.string(),
  name: v.string(),
  role: v.picklist(ROLES),
  plan: v.picklist(PLANS),
});
export type Membership = v.InferOutput<typeof MembershipSchema>;

export const MeSchema = v.object({
  user: v.object({ id: v.string(), email: v.string() }),
  memberships: v.array(MembershipSchema),
});

/** The organization as its members see it: never the webhook secret, only whether there is one. */
export const OrganizationSchema = v.object({
  organizationId: v.string(),
  name: v.string(),
  plan: v.picklist(PLANS),
  webhookUrl: v.nullable(v.string()),
  webhookSecretSet: v.boolean(),
  createdAt: v.string(),
  updatedAt: v.string(),
});

export const UpdateOrganizationSchema = v.pipe(
  v.strictObject({
    name: v.optional(organizationName),
    webhookUrl: v.optional(v.nullable(v.pipe(v.string(msg.string), v.trim(), v.maxLength(WEBHOOK_URL_MAX, msg.maxChars(WEBHOOK_URL_MAX))))),
  }),
  v.check((input) => input.name !== undefined || input.webhookUrl !== undefined, 'must set name or webhookUrl'),
);

/** A PATCH that set the first webhook URL also made the signing secret: shown here once. */
export const UpdatedOrganizationSchema = v.object({ ...OrganizationSchema.entries, webhookSecret: v.optional(v.string()) });

export const EMBED_ORIGINS_MAX = 50;

export const EmbedSettingsSchema = v.strictObject({
  enabled: v.boolean(msg.boolean),
  allowedOrigins: v.optional(
    v.pipe(v.array(v.pipe(v.string(msg.string), v.maxLength(300, msg.maxChars(300))), msg.array), v.maxLength(EMBED_ORIGINS_MAX, msg.maxItems(EMBED_ORIGINS_MAX))),
  ),
});

export const EmbedStateSchema = v.object({
  templateId: v.string(),
  enabled: v.boolean(),
  allowedOrigins: v.nullable(v.array(v.string())),
  snippet: v.nullable(v.string()),
});

const keyName = v.pipe(v.string(msg.string), v.trim(), v.minLength(1, msg.minChars(1)), v.maxLength(100, msg.maxChars(100)));

export const CreateApiKeySchema = v.strictObject({ name: keyName });

const ActorSchema = v.object({ id: v.string(), email: v.nullable(v.string()) });

export const CreatedApiKeySchema = v.object({ keyId: v.string(), name: v.string(), apiKey: v.string(), createdAt: v.string() });

export const ApiKeyListItemSchema = v.object({
  keyId: v.string(),
  name: v.string(),
  prefix: v.nullable(v.string()),
  createdAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
  createdBy: v.nullable(ActorSchema),
});

export const EMAIL_MAX = 254;
const email = v.pipe(v.string(msg.string), v.trim(), v.toLowerCase(), v.maxLength(EMAIL_MAX, msg.maxChars(EMAIL_MAX)), v.email('must be an email address'));

export const CreateInvitationSchema = v.strictObject({ email, role: v.picklist(ROLES, `must be one of: ${ROLES.join(', ')}`) });

export const InvitationSchema = v.object({
  invitationId: v.string(),
  email: v.string(),
  role: v.picklist(ROLES),
  invitedBy: ActorSchema,
  createdAt: v.string(),
  expiresAt: v.string(),
});

export const CreatedInvitationSchema = v.object({
  ...InvitationSchema.entries,
  acceptUrl: v.string(),
  /** How it reached the invitee: SES, the local outbox, or not at all (share acceptUrl yourself). */
  delivery: v.picklist(['emailed', 'outbox', 'not-sent']),
});

export const MemberSchema = v.object({ userId: v.string(), email: v.string(), role: v.picklist(ROLES), joinedAt: v.string() });

export const MembersSchema = v.object({ data: v.array(MemberSchema), invitations: v.array(InvitationSchema) });

export const UpdateMemberSchema = v.strictObject({ role: v.picklist(ROLES, `must be one of: ${ROLES.join(', ')}`) });

export const AuditEntrySchema = v.object({
  at: v.string(),
  actor: ActorSchema,
  action: v.string(),
  target: v.object({ type: v.string(), id: v.string() }),
  details: v.record(v.string(), v.unknown()),
});
