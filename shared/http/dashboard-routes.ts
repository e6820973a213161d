// The dashboard function's routes: the organization's own API for a signed-in person (/dashboard/v1).
// Every route carries `authorizer: 'jwt'`: API Gateway's JWT authorizer (the local gateway alike)
// checks the token first; the function then checks the caller's membership and role in the domain
// layer (shared/account/access.ts). The routes that do what /api/v1 does for an API key's organization
// are made from /api/v1's own table (same shapes, same rules), under /organizations/{orgId}/.
// routes.ts joins every table.
import * as v from 'valibot';
import { SuccessMessageSchema, type RouteDefinition } from './route-definition';
import { TEMPLATE_ROUTES } from './template-routes';
import { API_KEY_ONLY_OPERATIONS, IMPORT_ROUTES } from './import-routes';
import { BRANDING_ROUTES } from './branding-routes';
import {
  ApiKeyListItemSchema,
  AuditEntrySchema,
  CreateApiKeySchema,
  CreatedApiKeySchema,
  CreatedInvitationSchema,
  CreateInvitationSchema,
  CreateOrganizationSchema,
  EmbedSettingsSchema,
  EmbedStateSchema,
  MembershipSchema,
  MemberSchema,
  MembersSchema,
  MeSchema,
  OrganizationSchema,
  UpdatedOrganizationSchema,
  UpdateMemberSchema,
  UpdateOrganizationSchema,
} from '../domain/account';
import { pageQuerySchema, PaginationSchema } from '../domain/pagination';
import { TemplateListItemSchema } from '../domain/templates';
import { WebhookSecretRotatedSchema, WebhookTestResultSchema } from '../domain/webhook-settings';
import { UsageQuerySchema, UsageSchema } from '../domain/usage';

type DashboardRoute = Omit<RouteDefinition, 'group' | 'authorizer'>;

/** 403: a role without the right; 404: an organization the caller is not a member of, like an unknown one. */
const dashboard = (route: DashboardRoute): RouteDefinition => ({ ...route, group: 'dashboard', authorizer: 'jwt' });

export const ORGANIZATION_PATH = '/dashboard/v1/organizations/{orgId}';

const inOrganization = (route: Omit<DashboardRoute, 'errors'> & { errors?: number[] }): RouteDefinition =>
  dashboard({ ...route, path: `${ORGANIZATION_PATH}${route.path}`, errors: [...new Set([...(route.errors ?? []), 403, 404])].sort() });

/** /api/v1/templates/{id} -> /dashboard/v1/organizations/{orgId}/templates/{id}; operation listTemplates -> dashboardListTemplates. */
export const dashboardOperationId = (apiOperationId: string) => `dashboard${apiOperationId[0].toUpperCase()}${apiOperationId.slice(1)}`;

/** The dashboard's list of templates also says which are embedded (its Templates page shows it); /api/v1's leaves it out (SPEC 2.1). */
const DashboardTemplateListSchema = v.object({
  data: v.array(v.object({ ...TemplateListItemSchema.entries, embedEnabled: v.boolean() })),
  pagination: PaginationSchema,
});

const withEmbedState = (route: RouteDefinition): RouteDefinition =>
  route.operationId === 'dashboardListTemplates' ? { ...route, summary: `${route.summary}, each with embedEnabled`, response: DashboardTemplateListSchema } : route;

const fromApi = (route: RouteDefinition): RouteDefinition =>
  inOrganization({
    ...route,
    path: route.path.replace(/^\/api\/v1(\/organization)?/, ''),
    operationId: dashboardOperationId(route.operationId),
  });

