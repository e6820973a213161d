// Cognito's pre-token-generation trigger (V2_0 event): copies the user's `email` and `email_verified`
// attributes into the access token, the token API Gateway's JWT authorizer checks and whose claims it
// hands the dashboard function (Cognito writes them into the ID token only). A pure function of the
// event: no AWS SDK, no I/O, nothing that can make sign-in slower or fail on a dependency.
import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';

/** V2_0 claim values may be JSON types: email_verified stays a boolean, as OpenID Connect defines it. */
export type AccessTokenClaims = Record<string, string | boolean>;

/** The claims the dashboard reads (shared/domain/users.ts); none without an email (a federated user unmapped). */
export function accessTokenClaims(userAttributes: Readonly<Record<string, string | undefined>>): AccessTokenClaims {
  const email = userAttributes.email;
  if (!email) return {};
  return { email, email_verified: userAttributes.email_verified === 'true' };
}

/** The event with its response set: Cognito takes back the whole event. */
export async function handler(event: PreTokenGenerationV2TriggerEvent) {
  return {
    ...event,
    response: {
      claimsAndScopeOverrideDetails: {
        accessTokenGeneration: { claimsToAddOrOverride: accessTokenClaims(event.request.userAttributes) },
      },
    },
  };
}
