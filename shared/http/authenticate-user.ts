// The dashboard's caller: the signed-in person whose token API Gateway's JWT authorizer (or the local
// gateway, the same checks) has already verified, and the per-user rate limit, in one DynamoDB call.
// A request without the authorizer's claims never got past a gateway: 401 all the same (defense in depth).
import { unauthorized } from '../domain/errors';
import type { ApiMiddleware } from './middleware';
import { bucketForMethod } from '../domain/rate-limits';
import { userFromClaims, type JwtClaims } from '../domain/users';
import { countUserRequest } from '../data/users';

interface AuthorizerContext {
  jwt?: { claims?: JwtClaims };
}

export function authenticateUser(): ApiMiddleware {
  return {
    name: 'authenticateUser',
    before: async (request) => {
      const authorizer = (request.event.requestContext as { authorizer?: AuthorizerContext }).authorizer;
      const user = userFromClaims(authorizer?.jwt?.claims);
      if (!user) throw unauthorized('Sign in to use the dashboard API');
      const bucket = bucketForMethod(request.event.requestContext.http.method);
      request.context.api.rateLimit = await countUserRequest(user, bucket);
      request.context.api.user = user;
    },
  };
}
