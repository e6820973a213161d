// /dashboard/invitations/:invitationId, the link of an invitation email: accepting makes the signed-in
// person a member (the API checks that the invitation is for their verified email).
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { unwrap } from '../../api/client';
import { useDocumentTitle } from '../../components/page';
import { ErrorState } from '../../components/states';
import { messages } from '../../i18n';
import { paths } from '../../paths';
import { ME_QUERY_KEY, useApi } from '../../session';

const m = messages.auth;

export function InvitationPage() {
  const { invitationId = '' } = useParams();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useDocumentTitle(m.invitationTitle);
  const accept = useMutation({
    mutationFn: async () => unwrap(await api.POST('/dashboard/v1/invitations/{invitationId}/accept', { params: { path: { invitationId } } })),
    onSuccess: async (membership) => {
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      navigate(paths.overview(membership.organizationId));
    },
  });
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder p="xl" maw={480} w="100%" radius="md">
        <Stack>
          <Title order={1} size="h2">
            {m.invitationTitle}
          </Title>
          <Text>{m.invitationText}</Text>
          {accept.isError && <ErrorState error={accept.error} />}
          <Button onClick={() => accept.mutate()} loading={accept.isPending}>
            {m.accept}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
