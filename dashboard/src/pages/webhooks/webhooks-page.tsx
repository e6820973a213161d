// The webhooks page: the organization's webhook URL, its signing secret (shown once, when created or
// rotated), a test event with what the receiver answered, and the webhook status of the latest imports.
// Members who may not build read the settings; no secret is ever shown but right after it is created.
import { Alert, Button, Card, Code, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiError, unwrap } from '../../api/client';
import { Page } from '../../components/page';
import { ShownOnce } from '../../components/shown-once';
import { Empty, ErrorState, QueryState } from '../../components/states';
import { messages } from '../../i18n';
import { useOrganization } from '../../organization';
import { useApi } from '../../session';
import { ImportsTable } from '../imports/imports-table';

const m = messages.webhooks;
const c = messages.common;
const RECENT_IMPORTS = 10;
const URL_FIELDS = ['webhookUrl', 'url'];

type Organization = { organizationId: string; webhookUrl: string | null; webhookSecretSet: boolean };
type NewSecret = { value: string; label: string; previousExpiresAt: string | null };

const organizationQueryKey = (orgId: string) => ['organization', orgId] as const;

export default function WebhooksPage() {
  const api = useApi();
  const { organizationId: orgId } = useOrganization();
  const organization = useQuery({
    queryKey: organizationQueryKey(orgId),
    queryFn: async () => unwrap(await api.GET('/dashboard/v1/organizations/{orgId}', { params: { path: { orgId } } })),
  });
  // Kept in this page's state only: leaving the page forgets it, as the API never answers it again.
  const [secret, setSecret] = useState<NewSecret | null>(null);
  return (
    <Page title={m.title} description={m.description}>
      <QueryState query={organization}>
        {(data) => (
          <Stack gap="lg">
            {secret && (
              <Stack gap="xs">
                <ShownOnce label={secret.label} value={secret.value} onDone={() => setSecret(null)} />
                {secret.previousExpiresAt && <Text size="sm">{m.previousSecretUntil(c.dateTime(secret.previousExpiresAt))}</Text>}
              </Stack>
            )}
            <EndpointSection organization={data} onSecret={setSecret} />
            <SecretSection organization={data} onSecret={setSecret} />
            <TestSection organization={data} />
          </Stack>
        )}
      </QueryState>
      <RecentDeliveries />
    </Page>
  );
}

function EndpointSection({ organization, onSecret }: { organization: Organization; onSecret: (secret: NewSecret) => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { organizationId: orgId, can } = useOrganization();
  const [url, setUrl] = useState(organization.webhookUrl ?? '');
  useEffect(() => setUrl(organization.webhookUrl ?? ''), [organization.webhookUrl]);
  const save = useMutation({
    mutationFn: async () => {
      const webhookUrl = url.trim() === '' ? null : url.trim();
      return unwrap(await api.PATCH('/dashboard/v1/organizations/{orgId}', { params: { path: { orgId } }, body: { webhookUrl } }));
    },
    onSuccess: ({ webhookSecret, ...saved }) => {
      queryClient.setQueryData(organizationQueryKey(orgId), saved);
      if (webhookSecret) onSecret({ value: webhookSecret, label: m.newSecret, previousExpiresAt: null });
    },
  });
  // The body's field is webhookUrl; the address policy (shared with importctl) names it url.
  const fieldError = save.error instanceof ApiError && URL_FIELDS.includes(save.error.field?.field ?? '') ? save.error.field!.problem : undefined;
  return (
    <Card withBorder component="section" aria-labelledby="webhook-endpoint">
      <Stack gap="sm">
        <Title order={2} size="h4" id="webhook-endpoint">
          {m.endpointTitle}
        </Title>
        {can('build') ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate();
            }}
          >
            <Stack gap="sm" align="flex-start">
              <TextInput
                label={m.url}
                description={m.urlHint}
                placeholder={m.urlPlaceholder}
                value={url}
                onChange={(event) => {
                  setUrl(event.currentTarget.value);
                  if (save.isSuccess || save.isError) save.reset();
                }}
                error={fieldError}
                type="url"
                inputMode="url"
                autoComplete="off"
                w="100%"
                maw={640}
              />
              {save.isError && !fieldError && <ErrorState error={save.error} />}
              {save.isSuccess && (
                <Text size="sm" role="status">
                  {save.data.webhookUrl ? m.urlSaved : m.urlRemoved}
                </Text>
              )}
              <Button type="submit" loading={save.isPending}>
                {m.saveUrl}
              </Button>
            </Stack>
          </form>
        ) : organization.webhookUrl ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {m.url}
            </Text>
            <Code>{organization.webhookUrl}</Code>
          </Stack>
        ) : (
          <Text size="sm">{m.noUrl}</Text>
        )}
      </Stack>
    </Card>
  );
}

