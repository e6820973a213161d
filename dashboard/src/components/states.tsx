// Loading, empty and error states, the same on every page.
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../api/client';
import { messages } from '../i18n';

const m = messages.common;

export function Loading({ label = m.loading }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader size="sm" mr="sm" aria-hidden />
      <Text size="sm">{label}</Text>
    </Center>
  );
}

/** What an error says to a person: the API's message and code, or that the service was unreachable. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return m.errorText(error.message, error.code);
  // fetch's own failure (no answer at all) is a TypeError; any other error says what it is.
  if (error instanceof Error && !(error instanceof TypeError)) return error.message;
  return m.networkError;
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert color="red" title={m.errorTitle} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{describeError(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="outline" color="red" onClick={onRetry}>
            {m.retry}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="xl">
      <Text fw={600}>{title}</Text>
      {children}
    </Stack>
  );
}

/** Renders a query's data, or its loading or error state. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
