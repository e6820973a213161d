// "Import a file": the real widget for a chosen template, as a customer's page embeds it. The widget
// imports only for embed-enabled templates whose allowed origins include the page's: both are checked
// first and explained (a builder may enable embedding here). When the widget reports its import, the
// page links to it.
import { Alert, Anchor, Button, NativeSelect, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { unwrap } from '../../api/client';
import { ImportWidget } from '../../components/import-widget';
import { Page } from '../../components/page';
import { describeError, Empty, ErrorState, Loading, QueryState } from '../../components/states';
import { messages } from '../../i18n';
import { useOrganization } from '../../organization';
import { paths } from '../../paths';
import { useApi, useMe, useSession } from '../../session';
import { useTemplateChoices } from '../imports/imports-page';

const m = messages.importFile;

/** What the widget reports (widget/src: import-started, then import-complete or import-failed). */
type Outcome = { importId: string; state: 'started' | 'complete' | 'failed' };
const WIDGET_EVENTS = { 'import-started': 'started', 'import-complete': 'complete', 'import-failed': 'failed' } as const;

export default function ImportFilePage() {
  const organization = useOrganization();
  const templates = useTemplateChoices();
  const [search, setSearch] = useSearchParams();
  const templateId = search.get('template') ?? '';
  if (!organization.can('build')) {
    return (
      <Page title={m.title}>
        <Alert color="blue">{m.forbidden}</Alert>
      </Page>
    );
  }
  return (
    <Page title={m.title} description={m.description}>
      <QueryState query={templates}>
        {(list) =>
          list.length === 0 ? (
            <Empty title={m.noTemplates}>
              <Text c="dimmed">{m.noTemplatesText}</Text>
              <Button component={Link} to={paths.newTemplate(organization.organizationId)}>
                {m.createTemplate}
              </Button>
            </Empty>
          ) : (
            <Stack gap="lg">
              <NativeSelect
                label={m.template}
                value={templateId}
                maw={420}
                onChange={(event) => setSearch(event.currentTarget.value ? { template: event.currentTarget.value } : {})}
                data={[{ value: '', label: m.chooseTemplate, disabled: true }, ...list.map((template) => ({ value: template.id, label: template.name }))]}
              />
              {templateId && <TemplateWidget key={templateId} templateId={templateId} />}
            </Stack>
          )
        }
      </QueryState>
    </Page>
  );
}

function TemplateWidget({ templateId }: { templateId: string }) {
  const api = useApi();
  const organization = useOrganization();
  const orgId = organization.organizationId;
  const queryClient = useQueryClient();
  const template = useQuery({
    queryKey: ['template', orgId, templateId],
    queryFn: async () => unwrap(await api.GET('/dashboard/v1/organizations/{orgId}/templates/{id}', { params: { path: { orgId, id: templateId } } })),
  });
  const enable = useMutation({
    // Enabling leaves the allowed origins as the API keeps them for a disabled template: none, any page.
    mutationFn: async () =>
      unwrap(await api.PUT('/dashboard/v1/organizations/{orgId}/templates/{id}/embed', { params: { path: { orgId, id: templateId } }, body: { enabled: true } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['template', orgId, templateId] }),
  });
  return (
    <QueryState query={template}>
      {(data) =>
        data.embedEnabled ? (
          <AllowedWidget templateId={templateId} />
        ) : (
          <Alert color="blue" title={m.notEmbedded}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{m.notEmbeddedText}</Text>
              {organization.can('build') ? (
                <>
                  <Text size="sm">{m.enableEmbedHint}</Text>
                  <Button size="sm" loading={enable.isPending} onClick={() => enable.mutate()}>
                    {enable.isPending ? m.enabling : m.enableEmbed}
                  </Button>
                  {enable.isError && (
                    <Text size="sm" c="red" role="alert">
                      {describeError(enable.error)}
                    </Text>
                  )}
                </>
              ) : (
                <Text size="sm">{m.notEmbeddedAskText}</Text>
              )}
            </Stack>
          </Alert>
        )
      }
    </QueryState>
  );
}

/**
 * The embed API answers a page whose origin the template does not allow with 403 ORIGIN_NOT_ALLOWED:
 * asked first, as the widget would ask, so the page can say why instead of a widget that cannot start.
 * (Where the embed API is the dashboard's own origin, as on the local stack, a GET names no origin and
 * is answered; the widget's first POST does name it, and the widget then says why it cannot go on.)
 */
function useOriginAllowed(templateId: string) {
  const { config } = useSession();
  return useQuery({
    queryKey: ['embed-origin', config.embedApiUrl, templateId],
    queryFn: async () => {
      const response = await fetch(`${config.embedApiUrl.replace(/\/+$/, '')}/embed/v1/templates/${encodeURIComponent(templateId)}`);
      if (response.status !== 403) return true;
      const body = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
      return body?.error?.code !== 'ORIGIN_NOT_ALLOWED';
    },
  });
}

function AllowedWidget({ templateId }: { templateId: string }) {
  const { organizationId: orgId } = useOrganization();
  const allowed = useOriginAllowed(templateId);
  const me = useMe();
  const host = useRef<HTMLDivElement>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    // The widget's events bubble out of its shadow root (composed) to this wrapper.
    const listeners = Object.entries(WIDGET_EVENTS).map(([name, state]) => {
      const listener = (event: Event) => {
        const importId = (event as CustomEvent<{ importId?: string }>).detail?.importId;
        if (importId) setOutcome({ importId, state });
      };
      element.addEventListener(name, listener);
      return () => element.removeEventListener(name, listener);
    });
    return () => listeners.forEach((remove) => remove());
  }, [allowed.data, me.data]);
  if (allowed.isPending || me.isPending) return <Loading />;
  if (allowed.isError) return <ErrorState error={allowed.error} onRetry={() => void allowed.refetch()} />;
  if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  if (!allowed.data) {
    return (
      <Alert color="blue" title={m.originRefused}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{m.originRefusedText(location.origin)}</Text>
          <Anchor component={Link} to={paths.embed(orgId)}>
            {m.openEmbed}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <div role="status">
        {outcome && (
          <Alert color={outcome.state === 'failed' ? 'red' : outcome.state === 'complete' ? 'green' : 'blue'}>
            <Stack gap={4} align="flex-start">
              <Text size="sm">{outcome.state === 'started' ? m.started : outcome.state === 'complete' ? m.finished : m.failed}</Text>
              <Anchor component={Link} to={paths.import(orgId, outcome.importId)}>
                {m.openImport}
              </Anchor>
            </Stack>
          </Alert>
        )}
      </div>
      <div ref={host}>
        <ImportWidget
          template={templateId}
          label={m.widgetLabel}
          metadata={{ source: 'dashboard' }}
          user={{ id: me.data.user.id, email: me.data.user.email }}
        />
      </div>
    </Stack>
  );
}
