// Draws the app, once main.ts has decided that this page load is not just a trip to the issuer: the
// theme, the query cache, the session (configuration, sign-in, API client) and the routes.
import '@mantine/core/styles.css';
import './styles.css';
import { createTheme, MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApi } from './api/client';
import { App, prefetchPages } from './app';
import type { Auth } from './auth/oidc';
import type { DashboardConfig } from './config';
import { SessionProvider } from './session';

// Shade 8 of the primary colour: white text on filled buttons and the current page's link meets WCAG AA contrast.
// Modals and menus appear without animation for people who ask their system for reduced motion.
const theme = createTheme({ primaryColor: 'indigo', primaryShade: 8, defaultRadius: 'sm', respectReducedMotion: true });

// Dimmed text (descriptions, hints) one shade darker than Mantine's: gray 6 on white is below 4.5:1.
const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: { '--mantine-color-dimmed': resolved.colors.gray[7] },
  dark: {},
});

const queryClient = new QueryClient({
  defaultOptions: {
    // Data a page showed a moment ago is shown at once on the way back, and refreshed behind it.
    queries: { staleTime: 30_000, retry: (count, error) => count < 2 && !('status' in error && typeof error.status === 'number' && error.status < 500) },
  },
});

/** `signingIn`: the code exchange main.ts started for /dashboard/callback, answering where to go next. */
export function start({ config, auth, signingIn }: { config: DashboardConfig; auth: Auth; signingIn: Promise<string> | undefined }) {
  const root = createRoot(document.getElementById('root')!);
  const api = createApi(config.apiUrl, auth);
  root.render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider session={{ config, auth, api }}>
            <App signingIn={signingIn} />
          </SessionProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
  prefetchPages();
}
