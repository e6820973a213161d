// The local stand-in for Cognito: an OpenID Connect provider (panva's oidc-provider) mounted on the
// local gateway under /oidc, so its issuer is <gateway url>/oidc. One public client, the dashboard
// (authorization code + PKCE S256, refresh tokens always, as Cognito issues them), whose access tokens
// are RS256 JWTs for the dashboard API (audience = the client id) carrying `email` and
// `email_verified` as Cognito's do through the pre-token-generation trigger. Sign-in and sign-up are
// the provider's interactions, served as plain forms (identity-pages.ts) over the user store
// (identity-store.ts). The provider's own state (sessions, codes, refresh tokens) is in memory: a
// restart signs everyone out, while access tokens, being signed JWTs with kept keys, stay valid.
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { errors, type Adapter, type AdapterPayload, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { decodeJwt } from 'jose';
import { loadOrCreateKeys, InvalidUserInputError, MIN_PASSWORD_LENGTH, UserExistsError, UserStore, type IdentityUser } from './identity-store';
import { accountCreatedPage, errorPage, PAGE_SECURITY_HEADERS, signedOutPage, signInPage, signOutPage, signUpPage, type FieldErrors } from './identity-pages';

/** Where the provider is mounted on the local gateway. */
export const OIDC_PREFIX = '/oidc';
/** The dashboard's public client; also the audience of its access tokens (Cognito: the app client id). */
export const DASHBOARD_CLIENT_ID = 'import-service-dashboard';
const CLIENT_NAME = 'the Import Service dashboard';
/** Scopes of the dashboard API's access tokens (Cognito's: `openid email`). */
const DASHBOARD_SCOPE = 'openid email';
const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** Cognito's default refresh token life. */
const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

export const issuerFor = (gatewayUrl: string) => `${gatewayUrl}${OIDC_PREFIX}`;
/** The resource indicator of the dashboard API: every token the dashboard client gets is for it. */
export const dashboardResourceFor = (gatewayUrl: string) => `${gatewayUrl}/dashboard/v1`;
/** The sign-up page no application has to open first (npm start prints it). */
export const signUpUrlFor = (gatewayUrl: string) => `${gatewayUrl}${OIDC_PREFIX}/sign-up`;

/** The provider's short-lived state (interactions, sessions, codes, grants, refresh tokens), in this process. */
function memoryAdapter(): new (name: string) => Adapter {
  const items = new Map<string, { payload: AdapterPayload; expiresAt?: number }>();
  const live = (key: string) => {
    const item = items.get(key);
    if (item?.expiresAt !== undefined && item.expiresAt <= Date.now()) {
      items.delete(key);
      return undefined;
    }
    return item;
  };
  return class MemoryAdapter implements Adapter {
    constructor(private readonly name: string) {}
    private key = (id: string) => `${this.name}:${id}`;
    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      items.set(this.key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined });
    }
    async find(id: string) {
      return live(this.key(id))?.payload;
    }
    async findByUid(uid: string) {
      for (const key of items.keys()) if (key.startsWith(`${this.name}:`) && live(key)?.payload.uid === uid) return live(key)!.payload;
      return undefined;
    }
    async findByUserCode(userCode: string) {
      for (const key of items.keys()) if (key.startsWith(`${this.name}:`) && live(key)?.payload.userCode === userCode) return live(key)!.payload;
      return undefined;
    }
    async consume(id: string) {
      const item = live(this.key(id));
      if (item) item.payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      items.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, item] of items) if (item.payload.grantId === grantId) items.delete(key);
    }
  };
}

function sendPage(ctx: KoaContextWithOIDC, html: string) {
  ctx.set(PAGE_SECURITY_HEADERS);
  ctx.type = 'html';
  ctx.body = html;
}

export interface IdentitySettings {
  /** The local gateway's URL; the issuer is under it. */
  gatewayUrl: string;
  /** Users and keys (identity-store.ts). */
  dir: string;
}

