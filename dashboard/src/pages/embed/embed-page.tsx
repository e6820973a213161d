// The Embed page: for a chosen template, whether its importer may be embedded, from which origins, and
// the snippet to paste (the API's, with a copy button). A role that may not build reads the settings.
import { Alert, Button, Code, CopyButton, Group, NativeSelect, Paper, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError, unwrap } from '../../api/client';
import type { operations } from '../../api/schema';
import { Page } from '../../components/page';
import { Empty, ErrorState, QueryState } from '../../components/states';
import { messages } from '../../i18n';
import { useOrganization } from '../../organization';
import { paths } from '../../paths';
import { useApi } from '../../session';
import { templateKeys, useTemplateList } from '../templates/template-queries';

/** Code-like values in a monospace font (the input only: label, hint and error stay in the text font). */
const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

const m = messages.embed;
const c = messages.common;

type EmbedState = operations['getTemplateEmbed']['responses'][200]['content']['application/json'];

/** The select lists the newest templates, as many as one page of the API holds. */
const TEMPLATES_SHOWN = 100;

export default function EmbedPage() {
  const { organizationId, can } = useOrganization();
  const list = useTemplateList(organizationId, 1, TEMPLATES_SHOWN);
  const [search, setSearch] = useSearchParams();
  return (
    <Page title={m.title} description={m.description}>
      <QueryState query={list}>
        {({ data }) => {
          if (data.length === 0)
            return (
              <Empty title={m.noTemplatesTitle}>
                <Text size="sm">{m.noTemplatesText}</Text>
                {can('build') && (
                  <Button component={Link} to={paths.newTemplate(organizationId)} mt="sm">
                    {m.newTemplate}
                  </Button>
                )}
              </Empty>
            );
          const chosen = data.find((template) => template.id === search.get('template')) ?? data[0];
          return (
            <Stack gap="lg">
              <NativeSelect
                label={m.template}
                description={m.templateHint}
                value={chosen.id}
                onChange={(event) => setSearch({ template: event.currentTarget.value }, { replace: true })}
                data={data.map((template) => ({ value: template.id, label: template.name }))}
                maw={420}
              />
              <TemplateEmbed key={chosen.id} templateId={chosen.id} name={chosen.name} />
            </Stack>
          );
        }}
      </QueryState>
    </Page>
  );
}

function TemplateEmbed({ templateId, name }: { templateId: string; name: string }) {
  const { organizationId } = useOrganization();
  const api = useApi();
  const path = { orgId: organizationId, id: templateId };
  const state = useQuery({
    queryKey: templateKeys.embed(organizationId, templateId),
    queryFn: async () => unwrap(await api.GET('/dashboard/v1/organizations/{orgId}/templates/{id}/embed', { params: { path } })),
  });
  return <QueryState query={state}>{(embed) => <EmbedForm embed={embed} name={name} />}</QueryState>;
}

function EmbedForm({ embed, name }: { embed: EmbedState; name: string }) {
  const { organizationId, can } = useOrganization();
  const readOnly = !can('build');
  const api = useApi();
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(embed.enabled);
  const [origins, setOrigins] = useState((embed.allowedOrigins ?? []).join('\n'));
  const [saved, setSaved] = useState(false);
  const lines = origins.split('\n').map((line) => line.trim());
  const save = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.PUT('/dashboard/v1/organizations/{orgId}/templates/{id}/embed', {
          params: { path: { orgId: organizationId, id: embed.templateId } },
          body: { enabled, allowedOrigins: lines.filter(Boolean) },
        }),
      ),
    onSuccess: async (next) => {
      queryClient.setQueryData(templateKeys.embed(organizationId, embed.templateId), next);
      await queryClient.invalidateQueries({ queryKey: templateKeys.all(organizationId), predicate: (query) => query.queryKey[2] === 'list' || query.queryKey[2] === 'one' });
      setSaved(true);
    },
    onError: () => setSaved(false),
  });
  // allowedOrigins[i] is the i-th non-empty line: named by its line number in the textarea.
  const field = save.error instanceof ApiError ? save.error.field : undefined;
  const originIndex = field && /^allowedOrigins\[(\d+)\]/.exec(field.field);
  const originsError = originIndex
    ? m.originError(lines.map((line, i) => (line ? i + 1 : 0)).filter(Boolean)[Number(originIndex[1])] ?? Number(originIndex[1]) + 1, field.problem)
    : field?.field === 'allowedOrigins'
      ? field.problem
      : undefined;
  const shownOrigins = embed.allowedOrigins ?? [];
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" component="section" aria-labelledby="embed-settings-title">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!readOnly) save.mutate();
          }}
        >
          <Stack gap="md">
            <Title order={2} size="h4" id="embed-settings-title">
              {m.settings(name)}
            </Title>
            {readOnly && (
              <Alert color="gray" role="note">
                {m.readOnly}
              </Alert>
            )}
            <Switch
              label={m.enabled}
              description={m.enabledHint}
              checked={enabled}
              onChange={(event) => {
                setEnabled(event.currentTarget.checked);
                setSaved(false);
              }}
              disabled={readOnly}
            />
            <Textarea
              label={m.allowedOrigins}
              description={m.allowedOriginsHint}
              value={origins}
              onChange={(event) => {
                setOrigins(event.currentTarget.value);
                setSaved(false);
              }}
              error={originsError}
              readOnly={readOnly}
              autosize
              minRows={3}
              styles={MONOSPACE}
              maw={560}
            />
            {save.isError && !originsError && <ErrorState error={save.error} />}
            {!readOnly && (
              <Group>
                <Button type="submit" loading={save.isPending}>
                  {m.save}
                </Button>
                <Text role="status" size="sm">
                  {saved ? m.saved : ''}
                </Text>
              </Group>
            )}
            <Text size="sm">
              {embed.enabled && (shownOrigins.length === 0 ? m.anyOrigin : m.origins(shownOrigins.length))}
            </Text>
          </Stack>
        </form>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="embed-snippet-title">
        <Stack gap="sm">
          <div>
            <Title order={2} size="h4" id="embed-snippet-title">
              {m.snippet}
            </Title>
            <Text size="sm" c="dimmed">
              {m.snippetHint}
            </Text>
          </div>
          {embed.snippet ? (
            <>
              <Code block aria-label={m.snippetLabel} tabIndex={0} role="region">
                {embed.snippet}
              </Code>
              <Group>
                <CopyButton value={embed.snippet}>
                  {({ copied, copy }) => (
                    <Button variant="default" onClick={copy}>
                      {copied ? c.copied : m.copySnippet}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </>
          ) : (
            <Text size="sm">{m.snippetOff}</Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
