// Lambda for the dashboard endpoint group: the organization's own API for a signed-in person. The JWT
// was checked by the gateway; authenticate-user.ts counts the person's rate limit; every organization
// operation first resolves the caller's membership and checks the permission its role needs
// (shared/account/access.ts: 404 for a non-member, 403 for a role without the right), then runs.
import { apiHandler, type Operation, type OperationRequest, type OperationResult } from '../../shared/http/pipeline';
import { authenticateUser } from '../../shared/http/authenticate-user';
import { DASHBOARD_ROUTES, dashboardOperationId } from '../../shared/http/dashboard-routes';
import { parseBody } from '../../shared/domain/validation';
import { parsePageRequest, pagination } from '../../shared/domain/pagination';
import {
  CreateApiKeySchema,
  CreateInvitationSchema,
  CreateOrganizationSchema,
  EmbedSettingsSchema,
  UpdateMemberSchema,
  UpdateOrganizationSchema,
} from '../../shared/domain/account';
import type { Permission } from '../../shared/domain/roles';
import { organizationAccess, type OrganizationAccess } from '../../shared/account/access';
import { recordAudit } from '../../shared/account/audit';
import * as account from '../../shared/account/organizations';
import * as settings from '../../shared/account/organization-settings';
import * as apiKeys from '../../shared/account/api-keys';
import * as members from '../../shared/account/members';
import { setEmbed, showEmbed } from '../../shared/account/embed';
import { listTemplates } from '../../shared/data/templates';
import { toTemplateListItem } from '../../shared/domain/templates';
import { auditPage } from '../../shared/data/audit-log';
import { readUsage } from '../../shared/data/usage';
import { parseUsageQuery, priceUsage } from '../../shared/domain/usage';
import { templateOperations } from '../../shared/http/operations/templates';
import { importOperations } from '../../shared/http/operations/imports';
import { brandingOperations } from '../../shared/http/operations/branding';

type MemberOperation = (access: OrganizationAccess, request: OperationRequest) => Promise<OperationResult>;

/** An operation in the caller's organization, for members whose role grants `permission`. */
const asMember = (permission: Permission, run: MemberOperation): Operation => async (request) =>
  run(await organizationAccess(request.user, request.pathParameters.orgId, permission), request);

/** What a successful shared operation changed, for the audit log (reads record nothing). */
type AuditOf = (request: OperationRequest, result: OperationResult) => { action: string; target: { type: string; id: string }; details?: Record<string, unknown> };

/** One of /api/v1's operations, run for the member's organization exactly as for an API key's. */
const shared = (operations: Record<string, Operation>, apiOperationId: string, permission: Permission, audit?: AuditOf) =>
  [
    dashboardOperationId(apiOperationId),
    asMember(permission, async (access, request) => {
      const result = await operations[apiOperationId]({ ...request, principal: access.principal });
      if (audit) {
        const { action, target, details } = audit(request, result);
        await recordAudit(access.principal.organizationId, access.actor, action, target, details);
      }
      return result;
    }),
  ] as const;

const body = (request: OperationRequest) => (request.body ?? {}) as Record<string, unknown>;
const created = (result: OperationResult) => result.body as { id: string; name: string };
const template = (id: string | undefined) => ({ type: 'template', id: id ?? '' });

