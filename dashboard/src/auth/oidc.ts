// Sign-in with the stage's OpenID Connect issuer (Cognito deployed, the local provider under npm start)
// through oauth4webapi: authorization code with PKCE (S256) for the public client, tokens kept in memory
// only, renewed with the refresh token before the access token expires, and sign-out at the issuer.
// Only the PKCE verifier, the state and where to return live in sessionStorage, for the one round trip.
import * as oauth from 'oauth4webapi';
import type { DashboardConfig } from '../config';
import { messages } from '../i18n';

const SCOPE = 'openid email';
const PENDING_KEY = 'import-service.sign-in';
/** Set after a sign-in in this tab: a reload then signs in again at once (the issuer's session answers). */
const SIGNED_IN_KEY = 'import-service.signed-in';
/** Renew this long before the access token expires. */
const RENEW_EARLY_MS = 60_000;

export interface Tokens {
  accessToken: string;
  idToken: string | undefined;
  refreshToken: string | undefined;
  expiresAt: number;
}

interface Pending {
  verifier: string;
  state: string;
  returnTo: string;
}

export class SignInError extends Error {}

export class Auth {
  private tokens: Tokens | undefined;
  private server: oauth.AuthorizationServer | undefined;
  private renewal: ReturnType<typeof setTimeout> | undefined;
  private renewing: Promise<boolean> | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly client: oauth.Client;
  private readonly options: { [oauth.allowInsecureRequests]?: boolean };

  constructor(private readonly config: DashboardConfig) {
    this.client = { client_id: config.clientId };
    // The local provider is plain http on 127.0.0.1; a deployed issuer is https only.
    this.options = new URL(config.issuer).protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {};
  }

  get redirectUri(): string {
    return new URL(`${import.meta.env.BASE_URL}callback`, location.origin).href;
  }

  get accessToken(): string | undefined {
    return this.tokens?.accessToken;
  }

  get signedIn(): boolean {
    return this.tokens !== undefined;
  }

  /** Whether this tab signed in before (a reload lost the tokens, not the issuer's session). */
  get wasSignedIn(): boolean {
    return sessionStorage.getItem(SIGNED_IN_KEY) === '1';
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async authorizationServer(): Promise<oauth.AuthorizationServer> {
    if (!this.server) {
      const issuer = new URL(this.config.issuer);
      const response = await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...this.options });
      this.server = await oauth.processDiscoveryResponse(issuer, response);
    }
    return this.server;
  }

  /** Leaves for the issuer's sign-in page (where a new person can also sign up). */
  async signIn(returnTo: string): Promise<void> {
    const server = await this.authorizationServer();
    const verifier = oauth.generateRandomCodeVerifier();
    const pending: Pending = { verifier, state: oauth.generateRandomState(), returnTo };
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
    const url = new URL(server.authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: this.client.client_id,
      redirect_uri: this.redirectUri,
      response_type: 'code',
      scope: SCOPE,
      state: pending.state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }).toString();
    location.assign(url.href);
  }

  /** Ends the round trip at /dashboard/callback: exchanges the code; answers where to go next. */
  async completeSignIn(callbackUrl: URL): Promise<string> {
    const stored = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
    if (!stored) throw new SignInError(messages.auth.noSignInStarted);
    const pending = JSON.parse(stored) as Pending;
    const server = await this.authorizationServer();
    let params: URLSearchParams;
    try {
      params = oauth.validateAuthResponse(server, this.client, callbackUrl, pending.state);
    } catch (error) {
      throw new SignInError(error instanceof Error ? error.message : String(error));
    }
    const response = await oauth.authorizationCodeGrantRequest(server, this.client, oauth.None(), params, this.redirectUri, pending.verifier, this.options);
    this.accept(await oauth.processAuthorizationCodeResponse(server, this.client, response));
    sessionStorage.setItem(SIGNED_IN_KEY, '1');
    return pending.returnTo;
  }

  /** Renews the access token with the refresh token; false when that is no longer possible. */
  renew(): Promise<boolean> {
    this.renewing ??= (async () => {
      const refreshToken = this.tokens?.refreshToken;
      if (!refreshToken) return false;
      try {
        const server = await this.authorizationServer();
        const response = await oauth.refreshTokenGrantRequest(server, this.client, oauth.None(), refreshToken, this.options);
        this.accept(await oauth.processRefreshTokenResponse(server, this.client, response), refreshToken);
        return true;
      } catch {
        this.forget();
        return false;
      }
    })().finally(() => {
      this.renewing = undefined;
    });
    return this.renewing;
  }

  /** Forgets the tokens and ends the issuer's session, which returns to the dashboard's first page. */
  async signOut(): Promise<void> {
    const idToken = this.tokens?.idToken;
    this.forget();
    sessionStorage.removeItem(SIGNED_IN_KEY);
    const home = new URL(import.meta.env.BASE_URL, location.origin).href;
    const server = await this.authorizationServer().catch(() => undefined);
    if (server?.end_session_endpoint) {
      const url = new URL(server.end_session_endpoint);
      url.search = new URLSearchParams({ client_id: this.client.client_id, post_logout_redirect_uri: home, ...(idToken ? { id_token_hint: idToken } : {}) }).toString();
      location.assign(url.href);
    } else if (this.config.logoutUrl) {
      // Cognito's managed login: /logout with the client and where to return.
      const url = new URL(this.config.logoutUrl);
      url.search = new URLSearchParams({ client_id: this.client.client_id, logout_uri: home }).toString();
      location.assign(url.href);
    } else {
      location.assign(home);
    }
  }

  private accept(response: oauth.TokenEndpointResponse, previousRefreshToken?: string) {
    const expiresIn = response.expires_in ?? 300;
    this.tokens = {
      accessToken: response.access_token,
      idToken: response.id_token ?? this.tokens?.idToken,
      // Cognito does not rotate refresh tokens: the one it issued first stays valid.
      refreshToken: response.refresh_token ?? previousRefreshToken,
      expiresAt: Date.now() + expiresIn * 1000,
    };
    clearTimeout(this.renewal);
    this.renewal = setTimeout(() => void this.renew(), Math.max(5_000, expiresIn * 1000 - RENEW_EARLY_MS));
    this.notify();
  }

  private forget() {
    clearTimeout(this.renewal);
    this.tokens = undefined;
    this.notify();
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }
}