function SecretSection({ organization, onSecret }: { organization: Organization; onSecret: (secret: NewSecret) => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { organizationId: orgId, can } = useOrganization();
  const [confirming, setConfirming] = useState(false);
  const rotate = useMutation({
    mutationFn: async () => unwrap(await api.POST('/dashboard/v1/organizations/{orgId}/webhook/secret', { params: { path: { orgId } } })),
    onSuccess: ({ webhookSecret, previousExpiresAt }) => {
      setConfirming(false);
      onSecret({ value: webhookSecret, label: m.rotatedSecret, previousExpiresAt });
      void queryClient.invalidateQueries({ queryKey: organizationQueryKey(orgId) });
    },
  });
  return (
    <Card withBorder component="section" aria-labelledby="webhook-secret">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="webhook-secret">
          {m.secretTitle}
        </Title>
        <Text size="sm">{organization.webhookSecretSet ? m.secretSet : m.secretNotSet}</Text>
        {can('build') && organization.webhookSecretSet && (
          <Button variant="default" onClick={() => setConfirming(true)}>
            {m.rotate}
          </Button>
        )}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} closeButtonProps={{ 'aria-label': c.close }} title={m.rotateTitle}>
        <Stack>
          <Text size="sm">{m.rotateText}</Text>
          {rotate.isError && <ErrorState error={rotate.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {c.cancel}
            </Button>
            <Button onClick={() => rotate.mutate()} loading={rotate.isPending}>
              {m.rotateConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

function TestSection({ organization }: { organization: Organization }) {
  const api = useApi();
  const { organizationId: orgId, can } = useOrganization();
  const test = useMutation({
    mutationFn: async () => unwrap(await api.POST('/dashboard/v1/organizations/{orgId}/webhook/test', { params: { path: { orgId } } })),
  });
  if (!can('build')) return null;
  return (
    <Card withBorder component="section" aria-labelledby="webhook-test">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="webhook-test">
          {m.testTitle}
        </Title>
        <Text size="sm">{m.testText}</Text>
        {organization.webhookUrl ? (
          <Button variant="default" onClick={() => test.mutate()} loading={test.isPending}>
            {m.sendTest}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {m.testNeedsUrl}
          </Text>
        )}
        {test.isError && <ErrorState error={test.error} />}
        {test.isSuccess && <TestResult result={test.data} />}
      </Stack>
    </Card>
  );
}

interface Attempt {
  delivered: boolean;
  statusCode: number | null;
  errorKind: string | null;
  error: string | null;
  latencyMs: number;
  responseExcerpt: string;
  sentAt: string;
}

function TestResult({ result }: { result: Attempt }) {
  const rows: [string, ReactNode][] = [
    [m.statusCode, result.statusCode ?? c.none],
    [m.latency, m.latencyMs(result.latencyMs)],
    [m.sentAt, c.dateTime(result.sentAt)],
  ];
  if (result.errorKind || result.error) rows.push([m.error, [result.errorKind && m.errorKinds[result.errorKind], result.error].filter(Boolean).join(': ')]);
  return (
    // The title in the text colour: Mantine's light green or red on its pale background is below AA contrast.
    <Alert color={result.delivered ? 'green' : 'red'} title={result.delivered ? m.delivered : m.notDelivered} role="status" w="100%" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
      <Stack gap="xs">
        <Table variant="vertical" withTableBorder={false} aria-label={m.resultTitle}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={140}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="sm" fw={600}>
          {m.responseExcerpt}
        </Text>
        {/* The receiver's answer is text from elsewhere: shown as text, never as HTML. */}
        {result.responseExcerpt ? <Code block>{result.responseExcerpt}</Code> : <Text size="sm">{m.noResponse}</Text>}
      </Stack>
    </Alert>
  );
}

function RecentDeliveries() {
  const api = useApi();
  const { organizationId: orgId } = useOrganization();
  const imports = useQuery({
    queryKey: ['imports', orgId, { page: 1, limit: RECENT_IMPORTS }],
    queryFn: async () => unwrap(await api.GET('/dashboard/v1/organizations/{orgId}/imports', { params: { path: { orgId }, query: { page: 1, limit: RECENT_IMPORTS } } })),
  });
  return (
    <Card withBorder component="section" aria-labelledby="webhook-deliveries">
      <Stack gap="sm">
        <Title order={2} size="h4" id="webhook-deliveries">
          {m.deliveriesTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {m.deliveriesText}
        </Text>
        <QueryState query={imports}>
          {({ data }) =>
            data.length === 0 ? (
              <Empty title={m.noImports} />
            ) : (
              <ImportsTable imports={data} label={m.deliveriesCaption} columns={['created', 'webhook']} />
            )
          }
        </QueryState>
      </Stack>
    </Card>
  );
}
