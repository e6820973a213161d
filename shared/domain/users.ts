// Who a dashboard request comes from: a person signed in with OpenID Connect. The claims are the ones
// API Gateway's JWT authorizer hands the function (requestContext.authorizer.jwt.claims); the local
// gateway hands over the same ones (scripts/local/jwt-authorizer.ts). Cognito's access tokens carry
// `email` and `email_verified` through the pre-token-generation trigger (functions/token-claims), the
// local provider's through its extraTokenClaims: the handlers never know which issuer it was.

export interface SignedInUser {
  /** The issuer's subject: stable for the person's life in the user pool. */
  userId: string;
  email: string;
  /** Invitations are accepted only by a verified address. */
  emailVerified: boolean;
}

/** API Gateway passes every claim as a string (booleans as "true"), and so does the local gateway; JSON values are accepted too. */
export type JwtClaims = Record<string, string | number | boolean | string[] | undefined>;

/** The user of a request's claims, or undefined when a claim the service needs is missing. */
export function userFromClaims(claims: JwtClaims | undefined): SignedInUser | undefined {
  const userId = claims?.sub;
  const email = claims?.email;
  if (typeof userId !== 'string' || userId === '' || typeof email !== 'string' || email === '') return undefined;
  const verified = claims?.email_verified;
  return { userId, email: email.toLowerCase(), emailVerified: verified === true || verified === 'true' };
}
