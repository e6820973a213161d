// "Create your organization": the first thing a new person does (and any member can make another).
import { Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, unwrap } from '../../api/client';
import { useDocumentTitle } from '../../components/page';
import { ErrorState } from '../../components/states';
import { messages } from '../../i18n';
import { paths } from '../../paths';
import { ME_QUERY_KEY, useApi } from '../../session';

const m = messages.auth;

export function CreateOrganizationPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  useDocumentTitle(m.createTitle);
  const create = useMutation({
    mutationFn: async () => unwrap(await api.POST('/dashboard/v1/organizations', { body: { name } })),
    onSuccess: async (organization) => {
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      navigate(paths.overview(organization.organizationId));
    },
  });
  const fieldError = create.error instanceof ApiError && create.error.field ? create.error.field.problem : undefined;
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder p="xl" maw={480} w="100%" radius="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate();
          }}
        >
          <Stack>
            <Title order={1} size="h2">
              {m.createTitle}
            </Title>
            <Text>{m.createText}</Text>
            <TextInput label={m.organizationName} description={m.organizationNameHint} value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={100} error={fieldError} data-autofocus autoFocus />
            {create.isError && !fieldError && <ErrorState error={create.error} />}
            <Button type="submit" loading={create.isPending}>
              {m.create}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
