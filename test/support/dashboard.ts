// Test helpers for the dashboard API: signed-in people and a client that calls /dashboard/v1 as them.
import { randomUUID } from 'node:crypto';
import { buildApiEvent, lambdaContext } from '../../scripts/local/gateway';
import { handler } from '../../functions/dashboard/handler';
import type { SignedInUser } from '../../shared/domain/users';

export interface TestUser extends SignedInUser {
  /** Sends a request to the dashboard API as this person. */
  call<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T; headers: Record<string, string> }>;
}

/**
 * A person whose token the gateway has verified: the handler gets the claims API Gateway's JWT
 * authorizer hands over (strings). The gateway's own checks are tested with real tokens elsewhere.
 */
export function testUser(name = 'user', { emailVerified = true, email }: { emailVerified?: boolean; email?: string } = {}): TestUser {
  const userId = randomUUID();
  email ??= `${name}-${userId.slice(0, 8)}@example.test`;
  const user = { userId, email, emailVerified };
  return {
    ...user,
    async call(method, path, body) {
      const requestId = randomUUID();
      const { event } = buildApiEvent(
        {
          method,
          url: path,
          headers: { 'content-type': 'application/json' },
          body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
        },
        requestId,
      );
      (event.requestContext as any).authorizer = {
        jwt: { claims: { sub: userId, email: email!, email_verified: String(emailVerified) }, scopes: ['openid', 'email'] },
      };
      const result = await handler(event, lambdaContext('test-dashboard', requestId));
      return { status: result.statusCode ?? 200, body: result.body ? JSON.parse(result.body) : undefined, headers: result.headers };
    },
  };
}
