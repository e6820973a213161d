// Test helpers for the dashboard API: signed-in people and a client that calls /dashboard/v1 as them.
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { baseUrl } from './api';
import { signInWithCode } from './identity';
import { buildApiEvent, lambdaContext } from '../../scripts/local/gateway';
import { handler } from '../../functions/dashboard/handler';
import type { SignedInUser } from '../../shared/domain/users';

export interface TestUser extends SignedInUser {
  /** Sends a request to the dashboard API as this person. */
  call<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T; headers: Record<string, string> }>;
}

/**
 * A person who signed up with the local provider (the code flow with PKCE, as the dashboard app does) and
 * calls the API through the gateway with their access token: the JWT authorizer, then the function.
 */
export function signedUpUser(name = 'user'): Promise<TestUser> {
  return signedInUser({ email: `${name}-${randomUUID().slice(0, 8)}@example.test`, password: `pw-${randomUUID()}`, signUp: true });
}

/** A person with a password (signed up already, e.g. in the browser, or now with `signUp`), calling as `signedUpUser`'s do. */
export async function signedInUser(account: { email: string; password: string; signUp?: boolean }): Promise<TestUser> {
  const tokens = await signInWithCode(baseUrl(), { ...account, signUp: account.signUp ?? false });
  return {
    userId: decodeJwt(tokens.access_token).sub!,
    email: account.email,
    emailVerified: true,
    async call(method, path, body) {
      const response = await fetch(`${baseUrl()}${path}`, {
        method,
        headers: { authorization: `Bearer ${tokens.access_token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: Object.fromEntries(response.headers) };
    },
  };
}

/**
 * A person whose token the gateway has verified, called in-process (for claims the local provider never
 * issues, such as an unverified email): the handler gets the claims API Gateway's JWT
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
