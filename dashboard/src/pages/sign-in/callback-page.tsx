// /dashboard/callback: the issuer sends the person back here with a code; exchanging it signs them in,
// then they go where they were going.
import { Button, Center, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState, Loading } from '../../components/states';
import { messages } from '../../i18n';
import { useSession } from '../../session';

const m = messages.auth;

export function CallbackPage({ onSignedIn }: { onSignedIn: () => void }) {
  const { auth } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>();
  const started = useRef(false);
  useEffect(() => {
    // Once: a code can be exchanged once (React's development double effects would spend it twice).
    if (started.current) return;
    started.current = true;
    auth
      .completeSignIn(new URL(location.href))
      .then((returnTo) => {
        onSignedIn();
        navigate(returnTo.replace(/^\/dashboard/, '') || '/', { replace: true });
      })
      .catch(setError);
  }, [auth, navigate, onSignedIn]);
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
