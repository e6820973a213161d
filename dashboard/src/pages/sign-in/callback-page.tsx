// /dashboard/callback: the issuer sends the person back here with a code; main.ts has started exchanging
// it (while the app downloaded); once signed in they go where they were going.
import { Button, Center, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState, Loading } from '../../components/states';
import { messages } from '../../i18n';
import { useSession } from '../../session';
import { SignInError } from '../../auth/oidc';

const m = messages.auth;

export function CallbackPage({ signingIn }: { signingIn: Promise<string> | undefined }) {
  const { auth } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(signingIn ? undefined : new SignInError(m.noSignInStarted));
  useEffect(() => {
    signingIn?.then((returnTo) => navigate(returnTo.replace(/^\/dashboard/, '') || '/', { replace: true }), setError);
  }, [signingIn, navigate]);
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
