// What the Lambda bundles load in place of the SDK's default credential chain (lib/bundling.ts aliases
// @aws-sdk/credential-provider-node to this module). Lambda puts the function role's credentials in
// the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), so the chain's other
// sources (SSO, INI files, processes, web identity, container and instance metadata) and their own SDK
// clients are never used there: leaving them out takes ~130 KB from every bundle and its cold start.
// Locally the handlers run unbundled, with the whole chain.
import { fromEnv } from '@aws-sdk/credential-provider-env';

export const defaultProvider = () => fromEnv();
