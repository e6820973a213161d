// The first page of someone not signed in: what this is, and the way to the issuer's sign-in (where a
// new person signs up). A reload after signing in never shows it: main.ts goes straight to the issuer.
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../components/page';
import { ErrorState } from '../../components/states';
import { messages } from '../../i18n';
import { useSession } from '../../session';

const m = messages.auth;

export function WelcomePage() {
  const { auth } = useSession();
  const location = useLocation();
  const [error, setError] = useState<unknown>();
  const returnTo = location.pathname + location.search;
  const signIn = () => auth.signIn(returnTo).catch(setError);
  useDocumentTitle();
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder p="xl" maw={460} radius="md">
        <Stack>
          <Title order={1}>{m.welcomeTitle}</Title>
          <Text>{m.welcomeText}</Text>
          {error !== undefined && <ErrorState error={error} />}
          <Button size="md" onClick={() => void signIn()}>
            {m.signIn}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
