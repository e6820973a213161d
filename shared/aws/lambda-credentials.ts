// What the Lambda bundles load in place of the SDK's default credential chain (lib/bundling.ts aliases
// @aws-sdk/credential-provider-node to this module). Lambda puts the function role's credentials in
// the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), and the environment
// is the chain's first source, so on Lambda the chain never gets further: its other sources (SSO, INI
// files, processes, web identity, container and instance metadata) and their own SDK clients would
// only be loaded. Locally the handlers run unbundled, with the whole chain.
import { fromEnv } from '@aws-sdk/credential-provider-env';

export const defaultProvider = () => fromEnv();
