// `importctl user create|token`: users of the local OpenID Connect provider (Cognito's stand-in), from a
// terminal. `create` adds one to the store the running provider reads (as its sign-up page does);
// `token` mints an access token for one with the provider's own machinery (the same configuration and
// keys, so the running gateway's authorizer accepts it as a token from the sign-in). Local only: a
// deployed stage's users are in its Cognito user pool.
import type { LocalStackState } from './local/state';

export class UserCommandError extends Error {
  override name = 'UserCommandError';
}

function identityOf(state: LocalStackState) {
  if (!state.identityDir || !state.issuer) {
    throw new UserCommandError('The running local stack has no identity provider: restart it with `npm start`');
  }
  return { gatewayUrl: state.url, dir: state.identityDir };
}

export async function createUser(state: LocalStackState, email: string, password: string) {
  // Loaded here: oidc-provider and jose are needed by these commands only.
  const { InvalidUserInputError, UserExistsError, UserStore } = await import('./local/identity-store');
  const store = new UserStore(identityOf(state).dir);
  try {
    const user = await store.create(email, password);
    return { userId: user.sub, email: user.email, emailVerified: user.emailVerified, issuer: state.issuer };
  } catch (error) {
    if (error instanceof InvalidUserInputError) throw new UserCommandError(`--${error.field}: ${error.message}`);
    if (error instanceof UserExistsError) throw new UserCommandError(error.message);
    throw error;
  }
}

export async function userToken(state: LocalStackState, email: string) {
  const { createIdentityProvider, mintAccessToken } = await import('./local/identity-provider');
  const identity = await createIdentityProvider(identityOf(state));
  if (identity.issuer !== state.issuer) throw new UserCommandError(`The provider's issuer ${identity.issuer} is not the running one's (${state.issuer})`);
  const user = identity.store.findByEmail(email);
  if (!user) throw new UserCommandError(`No user with the email ${email.trim().toLowerCase()}: create one with \`importctl user create\``);
  return mintAccessToken(identity, user);
}
