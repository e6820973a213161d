// A browser's part of signing in to the local OpenID Connect provider, with fetch: the authorization
// request with PKCE, the sign-up or sign-in form, the redirect back with the code, the code exchange.
// Cookies are kept by hand (a jar per flow), redirects followed one by one so each step can be checked.
import { createHash, randomBytes } from 'node:crypto';

export interface TokenSet {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

export const DASHBOARD_CLIENT_ID = 'import-service-dashboard';

class Browser {
  private readonly cookies = new Map<string, string>();

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin = new URL(url).origin;
    }
    const response = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

const absolute = (base: string, location: string | null) => {
  if (!location) throw new Error('redirect without a Location');
  return new URL(location, base).href;
};

/** The code flow with PKCE S256, through the sign-up form (or the sign-in form): the token endpoint's answer. */
export async function signInWithCode(
  baseUrl: string,
  account: { email: string; password: string; signUp: boolean },
  expect?: { onPage?: (html: string, step: 'sign-in' | 'sign-up') => void },
): Promise<TokenSet> {
  const issuer = `${baseUrl}/oidc`;
  const redirectUri = `${baseUrl}/dashboard/callback`;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(8).toString('hex');
  const browser = new Browser();

  const authorize = new URL(`${issuer}/auth`);
  authorize.search = new URLSearchParams({
    client_id: DASHBOARD_CLIENT_ID,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid email',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
  }).toString();
  let response = await browser.request(authorize.href);
  if (response.status !== 303) throw new Error(`authorization answered ${response.status}: ${await response.text()}`);
  const interaction = absolute(baseUrl, response.headers.get('location'));

  response = await browser.request(interaction);
  const signInHtml = await response.text();
  if (response.status !== 200) throw new Error(`sign-in page answered ${response.status}`);
  expect?.onPage?.(signInHtml, 'sign-in');
  let formUrl = interaction;
  if (account.signUp) {
    formUrl = `${interaction}/sign-up`;
    response = await browser.request(formUrl);
    expect?.onPage?.(await response.text(), 'sign-up');
  }
  response = await browser.request(formUrl, { form: { email: account.email, password: account.password } });
  if (response.status !== 303) throw new Error(`the form answered ${response.status}: ${await response.text()}`);

  // The provider resumes the authorization, then redirects to the client with the code.
  let location = absolute(baseUrl, response.headers.get('location'));
  for (let hops = 0; !location.startsWith(redirectUri); hops += 1) {
    if (hops > 5) throw new Error(`no redirect to the client; last at ${location}`);
    response = await browser.request(location);
    if (![302, 303].includes(response.status)) throw new Error(`${location} answered ${response.status}: ${await response.text()}`);
    location = absolute(baseUrl, response.headers.get('location'));
  }
  const callback = new URL(location);
  if (callback.searchParams.get('state') !== state) throw new Error('state mismatch');
  if (callback.searchParams.get('iss') !== issuer) throw new Error(`iss ${callback.searchParams.get('iss')} is not the issuer`);
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code: ${location}`);

  const token = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: DASHBOARD_CLIENT_ID, code_verifier: verifier }),
  });
  const body = await token.json();
  if (token.status !== 200) throw new Error(`token endpoint answered ${token.status}: ${JSON.stringify(body)}`);
  return body as TokenSet;
}

/** The refresh grant, as an SPA renews its access token silently. */
export async function refresh(baseUrl: string, refreshToken: string) {
  const response = await fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: DASHBOARD_CLIENT_ID }),
  });
  return { status: response.status, body: (await response.json()) as Partial<TokenSet> & { error?: string } };
}