/** The provider with its configuration: the running stack serves it, importctl mints tokens with it. */
export async function createIdentityProvider(settings: IdentitySettings) {
  const store = new UserStore(settings.dir);
  const keys = await loadOrCreateKeys(settings.dir);
  const resource = dashboardResourceFor(settings.gatewayUrl);
  const issuer = issuerFor(settings.gatewayUrl);

  const configuration: Configuration = {
    adapter: memoryAdapter(),
    jwks: keys.jwks as Configuration['jwks'],
    cookies: { keys: keys.cookieKeys },
    clients: [
      {
        client_id: DASHBOARD_CLIENT_ID,
        client_name: CLIENT_NAME,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${settings.gatewayUrl}/dashboard/callback`],
        post_logout_redirect_uris: [`${settings.gatewayUrl}/dashboard/`],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // As Cognito's ID tokens: the email claims in the ID token itself (the access token is for the API, not userinfo).
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => {
      const user = store.findBySub(sub);
      if (!user) return undefined;
      return { accountId: user.sub, claims: async () => ({ sub: user.sub, email: user.email, email_verified: user.emailVerified }) };
    },
    // The dashboard API reads these from the access token, as from Cognito's (pre-token-generation trigger).
    extraTokenClaims: async (_ctx, token) => {
      const user = 'accountId' in token && token.accountId ? store.findBySub(token.accountId) : undefined;
      return user ? { email: user.email, email_verified: user.emailVerified } : undefined;
    },
    // PKCE for every client (v9 knows only S256).
    pkce: { required: () => true },
    // Cognito issues a refresh token with every code exchange, whether or not offline_access was asked for.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    expiresWithSession: async () => false,
    // The dashboard is the service's own client: its grant is given at sign-in, no consent screen.
    loadExistingGrant: async (ctx) => {
      const { provider, session, client, result } = ctx.oidc;
      const grantId = result?.consent?.grantId ?? session?.grantIdFor(client!.clientId);
      const existing = grantId ? await provider.Grant.find(grantId) : undefined;
      if (existing) return existing;
      const grant = new provider.Grant({ clientId: client!.clientId, accountId: session!.accountId });
      grant.addOIDCScope('openid email offline_access');
      grant.addResourceScope(resource, DASHBOARD_SCOPE);
      await grant.save();
      return grant;
    },
    interactions: { url: async (_ctx, interaction) => `${OIDC_PREFIX}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => resource,
        // The code's resource is the token's even when the token request names none (and asks for openid).
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: DASHBOARD_SCOPE,
            audience: DASHBOARD_CLIENT_ID,
            accessTokenFormat: 'jwt',
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => sendPage(ctx, signOutPage(form)),
        postLogoutSuccessSource: async (ctx) => sendPage(ctx, signedOutPage()),
      },
    },
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    renderError: async (ctx, out) => {
      ctx.status = ctx.status >= 400 ? ctx.status : 400;
      sendPage(ctx, errorPage(String(out.error), out.error_description ? String(out.error_description) : undefined));
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL_SECONDS,
      RefreshToken: REFRESH_TOKEN_TTL_SECONDS,
      Grant: REFRESH_TOKEN_TTL_SECONDS,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
    },
  };
  const provider = new Provider(issuer, configuration);
  return { provider, store, issuer, resource };
}

export type IdentityProvider = Awaited<ReturnType<typeof createIdentityProvider>>;

/**
 * An access token for a user, minted by the provider's own AccessToken model (a JWT for the dashboard
 * API, as the code exchange would give): for `importctl user token`.
 */
export async function mintAccessToken(identity: IdentityProvider, user: IdentityUser) {
  const { provider, resource } = identity;
  const client = await provider.Client.find(DASHBOARD_CLIENT_ID);
  if (!client) throw new Error(`client ${DASHBOARD_CLIENT_ID} is not configured`);
  const grant = new provider.Grant({ clientId: client.clientId, accountId: user.sub });
  grant.addResourceScope(resource, DASHBOARD_SCOPE);
  const grantId = await grant.save();
  const resourceServer = new provider.ResourceServer(resource, {
    scope: DASHBOARD_SCOPE,
    audience: DASHBOARD_CLIENT_ID,
    accessTokenFormat: 'jwt',
    accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
    jwt: { sign: { alg: 'RS256' } },
  });
  const token = new provider.AccessToken({
    client,
    accountId: user.sub,
    grantId,
    gty: 'importctl',
    resourceServer,
    scope: DASHBOARD_SCOPE,
  });
  const accessToken = await token.save();
  const { exp } = decodeJwt(accessToken);
  return { accessToken, expiresAt: new Date(exp! * 1000).toISOString() };
}

/** An application/x-www-form-urlencoded body, bounded. */
async function formBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 16 * 1024) throw new errors.InvalidRequest('request body too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function respondHtml(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, PAGE_SECURITY_HEADERS);
  response.end(html);
}

/**
 * The gateway's handler for everything under /oidc: the sign-in and sign-up pages of an interaction
 * here, the rest (discovery, JWKS, authorization, token, logout) to the provider, which sees its
 * paths without the prefix and the prefix as its mount path (req.originalUrl).
 */