export const handler = apiHandler(
  DASHBOARD_ROUTES,
  {
    getMe: async ({ user }) => ({ status: 200, body: await account.me(user) }),

    createOrganization: async ({ user, body: input }) => {
      const { name } = parseBody(CreateOrganizationSchema, input);
      return { status: 201, body: await account.createOrganization(user, name) };
    },

    acceptInvitation: async ({ user, pathParameters }) => ({ status: 200, body: await members.accept(user, pathParameters.invitationId) }),

    getOrganization: asMember('read', async (access) => ({ status: 200, body: settings.showOrganization(access.organization) })),

    updateOrganization: asMember('build', async (access, request) => ({
      status: 200,
      body: await settings.changeOrganization(access, parseBody(UpdateOrganizationSchema, request.body)),
    })),

    rotateWebhookSecret: asMember('build', async (access) => ({ status: 200, body: await settings.rotateSecret(access) })),

    sendWebhookTest: asMember('build', async (access) => ({ status: 200, body: await settings.testWebhook(access) })),

    // /api/v1's list, with each template's embedEnabled (the dashboard's list shows it).
    dashboardListTemplates: asMember('read', async (access, request) => {
      const pageRequest = parsePageRequest(request.query);
      const { templates, total } = await listTemplates(access.principal.organizationId, pageRequest);
      const data = templates.map((template) => ({ ...toTemplateListItem(template), embedEnabled: template.embedEnabled }));
      return { status: 200, body: { data, pagination: pagination(pageRequest, total) } };
    }),

    ...Object.fromEntries([
      shared(templateOperations, 'getTemplate', 'read'),
      shared(templateOperations, 'createTemplate', 'build', (_request, result) => ({
        action: 'template.created',
        target: template(created(result).id),
        details: { name: created(result).name },
      })),
      shared(templateOperations, 'updateTemplate', 'build', (request) => ({
        action: 'template.updated',
        target: template(request.pathParameters.id),
        details: { fields: Object.keys(body(request)) },
      })),
      shared(templateOperations, 'duplicateTemplate', 'build', (request, result) => ({
        action: 'template.duplicated',
        target: template(created(result).id),
        details: { from: request.pathParameters.id, name: created(result).name },
      })),
      shared(templateOperations, 'deleteTemplate', 'build', (request) => ({ action: 'template.deleted', target: template(request.pathParameters.id) })),
      shared(importOperations, 'listImports', 'read'),
      shared(importOperations, 'getImport', 'read'),
      shared(importOperations, 'listImportRows', 'read'),
      shared(importOperations, 'listImportErrors', 'read'),
      shared(importOperations, 'listImportCorrections', 'read'),
      shared(importOperations, 'listWebhookAttempts', 'read'),
      shared(importOperations, 'listHookCalls', 'read'),
      shared(templateOperations, 'testValidationHook', 'build'),
      shared(importOperations, 'resendWebhook', 'build', (request, result) => ({
        action: 'import.webhook_resent',
        target: { type: 'import', id: request.pathParameters.id ?? '' },
        details: { delivery: (result.body as { delivery: number }).delivery },
      })),
      shared(brandingOperations, 'getBranding', 'read'),
      shared(brandingOperations, 'updateBranding', 'manage', (request) => ({
        action: 'branding.updated',
        target: { type: 'branding', id: 'branding' },
        details: { fields: Object.keys(body(request)) },
      })),
    ]),

    getTemplateEmbed: asMember('read', async (access, request) => ({ status: 200, body: await showEmbed(access, request.pathParameters.id) })),

    setTemplateEmbed: asMember('build', async (access, request) => ({
      status: 200,
      body: await setEmbed(access, request.pathParameters.id, parseBody(EmbedSettingsSchema, request.body)),
    })),

    listApiKeys: asMember('read', async (access) => ({ status: 200, body: await apiKeys.listKeys(access) })),

    createApiKey: asMember('build', async (access, request) => ({
      status: 201,
      body: await apiKeys.createKey(access, parseBody(CreateApiKeySchema, request.body).name),
    })),

    revokeApiKey: asMember('build', async (access, request) => ({
      status: 200,
      body: await apiKeys.revokeKey(access, request.pathParameters.keyId),
    })),

    listMembers: asMember('read', async (access) => ({ status: 200, body: await members.members(access) })),

    createInvitation: asMember('manage', async (access, request) => {
      const { email, role } = parseBody(CreateInvitationSchema, request.body);
      return { status: 201, body: await members.invite(access, email, role) };
    }),

    revokeInvitation: asMember('manage', async (access, request) => ({
      status: 200,
      body: await members.withdraw(access, request.pathParameters.invitationId),
    })),

    updateMember: asMember('manage', async (access, request) => ({
      status: 200,
      body: await members.setRole(access, request.pathParameters.userId, parseBody(UpdateMemberSchema, request.body).role),
    })),

    // Any member may leave; removing someone else needs 'manage' (members.remove decides).
    removeMember: asMember('read', async (access, request) => ({
      status: 200,
      body: await members.remove(access, request.pathParameters.userId),
    })),

    listAuditLog: asMember('read', async (access, request) => {
      const pageRequest = parsePageRequest(request.query);
      const { entries, total } = await auditPage(access.principal.organizationId, pageRequest);
      return { status: 200, body: { data: entries, pagination: pagination(pageRequest, total) } };
    }),

    getUsage: asMember('read', async (access, request) => {
      const { from, to } = parseUsageQuery(request.query);
      return { status: 200, body: priceUsage(from, to, await readUsage(access.principal.organizationId, from, to)) };
    }),
  },
  authenticateUser(),
);
