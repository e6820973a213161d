// The dashboard function's routes: the organization's own API for a signed-in person (/dashboard/v1).
// Every route carries `authorizer: 'jwt'`: API Gateway's JWT authorizer (the local gateway alike)
// checks the token first; the function then checks the caller's membership and role in the domain
// layer (shared/account/access.ts). routes.ts joins every table.
import { type RouteDefinition } from './route-definition';
import { CreateOrganizationSchema, MeSchema, MembershipSchema } from '../domain/account';

type DashboardRoute = Omit<RouteDefinition, 'group' | 'authorizer'>;

const dashboard = (route: DashboardRoute): RouteDefinition => ({ ...route, group: 'dashboard', authorizer: 'jwt' });

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
];

