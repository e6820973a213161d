// /dashboard/callback: the issuer sends the person back here with a code; main.ts has started exchanging
// it (while the app downloaded); once signed in they go where they were going.
//
// Two components, one for each side of the sign-in. The exchange ends by storing the tokens, which
// re-renders the app as signed in at once (app.tsx) and unmounts CallbackPage, possibly before its own
// `then` runs: a navigation from there was then dropped, and the person landed on the first organization
// instead of the page they reloaded. So CallbackPage only waits and shows a failure; AfterSignIn, the
// signed-in app's /callback, takes them on.
import { Button, Center, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState, Loading } from '../../components/states';
import { messages } from '../../i18n';
import { paths } from '../../paths';
import { useSession } from '../../session';
import { SignInError } from '../../auth/oidc';

const m = messages.auth;

/** Signed out at /callback: the exchange under way, or why it failed and a way to sign in again. */
export function CallbackPage({ signingIn }: { signingIn: Promise<string> | undefined }) {
  const { auth } = useSession();
  const [error, setError] = useState<unknown>(signingIn ? undefined : new SignInError(m.noSignInStarted));
  useEffect(() => {
    signingIn?.catch(setError);
  }, [signingIn]);
  return (
    <Center mih="100vh" p="md" component="main">
      {error === undefined ? (
        <Loading label={m.signingIn} />
      ) : (
        <Stack maw={460}>
          <ErrorState error={error instanceof Error ? new Error(`${m.signInFailed}: ${error.message}`) : error} />
          <Button onClick={() => void auth.signIn('/dashboard/')}>{m.signInAgain}</Button>
        </Stack>
      )}
    </Center>
  );
}

/** Signed in at /callback: on to the address the sign-in started from (the first organization without one). */
export function AfterSignIn({ signingIn }: { signingIn: Promise<string> | undefined }) {
  const navigate = useNavigate();
  useEffect(() => {
    let mounted = true;
    const go = (returnTo: string) => {
      if (mounted) void navigate(returnTo.replace(/^\/dashboard/, '') || paths.home(), { replace: true });
    };
    (signingIn ?? Promise.resolve('')).then(go, () => go(''));
    return () => {
      mounted = false;
    };
  }, [signingIn, navigate]);
  return <Loading label={m.signingIn} />;
}
