// Lambda for the dashboard endpoint group: the organization's own API for a signed-in person. The JWT
// was checked by the gateway; authenticate-user.ts counts the person's rate limit; every operation
// checks membership and role in the domain layer (shared/account/) before it touches anything.
import { apiHandler } from '../../shared/http/pipeline';
import { authenticateUser } from '../../shared/http/authenticate-user';
import { DASHBOARD_ROUTES } from '../../shared/http/dashboard-routes';
import { parseBody } from '../../shared/domain/validation';
import { CreateOrganizationSchema } from '../../shared/domain/account';
import * as account from '../../shared/account/organizations';

export const handler = apiHandler(
  DASHBOARD_ROUTES,
  {
    getMe: async ({ user }) => ({ status: 200, body: await account.me(user) }),

    createOrganization: async ({ user, body }) => {
      const { name } = parseBody(CreateOrganizationSchema, body);
      return { status: 201, body: await account.createOrganization(user, name) };
    },
  },
  authenticateUser(),
);
