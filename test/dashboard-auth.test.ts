// Signing in to the dashboard API locally: the local OpenID Connect provider (Cognito's stand-in) issues
// the tokens, the local gateway's JWT authorizer checks them as API Gateway does before any dashboard
// function runs. A user from importctl and one from the sign-up form reach GET /me; every hostile token
// is 401 {"message":"Unauthorized"} on every route with `authorizer: 'jwt'` and changes nothing.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, importJWK, SignJWT, UnsecuredJWT, type JWK } from 'jose';
import { ROUTES } from '../shared/http/routes';
import { readLocalStackState, type LocalStackState } from '../scripts/local/state';
import { UserStore } from '../scripts/local/identity-store';
import { claimString, createJwtAuthorizer } from '../scripts/local/jwt-authorizer';
import { importctl } from './support/importctl';
import { scratchDir } from './support/scratch';
import { baseUrl, call } from './support/api';
import { DASHBOARD_CLIENT_ID, refresh, signInWithCode } from './support/identity';

// importctl commands are fresh Node processes compiling TypeScript; scrypt costs ~100 ms a password.
jest.setTimeout(120_000);

const scratch = scratchDir('dashboard-auth');
let state: LocalStackState;
beforeAll(() => {
  state = readLocalStackState(process.env.TEST_DATA_DIR!)!;
});

const email = () => `person-${randomUUID()}@example.com`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function createUserWithToken(address = email(), password = 'a long passphrase') {
  const created = await importctl(['user', 'create', '--email', address, '--password', password]);
  expect(created).toMatchObject({ code: 0 });
  const token = await importctl(['user', 'token', '--email', address]);
  expect(token).toMatchObject({ code: 0 });
  return { user: created.json, accessToken: token.json.accessToken as string, expiresAt: token.json.expiresAt as string };
}

/** The provider's own signing key, read from its directory: to sign tokens that are wrong in one claim only. */
async function providerKey() {
  const { jwks } = JSON.parse(readFileSync(join(state.identityDir, 'keys.json'), 'utf8')) as { jwks: { keys: JWK[] } };
  const [jwk] = jwks.keys;
  return { kid: jwk.kid!, key: await importJWK(jwk, 'RS256') };
}

async function signed(claims: Record<string, unknown>, options: { kid?: string | null; exp?: number | string; key?: Parameters<SignJWT['sign']>[0]; alg?: string } = {}) {
  const own = await providerKey();
  const kid = options.kid === null ? undefined : (options.kid ?? own.kid);
  const jwt = new SignJWT({ scope: 'openid email', email: 'forged@example.com', email_verified: true, client_id: DASHBOARD_CLIENT_ID, ...claims })
    .setProtectedHeader({ alg: options.alg ?? 'RS256', typ: 'at+jwt', ...(kid ? { kid } : {}) })
    .setSubject(String(claims.sub ?? randomUUID()))
    .setJti(randomUUID())
    .setExpirationTime(options.exp ?? '1h');
  if (!('iat' in claims)) jwt.setIssuedAt();
  if (!('iss' in claims)) jwt.setIssuer(state.issuer);
  if (!('aud' in claims)) jwt.setAudience(DASHBOARD_CLIENT_ID);
  return jwt.sign(options.key ?? own.key);
}

/** Every route the JWT authorizer guards, with its path parameters filled in. */
const jwtRoutes = ROUTES.filter((route) => route.authorizer === 'jwt').map((route) => ({
  method: route.method,
  path: route.path.replace(/\{[^}]+\}/g, 'x'),
}));

