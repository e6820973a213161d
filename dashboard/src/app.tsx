// The app's routes. A review link's page (/review) is open to anyone. Signed out, every other address shows the welcome page (and comes back to the same
// address after signing in); /callback ends a sign-in. Signed in: the first organization (or creating
// one), an invitation, and every organization page under /o/:orgId inside the shell. Pages are loaded
// when first opened (each its own chunk), so the first page carries only the shell.
import { Center } from '@mantine/core';
import { lazy, Suspense, useCallback, useSyncExternalStore, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useParams } from 'react-router';
import { Loading, QueryState } from './components/states';
import { Shell } from './layout/shell';
import { firstOrganization, OrganizationProvider } from './organization';
import { AfterSignIn, CallbackPage } from './pages/sign-in/callback-page';
import { WelcomePage } from './pages/sign-in/welcome-page';
import { CreateOrganizationPage } from './pages/organizations/create-organization-page';
import { InvitationPage } from './pages/organizations/invitation-page';
import { NotFoundPage } from './pages/not-found-page';
import { ReviewPage } from './pages/review/review-page';
import { paths } from './paths';
import { useMe, useSession } from './session';

/** The organization pages, each loaded on first use; all of them are fetched when the browser is idle. */
const PAGES = {
  overview: () => import('./pages/overview/overview-page'),
  templates: () => import('./pages/templates/templates-page'),
  templateBuilder: () => import('./pages/templates/template-builder-page'),
  imports: () => import('./pages/imports/imports-page'),
  import: () => import('./pages/imports/import-page'),
  importFile: () => import('./pages/import-file/import-file-page'),
  webhooks: () => import('./pages/webhooks/webhooks-page'),
  apiKeys: () => import('./pages/api-keys/api-keys-page'),
  embed: () => import('./pages/embed/embed-page'),
  branding: () => import('./pages/branding/branding-page'),
  members: () => import('./pages/members/members-page'),
  auditLog: () => import('./pages/audit-log/audit-log-page'),
  usage: () => import('./pages/usage/usage-page'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

const lazyPage = Object.fromEntries(Object.entries(PAGES).map(([name, load]) => [name, lazy(load)])) as unknown as Record<keyof typeof PAGES, ComponentType>;

/** Prefetches every page's chunk once the first page is drawn: later route changes need no download. */
export function prefetchPages() {
  const idle = (globalThis as { requestIdleCallback?: (callback: () => void) => void }).requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
  idle(() => Object.values(PAGES).forEach((load) => void load().catch(() => undefined)));
}

function SignedIn({ signingIn }: { signingIn: Promise<string> | undefined }) {
  return (
    <Routes>
      <Route path={paths.home()} element={<FirstOrganization />} />
      <Route path={paths.callback()} element={<AfterSignIn signingIn={signingIn} />} />
      <Route path={paths.createOrganization()} element={<CreateOrganizationPage />} />
      <Route path="/invitations/:invitationId" element={<InvitationPage />} />
      <Route path="/o/:orgId" element={<OrganizationFrame />}>
        <Route index element={<lazyPage.overview />} />
        <Route path="templates" element={<lazyPage.templates />} />
        <Route path="templates/new" element={<lazyPage.templateBuilder />} />
        <Route path="templates/:templateId" element={<lazyPage.templateBuilder />} />
        <Route path="imports" element={<lazyPage.imports />} />
        <Route path="imports/:importId" element={<lazyPage.import />} />
        <Route path="import" element={<lazyPage.importFile />} />
        <Route path="webhooks" element={<lazyPage.webhooks />} />
        <Route path="api-keys" element={<lazyPage.apiKeys />} />
        <Route path="embed" element={<lazyPage.embed />} />
        <Route path="branding" element={<lazyPage.branding />} />
        <Route path="members" element={<lazyPage.members />} />
        <Route path="audit-log" element={<lazyPage.auditLog />} />
        <Route path="usage" element={<lazyPage.usage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path="*" element={<Center p="xl"><NotFoundPage /></Center>} />
    </Routes>
  );
}

/** /dashboard/: the last organization visited, or creating the first one. */
function FirstOrganization() {
  const me = useMe();
  return (
    <QueryState query={me}>
      {(data) => {
        const organization = firstOrganization(data.memberships);
        return <Navigate to={organization ? paths.overview(organization.organizationId) : paths.createOrganization()} replace />;
      }}
    </QueryState>
  );
}

function OrganizationFrame() {
  const { orgId } = useParams();
  const me = useMe();
  return (
    <QueryState query={me}>
      {(data) => {
        const membership = data.memberships.find((m) => m.organizationId === orgId);
        if (!membership) return <Center p="xl"><NotFoundPage /></Center>;
        return (
          <OrganizationProvider membership={membership}>
            <Shell />
          </OrganizationProvider>
        );
      }}
    </QueryState>
  );
}

export function App({ signingIn }: { signingIn: Promise<string> | undefined }) {
  const { auth } = useSession();
  const signedIn = useSyncExternalStore(
    useCallback((listener) => auth.subscribe(listener), [auth]),
    () => auth.signedIn,
  );
  return (
    <BrowserRouter basename={import.meta.env.BASE_URL.replace(/\/$/, '')}>
      <Suspense fallback={<Loading />}>
        <Routes>
          {/* A review link's page needs no account: the link is the credential. */}
          <Route path={paths.review()} element={<ReviewPage />} />
          <Route
            path="*"
            element={
              signedIn ? (
                <SignedIn signingIn={signingIn} />
              ) : (
                <Routes>
                  <Route path={paths.callback()} element={<CallbackPage signingIn={signingIn} />} />
                  <Route path="*" element={<WelcomePage />} />
                </Routes>
              )
            }
          />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