export const DASHBOARD_ROUTES: readonly RouteDefinition[] = [
  dashboard({
    method: 'GET',
    path: '/dashboard/v1/me',
    operationId: 'getMe',
    summary: 'The signed-in user and the organizations they belong to',
    status: 200,
    response: MeSchema,
    errors: [],
  }),
  dashboard({
    method: 'POST',
    path: '/dashboard/v1/organizations',
    operationId: 'createOrganization',
    summary: 'Create an organization (free plan) with the caller as its owner',
    status: 201,
    body: CreateOrganizationSchema,
    response: MembershipSchema,
    errors: [400],
  }),
  dashboard({
    method: 'POST',
    path: '/dashboard/v1/invitations/{invitationId}/accept',
    operationId: 'acceptInvitation',
    summary: 'Accept an invitation sent to the signed-in user\'s (verified) email address',
    description: 'An unknown, expired, used or someone else\'s invitation is 404; 409 ALREADY_MEMBER when already a member.',
    status: 200,
    response: MembershipSchema,
    errors: [403, 404, 409],
  }),
  inOrganization({
    method: 'GET',
    path: '',
    operationId: 'getOrganization',
    summary: 'The organization (any member)',
    status: 200,
    response: OrganizationSchema,
  }),
  inOrganization({
    method: 'PATCH',
    path: '',
    operationId: 'updateOrganization',
    summary: 'Rename (owners, admins) or set the webhook URL (and developers); the first URL makes the signing secret, shown once',
    status: 200,
    body: UpdateOrganizationSchema,
    response: UpdatedOrganizationSchema,
    errors: [400],
  }),
  inOrganization({
    method: 'POST',
    path: '/webhook/secret',
    operationId: 'rotateWebhookSecret',
    summary: 'A new webhook signing secret, shown once; the previous one keeps signing beside it for 24 hours',
    status: 200,
    response: WebhookSecretRotatedSchema,
  }),
  inOrganization({
    method: 'POST',
    path: '/webhook/test',
    operationId: 'sendWebhookTest',
    summary: 'Send a signed webhook.test event to the webhook URL now and return what the receiver did',
    description: 'One attempt, never queued or retried, at most 8 s. 409 WEBHOOK_NOT_CONFIGURED without a URL.',
    status: 200,
    response: WebhookTestResultSchema,
    errors: [409],
  }),
  ...TEMPLATE_ROUTES.map(fromApi).map(withEmbedState),
  inOrganization({
    method: 'GET',
    path: '/templates/{id}/embed',
    operationId: 'getTemplateEmbed',
    summary: 'Whether the embeddable widget is on for a template, its allowed origins and the snippet',
    status: 200,
    response: EmbedStateSchema,
  }),
  inOrganization({
    method: 'PUT',
    path: '/templates/{id}/embed',
    operationId: 'setTemplateEmbed',
    summary: 'Turn the embeddable widget on or off for a template, with its allowed origins; returns the snippet',
    status: 200,
    body: EmbedSettingsSchema,
    response: EmbedStateSchema,
    errors: [400],
  }),
  ...IMPORT_ROUTES.filter((route) => !API_KEY_ONLY_OPERATIONS.has(route.operationId)).map(fromApi),
  ...BRANDING_ROUTES.map(fromApi),
  inOrganization({
    method: 'GET',
    path: '/api-keys',
    operationId: 'listApiKeys',
    summary: 'The organization\'s active API keys: name, prefix, creator and last use (never the key)',
    status: 200,
    response: v.object({ data: v.array(ApiKeyListItemSchema) }),
  }),
  inOrganization({
    method: 'POST',
    path: '/api-keys',
    operationId: 'createApiKey',
    summary: 'Create an API key for /api/v1: the key is in this answer only',
    status: 201,
    body: CreateApiKeySchema,
    response: CreatedApiKeySchema,
    errors: [400],
  }),
  inOrganization({
    method: 'DELETE',
    path: '/api-keys/{keyId}',
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key: /api/v1 refuses it from the next request',
    status: 200,
    response: v.object({ ...SuccessMessageSchema.entries, keyId: v.string(), revokedAt: v.nullable(v.string()) }),
  }),
  inOrganization({
    method: 'GET',
    path: '/members',
    operationId: 'listMembers',
    summary: 'Members and pending invitations',
    status: 200,
    response: MembersSchema,
  }),
  inOrganization({
    method: 'POST',
    path: '/invitations',
    operationId: 'createInvitation',
    summary: 'Invite someone by email with a role (owners, admins; only owners invite owners)',
    status: 201,
    body: CreateInvitationSchema,
    response: CreatedInvitationSchema,
    errors: [400, 409],
  }),
  inOrganization({
    method: 'DELETE',
    path: '/invitations/{invitationId}',
    operationId: 'revokeInvitation',
    summary: 'Withdraw a pending invitation (owners, admins; an owner invitation: owners)',
    status: 200,
    response: SuccessMessageSchema,
  }),
  inOrganization({
    method: 'PATCH',
    path: '/members/{userId}',
    operationId: 'updateMember',
    summary: 'Change a member\'s role (owners, admins; only owners make or unmake owners)',
    status: 200,
    body: UpdateMemberSchema,
    response: MemberSchema,
    errors: [400, 409],
  }),
  inOrganization({
    method: 'DELETE',
    path: '/members/{userId}',
    operationId: 'removeMember',
    summary: 'Remove a member (owners, admins; owners only by owners), or leave (yourself)',
    description: '409 LAST_OWNER: an organization never loses its last owner.',
    status: 200,
    response: SuccessMessageSchema,
    errors: [409],
  }),
  inOrganization({
    method: 'GET',
    path: '/audit-log',
    operationId: 'listAuditLog',
    summary: 'Every change made through the dashboard API or importctl, newest first',
    status: 200,
    query: pageQuerySchema(),
    response: v.object({ data: v.array(AuditEntrySchema), pagination: PaginationSchema }),
    errors: [400],
  }),
  inOrganization({
    method: 'GET',
    path: '/usage',
    operationId: 'getUsage',
    summary: 'Per UTC day: imports by outcome, their rows, webhook deliveries by outcome (default: the last 30 days)',
    status: 200,
    query: UsageQuerySchema,
    response: UsageSchema,
    errors: [400],
  }),
];
