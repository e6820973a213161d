// The team: members with their roles, pending invitations, and (for owners and admins) inviting, changing
// a role, removing a member and withdrawing an invitation. What a role may not do is not offered: only
// owners see the owner role among the choices. The API's refusals (409 LAST_OWNER among them) are shown
// above the table as it words them.
import { Alert, Button, Card, CopyButton, Group, Modal, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError, unwrap } from '../../api/client';
import { Page } from '../../components/page';
import { describeError, QueryState } from '../../components/states';
import { messages } from '../../i18n';
import { useOrganization } from '../../organization';
import { useApi, useMe } from '../../session';
import type { Role } from '../../../../shared/domain/roles';

const m = messages.members;
const c = messages.common;
const ROLES: Role[] = ['owner', 'admin', 'developer', 'viewer'];

interface Member {
  userId: string;
  email: string;
  role: Role;
  joinedAt: string;
}

type Notice = { kind: 'done'; text: string } | { kind: 'error'; error: unknown };

export default function MembersPage() {
  const organization = useOrganization();
  const orgId = organization.organizationId;
  const api = useApi();
  const me = useMe();
  const queryClient = useQueryClient();
  const canManage = organization.can('manage');
  const canOwners = organization.can('owners');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const queryKey = ['members', orgId];
  const members = useQuery({
    queryKey,
    queryFn: async () => unwrap(await api.GET('/dashboard/v1/organizations/{orgId}/members', { params: { path: { orgId } } })),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const fail = (error: unknown) => setNotice({ kind: 'error', error });

  const changeRole = useMutation({
    mutationFn: async ({ member, role }: { member: Member; role: Role }) =>
      unwrap(await api.PATCH('/dashboard/v1/organizations/{orgId}/members/{userId}', { params: { path: { orgId, userId: member.userId } }, body: { role } })),
    onSuccess: (updated) => setNotice({ kind: 'done', text: m.roleChanged(updated.email, c.roles[updated.role]) }),
    onError: fail,
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: async (member: Member) =>
      unwrap(await api.DELETE('/dashboard/v1/organizations/{orgId}/members/{userId}', { params: { path: { orgId, userId: member.userId } } })),
    onSuccess: (_, member) => setNotice({ kind: 'done', text: m.removed(member.email) }),
    onError: fail,
    onSettled: () => {
      setRemoving(null);
      return refresh();
    },
  });
  const withdraw = useMutation({
    mutationFn: async (invitation: { invitationId: string; email: string }) =>
      unwrap(await api.DELETE('/dashboard/v1/organizations/{orgId}/invitations/{invitationId}', { params: { path: { orgId, invitationId: invitation.invitationId } } })),
    onSuccess: (_, invitation) => setNotice({ kind: 'done', text: m.withdrawn(invitation.email) }),
    onError: fail,
    onSettled: refresh,
  });

  // Roles a manager may give or take: owners only by owners.
  const roleChoices = ROLES.filter((role) => role !== 'owner' || canOwners).map((role) => ({ value: role, label: c.roles[role] }));
  const mayChange = (role: Role) => canManage && (role !== 'owner' || canOwners);

  return (
    <Page title={m.title} description={m.description}>
      {canManage && <InviteForm orgId={orgId} roleChoices={roleChoices} onInvited={refresh} />}
      {notice?.kind === 'error' && (
        <Alert color="red" title={c.errorTitle} role="alert" withCloseButton closeButtonLabel={c.close} onClose={() => setNotice(null)}>
          {describeError(notice.error)}
        </Alert>
      )}
      {notice?.kind === 'done' && (
        <Alert color="teal" role="status" withCloseButton closeButtonLabel={c.close} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      <QueryState query={members}>
        {(data) => (
          <Stack gap="xl">
            <Table.ScrollContainer minWidth={560}>
              <Table striped aria-label={m.membersCaption}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{m.email}</Table.Th>
                    <Table.Th scope="col">{m.role}</Table.Th>
                    <Table.Th scope="col">{m.joined}</Table.Th>
                    {canManage && <Table.Th scope="col">{m.actions}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.data.map((member) => {
                    const pending = changeRole.isPending && changeRole.variables?.member.userId === member.userId;
                    return (
                      <Table.Tr key={member.userId}>
                        <Table.Td>
                          {member.email} {member.userId === me.data?.user.id && <Text span c="dimmed" size="sm">{m.you}</Text>}
                        </Table.Td>
                        <Table.Td>
                          {mayChange(member.role) ? (
                            <NativeSelect
                              aria-label={m.roleOf(member.email)}
                              value={pending ? changeRole.variables!.role : member.role}
                              disabled={pending}
                              data={roleChoices}
                              onChange={(event) => {
                                setNotice(null);
                                changeRole.mutate({ member, role: event.currentTarget.value as Role });
                              }}
                              w={160}
                            />
                          ) : (
                            c.roles[member.role]
                          )}
                        </Table.Td>
                        <Table.Td>{c.date(member.joinedAt)}</Table.Td>
                        {canManage && (
                          <Table.Td>
                            {mayChange(member.role) && (
                              <Button size="xs" variant="outline" color="red.9" aria-label={m.removeLabel(member.email)} onClick={() => setRemoving(member)}>
                                {m.remove}
                              </Button>
                            )}
                          </Table.Td>
                        )}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Stack gap="xs" component="section" aria-labelledby="invitations-title">
              <Title order={2} size="h4" id="invitations-title">
                {m.invitationsTitle}
              </Title>
              {data.invitations.length === 0 ? (
                <Text c="dimmed">{m.noInvitations}</Text>
              ) : (
                <Table.ScrollContainer minWidth={560}>
                  <Table striped aria-label={m.invitationsCaption}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{m.email}</Table.Th>
                        <Table.Th scope="col">{m.role}</Table.Th>
                        <Table.Th scope="col">{m.invitedBy}</Table.Th>
                        <Table.Th scope="col">{m.expires}</Table.Th>
                        {canManage && <Table.Th scope="col">{m.actions}</Table.Th>}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.invitations.map((invitation) => (
                        <Table.Tr key={invitation.invitationId}>
                          <Table.Td>{invitation.email}</Table.Td>
                          <Table.Td>{c.roles[invitation.role]}</Table.Td>
                          <Table.Td>{invitation.invitedBy.email ?? m.importctl}</Table.Td>
                          <Table.Td>{c.dateTime(invitation.expiresAt)}</Table.Td>
                          {canManage && (
                            <Table.Td>
                              {mayChange(invitation.role) && (
                                <Button
                                  size="xs"
                                  variant="outline"
                                  color="red.9"
                                  aria-label={m.withdrawLabel(invitation.email)}
                                  loading={withdraw.isPending && withdraw.variables?.invitationId === invitation.invitationId}
                                  onClick={() => {
                                    setNotice(null);
                                    withdraw.mutate(invitation);
                                  }}
                                >
                                  {m.withdraw}
                                </Button>
                              )}
                            </Table.Td>
                          )}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Stack>
          </Stack>
        )}
      </QueryState>
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={m.removeTitle} closeButtonProps={{ 'aria-label': c.close }}>
        <Stack>
          <Text>{removing && m.removeText(removing.email)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {c.cancel}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => {
                setNotice(null);
                if (removing) remove.mutate(removing);
              }}
            >
              {m.removeConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Page>
  );
}

/** Invite by email with a role; the answer's link is shown when no email went out from here. */
function InviteForm({ orgId, roleChoices, onInvited }: { orgId: string; roleChoices: { value: string; label: string }[]; onInvited: () => void }) {
  const api = useApi();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const invite = useMutation({
    mutationFn: async () => unwrap(await api.POST('/dashboard/v1/organizations/{orgId}/invitations', { params: { path: { orgId } }, body: { email, role } })),
    onSuccess: () => {
      setEmail('');
      onInvited();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };
  const fieldError = invite.error instanceof ApiError && invite.error.field?.field === 'email' ? invite.error.field.problem : undefined;
  const invited = invite.data;
  return (
    <Card withBorder component="section" aria-labelledby="invite-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="invite-title">
          {m.inviteTitle}
        </Title>
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={m.inviteEmail}
              type="email"
              autoComplete="off"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={fieldError}
              w={320}
            />
            <NativeSelect
              label={m.inviteRole}
              description={m.roleHelp[role]}
              value={role}
              onChange={(event) => setRole(event.currentTarget.value as Role)}
              data={roleChoices}
              w={260}
            />
            <Button type="submit" mt={25} loading={invite.isPending}>
              {m.invite}
            </Button>
          </Group>
        </form>
        {invite.isError && !fieldError && (
          <Alert color="red" title={c.errorTitle} role="alert">
            {describeError(invite.error)}
          </Alert>
        )}
        {invited && (
          // No colored title: Mantine's alert title colour is below 4.5:1 on its own light background.
          <Alert color="yellow" role="status">
            <Text fw={700} mb={4}>
              {m.invited(invited.email)}
            </Text>
            {invited.delivery === 'emailed' ? (
              <Text size="sm">{m.invitedEmailed}</Text>
            ) : (
              <Stack gap="xs">
                <Text size="sm">{m.invitedShare}</Text>
                <Group align="flex-end" gap="sm" wrap="nowrap">
                  <TextInput label={m.acceptLink} value={invited.acceptUrl} readOnly ff="monospace" style={{ flex: 1 }} onFocus={(event) => event.currentTarget.select()} />
                  <CopyButton value={invited.acceptUrl}>{({ copied, copy }) => <Button onClick={copy}>{copied ? c.copied : c.copy}</Button>}</CopyButton>
                </Group>
              </Stack>
            )}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
