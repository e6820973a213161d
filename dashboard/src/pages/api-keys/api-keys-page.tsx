// The API keys page: the organization's active keys for /api/v1 (name, prefix, who made it, last use),
// a new key shown once with a copy button, and revoking one after a confirmation that names it.
// Members who may not build see the list only.
import { Button, Code, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, unwrap } from '../../api/client';
import { Page } from '../../components/page';
import { ShownOnce } from '../../components/shown-once';
import { Empty, ErrorState, QueryState } from '../../components/states';
import { messages } from '../../i18n';
import { useOrganization } from '../../organization';
import { useApi } from '../../session';

const m = messages.apiKeys;
const c = messages.common;

interface ApiKey {
  keyId: string;
  name: string;
  prefix: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  createdBy: { id: string; email: string | null } | null;
}

const apiKeysQueryKey = (orgId: string) => ['api-keys', orgId] as const;

export default function ApiKeysPage() {
  const api = useApi();
  const { organizationId: orgId, can } = useOrganization();
  const keys = useQuery({
    queryKey: apiKeysQueryKey(orgId),
    queryFn: async () => unwrap(await api.GET('/dashboard/v1/organizations/{orgId}/api-keys', { params: { path: { orgId } } })),
  });
  const [creating, setCreating] = useState(false);
  // The new key lives in this page's state only: the API never answers it again.
  const [created, setCreated] = useState<{ name: string; apiKey: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [revokedName, setRevokedName] = useState<string | null>(null);
  return (
    <Page
      title={m.title}
      description={m.description}
      actions={
        can('build') && (
          <Button onClick={() => setCreating(true)} disabled={keys.isPending}>
            {m.create}
          </Button>
        )
      }
    >
      {created && <ShownOnce label={m.newKeyFor(created.name)} value={created.apiKey} onDone={() => setCreated(null)} />}
      {revokedName && (
        <Text size="sm" role="status">
          {m.revoked(revokedName)}
        </Text>
      )}
      <QueryState query={keys}>
        {({ data }) =>
          data.length === 0 ? (
            <Empty title={m.empty}>
              <Text size="sm" c="dimmed">
                {can('build') ? m.emptyBuilder : m.emptyReader}
              </Text>
            </Empty>
          ) : (
            <KeysTable keys={data} onRevoke={can('build') ? setRevoking : undefined} />
          )
        }
      </QueryState>
      {can('build') && (
        <>
          <CreateKeyModal
            opened={creating}
            onClose={() => setCreating(false)}
            onCreated={(key) => {
              setCreating(false);
              setRevokedName(null);
              setCreated(key);
            }}
          />
          <RevokeKeyModal
            apiKey={revoking}
            onClose={() => setRevoking(null)}
            onRevoked={(key) => {
              setRevoking(null);
              setRevokedName(key.name);
            }}
          />
        </>
      )}
    </Page>
  );
}

function KeysTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke?: (key: ApiKey) => void }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped>
        <Table.Caption>{m.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{m.name}</Table.Th>
            <Table.Th>{m.prefix}</Table.Th>
            <Table.Th>{m.createdBy}</Table.Th>
            <Table.Th>{m.created}</Table.Th>
            <Table.Th>{m.lastUsed}</Table.Th>
            {onRevoke && <Table.Th>{m.actions}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key.keyId}>
              <Table.Td>{key.name}</Table.Td>
              <Table.Td>{key.prefix ? <Code>{m.prefixShown(key.prefix)}</Code> : m.noPrefix}</Table.Td>
              <Table.Td>{creator(key.createdBy)}</Table.Td>
              <Table.Td>{c.dateTime(key.createdAt)}</Table.Td>
              <Table.Td>{key.lastUsedAt ? c.dateTime(key.lastUsedAt) : c.never}</Table.Td>
              {onRevoke && (
                <Table.Td>
                  <Button size="xs" variant="default" onClick={() => onRevoke(key)} aria-label={m.revokeLabel(key.name)}>
                    {m.revoke}
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function creator(createdBy: ApiKey['createdBy']): string {
  if (!createdBy) return m.unknownCreator;
  if (createdBy.id === 'importctl') return m.importctl;
  return createdBy.email ?? m.unknownCreator;
}

function CreateKeyModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (key: { name: string; apiKey: string }) => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { organizationId: orgId } = useOrganization();
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: async () => unwrap(await api.POST('/dashboard/v1/organizations/{orgId}/api-keys', { params: { path: { orgId } }, body: { name: name.trim() } })),
    onSuccess: async (key) => {
      setName('');
      create.reset();
      onCreated(key);
      await queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(orgId) });
    },
  });
  const fieldError = create.error instanceof ApiError && create.error.field ? create.error.field.problem : undefined;
  return (
    <Modal opened={opened} onClose={onClose} closeButtonProps={{ 'aria-label': c.close }} title={m.createTitle}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <Stack>
          <TextInput label={m.name} description={m.nameHint} value={name} onChange={(event) => setName(event.currentTarget.value)} error={fieldError} required maxLength={100} data-autofocus />
          {create.isError && !fieldError && <ErrorState error={create.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {c.cancel}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {m.createConfirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RevokeKeyModal({ apiKey, onClose, onRevoked }: { apiKey: ApiKey | null; onClose: () => void; onRevoked: (key: ApiKey) => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { organizationId: orgId } = useOrganization();
  const revoke = useMutation({
    mutationFn: async (key: ApiKey) => {
      unwrap(await api.DELETE('/dashboard/v1/organizations/{orgId}/api-keys/{keyId}', { params: { path: { orgId, keyId: key.keyId } } }));
      return key;
    },
    onSuccess: async (key) => {
      revoke.reset();
      onRevoked(key);
      await queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(orgId) });
    },
  });
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <Modal opened={apiKey !== null} onClose={close} closeButtonProps={{ 'aria-label': c.close }} title={apiKey ? m.revokeTitle(apiKey.name) : ''}>
      {apiKey && (
        <Stack>
          <Text size="sm">{m.revokeText(apiKey.name, apiKey.prefix)}</Text>
          {revoke.isError && <ErrorState error={revoke.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              {c.cancel}
            </Button>
            {/* Shade 9: white on Mantine's default red shade is below AA contrast. */}
            <Button color="red.9" onClick={() => revoke.mutate(apiKey)} loading={revoke.isPending}>
              {m.revokeConfirm}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