describe('the local OpenID Connect provider and the gateway JWT authorizer', () => {
  it('has routes to guard', () => {
    expect(jwtRoutes.length).toBeGreaterThanOrEqual(2);
    expect(jwtRoutes).toContainEqual({ method: 'GET', path: '/dashboard/v1/me' });
  });

  it('publishes its discovery document and keys, and the stack state names issuer and client', async () => {
    expect(state).toMatchObject({ issuer: `${baseUrl()}/oidc`, dashboardClientId: DASHBOARD_CLIENT_ID, signUpUrl: `${baseUrl()}/oidc/sign-up` });
    const discovery = (await (await fetch(`${state.issuer}/.well-known/openid-configuration`)).json()) as any;
    expect(discovery).toMatchObject({
      issuer: state.issuer,
      jwks_uri: `${state.issuer}/jwks`,
      authorization_endpoint: `${state.issuer}/auth`,
      token_endpoint: `${state.issuer}/token`,
      code_challenge_methods_supported: ['S256'],
    });
    const jwks = (await (await fetch(discovery.jwks_uri)).json()) as any;
    expect(jwks.keys).toEqual([expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) })]);
    // Public halves only.
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it('a user created with importctl gets a token from importctl user token, and GET /me answers with their email', async () => {
    const address = email();
    const { user, accessToken, expiresAt } = await createUserWithToken(address.toUpperCase());
    expect(user).toEqual({ userId: expect.stringMatching(/^[0-9a-f-]{36}$/), email: address, emailVerified: true, issuer: state.issuer });
    const lifetime = new Date(expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(3500_000);
    expect(lifetime).toBeLessThanOrEqual(3600_000);
    expect(decodeProtectedHeader(accessToken)).toMatchObject({ alg: 'RS256', typ: 'at+jwt', kid: expect.any(String) });
    expect(decodeJwt(accessToken)).toMatchObject({
      iss: state.issuer,
      aud: DASHBOARD_CLIENT_ID,
      client_id: DASHBOARD_CLIENT_ID,
      sub: user.userId,
      email: address,
      email_verified: true,
      scope: 'openid email',
    });

    const me = await call('GET', '/dashboard/v1/me', { headers: bearer(accessToken) });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ user: { id: user.userId, email: address }, memberships: [] });
    // API Gateway's identity source takes the token with or without "Bearer ".
    expect((await call('GET', '/dashboard/v1/me', { headers: { authorization: accessToken } })).status).toBe(200);
  });

  it('keeps every user that importctl processes create at the same moment, each found by email and by subject', async () => {
    // While every change replaced one users.json whole, one of two creators writing at once could be lost.
    const addresses = [email(), email(), email(), email()];
    const created = await Promise.all(addresses.map((address) => importctl(['user', 'create', '--email', address, '--password', 'long enough'])));
    expect(created.map((result) => result.code)).toEqual([0, 0, 0, 0]);
    const store = new UserStore(state.identityDir);
    for (const [i, address] of addresses.entries()) {
      expect(store.findByEmail(address.toUpperCase())).toMatchObject({ email: address, sub: created[i].json.userId });
      expect(store.findBySub(created[i].json.userId)).toMatchObject({ email: address });
    }
  });

  it('adopts the users.json of an earlier version into one file per user', async () => {
    const dir = mkdtempSync(join(scratch, 'identity-'));
    const elsewhere = new UserStore(join(dir, 'scratch'));
    const users = [await elsewhere.create(email(), 'long enough'), await elsewhere.create(email(), 'long enough')];
    writeFileSync(join(dir, 'users.json'), JSON.stringify({ users }));
    const store = new UserStore(dir);
    expect(existsSync(join(dir, 'users.json'))).toBe(false);
    for (const user of users) {
      expect(store.findByEmail(user.email)).toEqual(user);
      expect(store.findBySub(user.sub)).toEqual(user);
      expect(await store.authenticate(user.email, 'long enough')).toEqual(user);
    }
    await expect(store.create(users[0].email, 'long enough')).rejects.toThrow('already exists');
  });

  it('importctl user refuses a second user with the same email, a short password, an unknown user and a deployed stage', async () => {
    const address = email();
    expect((await importctl(['user', 'create', '--email', address, '--password', 'long enough'])).code).toBe(0);
    const again = await importctl(['user', 'create', '--email', address.toUpperCase(), '--password', 'long enough']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`A user with the email ${address} already exists`);
    const short = await importctl(['user', 'create', '--email', email(), '--password', 'short']);
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('at least 8 characters');
    const unknown = await importctl(['user', 'token', '--email', email()]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No user with the email');
    const deployed = await importctl(['user', 'token', '--email', address, '--stage', 'prod']);
    expect(deployed.code).toBe(1);
    expect(deployed.stderr).toContain('works on the local stack only');
    const noStack = await importctl(['user', 'create', '--email', email(), '--password', 'long enough'], { DATA_DIR: join(state.identityDir, 'nowhere') });
    expect(noStack.code).toBe(1);
    expect(noStack.stderr).toContain('needs the local stack');
    const missing = await importctl(['user', 'create', '--email', email()]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--password is required');
  });

  it('signs up through the form with code + PKCE, signs in again, refreshes, and the tokens reach GET /me', async () => {
    const address = email();
    const pages: Record<string, string> = {};
    const tokens = await signInWithCode(baseUrl(), { email: address, password: 'correct horse battery', signUp: true }, {
      onPage: (html, step) => (pages[step] = html),
    });
    // Accessible forms: labelled fields with autocomplete hints, links between the two pages.
    expect(pages['sign-in']).toMatch(/<label for="email">Email address<\/label>/);
    expect(pages['sign-in']).toContain('autocomplete="username"');
    expect(pages['sign-in']).toContain('autocomplete="current-password"');
    expect(pages['sign-in']).toMatch(/<a href="\/oidc\/interaction\/[^"]+\/sign-up">Create an account<\/a>/);
    expect(pages['sign-up']).toContain('autocomplete="new-password"');
    expect(pages['sign-up']).toMatch(/<a href="\/oidc\/interaction\/[^"/]+">Sign in<\/a>/);
    expect(pages['sign-up']).not.toMatch(/<script/i);

    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'openid email', refresh_token: expect.any(String) });
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({ iss: state.issuer, aud: DASHBOARD_CLIENT_ID, email: address, email_verified: true });
    expect(decodeJwt(tokens.id_token)).toMatchObject({ iss: state.issuer, aud: DASHBOARD_CLIENT_ID, sub: claims.sub, email: address });
    const me = await call('GET', '/dashboard/v1/me', { headers: bearer(tokens.access_token) });
    expect(me).toMatchObject({ status: 200, body: { user: { id: claims.sub, email: address } } });
    // The ID token is valid but carries no scope: the routes' scope check refuses it, as API Gateway's does.
    expect(await call('GET', '/dashboard/v1/me', { headers: bearer(tokens.id_token) })).toMatchObject({ status: 403, body: { message: 'Forbidden' } });

    // An SPA renews silently: a new access token (and a rotated refresh token) for the same person.
    const renewed = await refresh(baseUrl(), tokens.refresh_token!);
    expect(renewed.status).toBe(200);
    expect(decodeJwt(renewed.body.access_token!)).toMatchObject({ sub: claims.sub, aud: DASHBOARD_CLIENT_ID, email: address });
    expect(renewed.body.refresh_token).not.toBe(tokens.refresh_token);
    expect((await refresh(baseUrl(), tokens.refresh_token!)).status).toBe(400);

    const again = await signInWithCode(baseUrl(), { email: address.toUpperCase(), password: 'correct horse battery', signUp: false });
    expect(decodeJwt(again.access_token).sub).toBe(claims.sub);
    await expect(signInWithCode(baseUrl(), { email: address, password: 'wrong horse battery', signUp: false })).rejects.toThrow(
      /the form answered 401: [\s\S]*The email address or the password is not right/,
    );
    await expect(signInWithCode(baseUrl(), { email: address, password: 'another password', signUp: true })).rejects.toThrow(
      /the form answered 409: [\s\S]*aria-invalid="true"[\s\S]*exists already/,
    );
    await expect(signInWithCode(baseUrl(), { email: email(), password: 'short', signUp: true })).rejects.toThrow(
      /the form answered 400: [\s\S]*id="password-error">Use at least 8 characters/,
    );
  });

  it('refuses an authorization request without PKCE', async () => {
    const authorize = new URL(`${state.issuer}/auth`);
    authorize.search = new URLSearchParams({
      client_id: DASHBOARD_CLIENT_ID,
      response_type: 'code',
      redirect_uri: `${baseUrl()}/dashboard/callback`,
      scope: 'openid email',
    }).toString();
    const response = await fetch(authorize, { redirect: 'manual' });
    const location = new URL(response.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('answers 401 {"message":"Unauthorized"} before any function runs, for every hostile token on every JWT route', async () => {
    const { user } = await createUserWithToken();
    const { privateKey: strangerKey } = await generateKeyPair('RS256', { extractable: true });
    const own = await providerKey();
    // The published public key, as an attacker has it: an HS256 secret made of it must not pass.
    const publicJwk = ((await (await fetch(`${state.issuer}/jwks`)).json()) as { keys: JWK[] }).keys[0];
    const { apiKey } = (await importctl(['org', 'create', '--name', 'Key holder'])).json;
    const hostile: Record<string, string | undefined> = {
      'no Authorization header': undefined,
      'an API key': apiKey,
      'not a JWT': 'not.a.jwt',
      'a forged signature (a key of our own, the provider kid)': await signed({ sub: user.userId }, { key: strangerKey }),
      'alg none': new UnsecuredJWT({ sub: user.userId, email: 'x@example.com', client_id: DASHBOARD_CLIENT_ID })
        .setIssuer(state.issuer)
        .setAudience(DASHBOARD_CLIENT_ID)
        .setIssuedAt()
        .setExpirationTime('1h')
        .encode(),
      'HS256 with the public key as secret': await signed({ sub: user.userId }, { alg: 'HS256', key: new TextEncoder().encode(JSON.stringify(publicJwk)) }),
      expired: await signed({ sub: user.userId }, { exp: Math.floor(Date.now() / 1000) - 60 }),
      'not yet valid (nbf)': await signed({ sub: user.userId, nbf: Math.floor(Date.now() / 1000) + 600 }),
      'issued in the future (iat)': await signed({ sub: user.userId, iat: Math.floor(Date.now() / 1000) + 600 }),
      'wrong audience': await signed({ sub: user.userId, aud: 'another-client' }),
      'wrong audience, right client_id': await signed({ sub: user.userId, aud: ['another-client'] }),
      'no aud and a wrong client_id': await signed({ sub: user.userId, aud: undefined, client_id: 'another-client' }),
      'wrong issuer': await signed({ sub: user.userId, iss: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_example' }),
      'no kid': await signed({ sub: user.userId }, { kid: null }),
      'no exp': await new SignJWT({ sub: user.userId, client_id: DASHBOARD_CLIENT_ID })
        .setProtectedHeader({ alg: 'RS256', kid: own.kid })
        .setIssuer(state.issuer)
        .setAudience(DASHBOARD_CLIENT_ID)
        .sign(own.key),
    };
    for (const route of jwtRoutes) {
      for (const [name, token] of Object.entries(hostile)) {
        const response = await call(route.method, route.path, {
          headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
          body: route.method === 'GET' ? undefined : { name: 'Hostile Inc' },
        });
        expect({ route, name, status: response.status, body: response.body }).toEqual({ route, name, status: 401, body: { message: 'Unauthorized' } });
        const challenge = response.headers.get('www-authenticate');
        if (token === undefined) expect(challenge).toBe('Bearer');
        else expect(challenge).toMatch(/^Bearer scope="" error="invalid_token" error_description="[^"]+"$/);
        // The function never ran: no answer of ours (its X-Request-Id and rate-limit headers).
        expect(response.headers.get('x-ratelimit-limit')).toBeNull();
      }
    }
  });

  it('a hostile token changes nothing: an organization POSTed with it does not exist for the user', async () => {
    const { user, accessToken } = await createUserWithToken();
    const forged = await signed({ sub: user.userId, email: user.email }, { exp: Math.floor(Date.now() / 1000) - 1 });
    const created = await call('POST', '/dashboard/v1/organizations', { headers: bearer(forged), body: { name: 'Forged Inc' } });
    expect(created.status).toBe(401);
    const me = await call('GET', '/dashboard/v1/me', { headers: bearer(accessToken) });
    expect(me.body.memberships).toEqual([]);
    // The same request with the real token does create it.
    expect((await call('POST', '/dashboard/v1/organizations', { headers: bearer(accessToken), body: { name: 'Real Inc' } })).status).toBe(201);
    expect((await call('GET', '/dashboard/v1/me', { headers: bearer(accessToken) })).body.memberships).toHaveLength(1);
  });

  it('a dashboard token is no API key: /api/v1/templates answers our 401', async () => {
    const { accessToken } = await createUserWithToken();
    const response = await call('GET', '/api/v1/templates', { headers: bearer(accessToken) });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: expect.objectContaining({ code: 'UNAUTHORIZED' }) });
  });

  it('hands the function the claims as API Gateway does: every value a string, scopes from the scope claim', async () => {
    const { accessToken } = await createUserWithToken();
    // The same authorizer the gateway runs, configured as CDK configures API Gateway's: issuer and audience.
    const authorize = createJwtAuthorizer({ issuer: state.issuer, audience: [DASHBOARD_CLIENT_ID] });
    const result = await authorize(`Bearer ${accessToken}`);
    if (!result.authorized) throw new Error(result.wwwAuthenticate);
    const payload = decodeJwt(accessToken);
    expect(result.context.jwt.scopes).toEqual(['openid', 'email']);
    expect(result.context.jwt.claims).toEqual({
      ...Object.fromEntries(Object.entries(payload).map(([name, value]) => [name, String(value)])),
      email_verified: 'true',
      iat: String(payload.iat),
      exp: String(payload.exp),
    });
    expect(claimString(['admins', 'editors'])).toBe('[admins editors]');
    expect(claimString(42)).toBe('42');
    // Cognito's access tokens have client_id and no aud: client_id is then the audience checked.
    const cognitoLike = await signed({ aud: undefined });
    expect((await authorize(cognitoLike)).authorized).toBe(true);
    expect((await createJwtAuthorizer({ issuer: state.issuer, audience: ['another-client'] })(cognitoLike)).authorized).toBe(false);
  });
});
