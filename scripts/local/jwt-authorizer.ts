// The local gateway's JWT authorizer: the checks API Gateway's HTTP API JWT authorizer makes before a
// route with `authorizer: 'jwt'` reaches its function, with jose doing the verification. Configured
// only by issuer and audiences, as the deployed authorizer is, so it checks a Cognito token the same way.
//
// As documented for HTTP APIs: the identity source is the Authorization header, holding the token
// alone or after "Bearer "; the signature is checked with the issuer's keys (jwks_uri from its
// discovery document), RSA algorithms only, the header's kid naming one of them; iss equals the
// issuer; aud contains one of the audiences, or, only when the token has no aud, client_id is one of
// them (Cognito's access tokens); exp after now, nbf and iat before now. A refusal is 401
// {"message":"Unauthorized"} with a www-authenticate header in API Gateway's form. The function then
// receives the claims as API Gateway hands them over: every value a string.
import { createRemoteJWKSet, decodeProtectedHeader, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

export interface JwtAuthorizerConfig {
  /** Exactly the tokens' iss (Cognito: https://cognito-idp.<region>.amazonaws.com/<pool id>). */
  issuer: string;
  /** The token's aud, or without aud its client_id, must be one of these (Cognito: the app client ids). */
  audience: readonly string[];
  /** The issuer's keys; by default found through its discovery document. */
  keys?: JWTVerifyGetKey;
}

/** What API Gateway puts in requestContext.authorizer for a JWT route. */
export interface JwtAuthorizerContext {
  jwt: { claims: Record<string, string>; scopes: string[] };
}

export type AuthorizerResult =
  | { authorized: true; context: JwtAuthorizerContext }
  | { authorized: false; wwwAuthenticate: string };

/** "Currently, only RSA-based algorithms are supported." */
const RSA_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'];

class Refusal extends Error {
  override name = 'Refusal';
}

/** API Gateway's challenge, as its troubleshooting guide shows it (no commas between the parameters). */
const challenge = (description: string) => `Bearer scope="" error="invalid_token" error_description="${description}"`;

/**
 * A claim value as API Gateway passes it: strings as they are, numbers and booleans printed, arrays
 * as "[a b]" (space-separated in brackets, as its Go formatting prints them, e.g. cognito:groups) and
 * objects alike as "map[key:value]".
 */
export function claimString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return `[${value.map(claimString).join(' ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `map[${entries.map(([key, item]) => `${key}:${claimString(item)}`).join(' ')}]`;
  }
  return String(value);
}

/** The token of the identity source: the whole header, or what follows "Bearer ". */
function tokenOf(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  const bearer = /^Bearer\s+(\S+)$/i.exec(value);
  if (bearer) return bearer[1];
  return /\s/.test(value) ? undefined : value;
}

/** jwks_uri from the issuer's discovery document, fetched once (again after a failure). */
function discoveredKeys(issuer: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const discover = async () => {
    const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
    if (!response.ok) throw new Error(`discovery of ${issuer} answered ${response.status}`);
    const metadata = (await response.json()) as { issuer?: string; jwks_uri?: string };
    if (metadata.issuer !== issuer || !metadata.jwks_uri) throw new Error(`discovery of ${issuer} names another issuer or no jwks_uri`);
    return createRemoteJWKSet(new URL(metadata.jwks_uri));
  };
  return async (header, token) => {
    keys ??= discover().catch((error) => {
      keys = undefined;
      throw error;
    });
    return (await keys)(header, token);
  };
}

export function createJwtAuthorizer(config: JwtAuthorizerConfig) {
  const keys = config.keys ?? discoveredKeys(config.issuer);

  function checkAudience(payload: JWTPayload) {
    // API Gateway evaluates aud when present, and client_id only when aud is absent.
    if (payload.aud !== undefined) {
      const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (!audiences.some((aud) => config.audience.includes(aud))) throw new Refusal('the token does not have a valid audience');
      return;
    }
    if (typeof payload.client_id !== 'string' || !config.audience.includes(payload.client_id)) {
      throw new Refusal('the token does not have a valid audience');
    }
  }

  return async function authorize(authorizationHeader: string | undefined): Promise<AuthorizerResult> {
    const token = tokenOf(authorizationHeader);
    // No token at all: the challenge names the scheme only (RFC 6750: no error code for a missing token).
    if (!token) return { authorized: false, wwwAuthenticate: 'Bearer' };
    try {
      let kid: unknown;
      try {
        kid = decodeProtectedHeader(token).kid;
      } catch {
        throw new Refusal('the token is not a valid JWT');
      }
      if (typeof kid !== 'string') throw new Refusal('the token has no kid');
      const { payload } = await jwtVerify(token, keys, {
        issuer: config.issuer,
        algorithms: RSA_ALGORITHMS,
        requiredClaims: ['exp'],
      }).catch((error: unknown) => {
        throw new Refusal(describe(error));
      });
      const now = Math.floor(Date.now() / 1000);
      if (payload.iat !== undefined && payload.iat > now) throw new Refusal('the token is not valid yet');
      checkAudience(payload);
      const claims = Object.fromEntries(Object.entries(payload).map(([name, value]) => [name, claimString(value)]));
      const scope = typeof payload.scope === 'string' ? payload.scope : typeof payload.scp === 'string' ? payload.scp : '';
      return { authorized: true, context: { jwt: { claims, scopes: scope.split(' ').filter(Boolean) } } };
    } catch (error) {
      if (error instanceof Refusal) return { authorized: false, wwwAuthenticate: challenge(error.message) };
      // The issuer's keys could not be had: API Gateway refuses as well.
      return { authorized: false, wwwAuthenticate: challenge('the signing keys of the issuer could not be fetched') };
    }
  };
}

export type JwtAuthorizer = ReturnType<typeof createJwtAuthorizer>;

/** A verification failure in words like API Gateway's; never the token itself. */
function describe(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'the token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'the token does not have a valid issuer';
    if (error.claim === 'nbf') return 'the token is not valid yet';
    return `the token does not have a valid ${error.claim} claim`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return 'the token is not signed with a supported algorithm';
  if (error instanceof errors.JWKSNoMatchingKey) return 'the token is not signed by a key of the issuer';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'the token signature is invalid';
  if (error instanceof errors.JOSEError) return 'the token is not a valid JWT';
  throw error;
}