export function identityFront(identity: IdentityProvider) {
  const { provider, store } = identity;
  const callback = provider.callback();
  const interactionPath = new RegExp(`^${OIDC_PREFIX}/interaction/([A-Za-z0-9_-]+)(/sign-up)?$`);

  async function interaction(request: IncomingMessage, response: ServerResponse, uid: string, signUp: boolean) {
    const details = await provider.interactionDetails(request, response);
    if (details.uid !== uid) throw new errors.SessionNotFound('interaction session id cookie not found');
    const base = `${OIDC_PREFIX}/interaction/${uid}`;
    if (details.prompt.name !== 'login') {
      // Consent is given by loadExistingGrant; any other prompt ends the interaction as it stands.
      await provider.interactionFinished(request, response, {}, { mergeWithLastSubmission: true });
      return;
    }
    const render = (status: number, email?: string, errors?: FieldErrors) =>
      respondHtml(
        response,
        status,
        signUp
          ? signUpPage({ action: `${base}/sign-up`, otherHref: base, clientName: CLIENT_NAME, email, errors, minPasswordLength: MIN_PASSWORD_LENGTH })
          : signInPage({ action: base, otherHref: `${base}/sign-up`, clientName: CLIENT_NAME, email, errors }),
      );
    if (request.method === 'GET') {
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
      return render(200, hint);
    }
    if (request.method !== 'POST') {
      response.writeHead(405, { Allow: 'GET, POST' }).end();
      return;
    }
    const form = await formBody(request);
    const email = form.get('email') ?? '';
    const password = form.get('password') ?? '';
    let user: IdentityUser | undefined;
    if (signUp) {
      try {
        user = await store.create(email, password);
      } catch (error) {
        if (error instanceof InvalidUserInputError) return render(400, email, { [error.field]: error.message });
        if (error instanceof UserExistsError) {
          return render(409, email, { email: 'An account with this email address exists already: sign in instead' });
        }
        throw error;
      }
    } else {
      const fieldErrors: FieldErrors = {};
      if (email.trim() === '') fieldErrors.email = 'Enter your email address';
      if (password === '') fieldErrors.password = 'Enter your password';
      if (fieldErrors.email || fieldErrors.password) return render(400, email, fieldErrors);
      user = await store.authenticate(email, password);
      // One message for both: whether an address has an account is not told.
      if (!user) return render(401, email, { form: 'The email address or the password is not right' });
    }
    await provider.interactionFinished(request, response, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false });
  }

  /** The sign-up page outside any sign-in: creates the account and says how to use it. */
  async function standaloneSignUp(request: IncomingMessage, response: ServerResponse) {
    const action = `${OIDC_PREFIX}/sign-up`;
    const render = (status: number, email?: string, errors?: FieldErrors) =>
      respondHtml(response, status, signUpPage({ action, clientName: CLIENT_NAME, email, errors, minPasswordLength: MIN_PASSWORD_LENGTH }));
    if (request.method === 'GET') return render(200);
    if (request.method !== 'POST') {
      response.writeHead(405, { Allow: 'GET, POST' }).end();
      return;
    }
    // A form of this origin only (a page elsewhere cannot create accounts here).
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== new URL(identity.issuer).origin) return respondHtml(response, 403, errorPage('forbidden', 'Sign up from this page.'));
    const form = await formBody(request);
    const email = form.get('email') ?? '';
    try {
      const user = await store.create(email, form.get('password') ?? '');
      respondHtml(response, 201, accountCreatedPage(user.email));
    } catch (error) {
      if (error instanceof InvalidUserInputError) return render(400, email, { [error.field]: error.message });
      if (error instanceof UserExistsError) return render(409, email, { email: 'An account with this email address exists already' });
      throw error;
    }
  }

  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === `${OIDC_PREFIX}/sign-up`) return standaloneSignUp(request, response);
    const match = interactionPath.exec(path);
    if (match) {
      try {
        await interaction(request, response, match[1], Boolean(match[2]));
      } catch (error) {
        // An expired or foreign interaction: a page, not a stack; the message only names the kind.
        if (error instanceof errors.OIDCProviderError) {
          if (!response.headersSent) respondHtml(response, error.statusCode, errorPage(error.error, error.error_description));
          return;
        }
        throw error;
      }
      return;
    }
    // The provider routes on its own paths; req.originalUrl tells it where it is mounted.
    (request as IncomingMessage & { originalUrl?: string }).originalUrl = request.url;
    request.url = request.url!.slice(OIDC_PREFIX.length) || '/';
    await (callback as unknown as (req: IncomingMessage, res: ServerResponse) => Promise<void>)(request, response);
  };
}
