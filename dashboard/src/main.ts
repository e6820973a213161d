// Starts the dashboard. This entry is small on purpose: a reload in a tab that was signed in (the tokens
// lived in memory) goes straight back through the issuer, before React, Mantine and the pages are even
// downloaded; at /dashboard/callback the code exchange starts while they download. Everything else is
// drawn by root.tsx.
import { Auth } from './auth/oidc';
import { loadConfig } from './config';

const CALLBACK_PATH = `${import.meta.env.BASE_URL}callback`;

async function main() {
  const config = await loadConfig();
  const auth = new Auth(config);
  const atCallback = location.pathname === CALLBACK_PATH;
  if (!atCallback && auth.wasSignedIn) return auth.signIn(location.pathname + location.search);
  const signingIn = atCallback ? auth.completeSignIn(new URL(location.href)) : undefined;
  // Not an unhandled rejection while the app downloads: the callback page shows the error.
  signingIn?.catch(() => undefined);
  const { start } = await import('./root');
  start({ config, auth, signingIn });
}

void main();
