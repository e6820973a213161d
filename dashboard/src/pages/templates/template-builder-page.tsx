// The template builder (/templates/new and /templates/:templateId): a template made with a form, not
// JSON, beside the real widget drawing the form as it is. Saving creates (POST) or updates (PATCH); the
// API's validation error is shown at the input it names, with a summary that takes the focus. A role
// that may not build reads the template without any control to change it.
import { Alert, Anchor, Box, Button, Checkbox, Grid, Group, Paper, Stack, Text, Textarea, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, unwrap } from '../../api/client';
import { ImportWidget } from '../../components/import-widget';
import { Page } from '../../components/page';
import { ShownOnce } from '../../components/shown-once';
import { describeError, QueryState } from '../../components/states';
import { messages } from '../../i18n';
import { useOrganization } from '../../organization';
import { paths } from '../../paths';
import { useApi } from '../../session';
import { ColumnEditor, columnLabel } from './column-editor';
import { faultAt, inputId } from './field-fault';
import { HookSection } from './hook-section';
import { templateKeys, useBranding } from './template-queries';
import { draftFromTemplate, emptyDraft, newColumn, previewTemplate, templateBody, type Template, type TemplateDraft } from './template-draft';

const m = messages.templates;

export default function TemplateBuilderPage() {
  const { templateId } = useParams();
  const { organizationId } = useOrganization();
  const api = useApi();
  const template = useQuery({
    queryKey: templateKeys.one(organizationId, templateId ?? ''),
    queryFn: async () => unwrap(await api.GET('/dashboard/v1/organizations/{orgId}/templates/{id}', { params: { path: { orgId: organizationId, id: templateId! } } })),
    enabled: templateId !== undefined,
  });
  if (templateId === undefined) return <TemplateBuilder key="new" />;
  if (template.isPending || template.isError)
    return (
      <Page title={m.title}>
        <QueryState query={template}>{() => null}</QueryState>
      </Page>
    );
  return <TemplateBuilder key={template.data.id} template={template.data} />;
}

/**
 * A webhook secret answered by the create that set the template's first hook, handed to the builder of the
 * created template (the page's address changes, the builder is drawn anew). In memory only, taken once.
 */
const secretsHandedOver = new Map<string, string>();

/** A status the page announces, and where focus goes once the next render is on screen. */
function useAfterRender() {
  const [request, setRequest] = useState<{ focus?: string; say?: string; n: number }>({ n: 0 });
  useEffect(() => {
    if (request.focus) document.getElementById(request.focus)?.focus();
  }, [request]);
  return {
    announcement: request.say ?? '',
    after: (next: { focus?: string; say?: string }) => setRequest((previous) => ({ ...next, n: previous.n + 1 })),
  };
}

function TemplateBuilder({ template }: { template?: Template }) {
  const { organizationId, can } = useOrganization();
  const readOnly = !can('build');
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [draft, setDraft] = useState<TemplateDraft>(() => (template ? draftFromTemplate(template) : emptyDraft()));
  const [savedNow, setSavedNow] = useState(Boolean((location.state as { saved?: boolean } | null)?.saved));
  // The organization's new webhook secret, answered once when this template's hook was the first setting that needed it.
  const [newSecret, setNewSecret] = useState<string | null>(() => secretsHandedOver.get(template?.id ?? '') ?? null);
  useEffect(() => void secretsHandedOver.delete(template?.id ?? ''), [template?.id]);
  const { announcement, after } = useAfterRender();
  const summary = useRef<HTMLDivElement>(null);

  const save = useMutation({
    mutationFn: async (body: ReturnType<typeof templateBody>) => {
      const path = { orgId: organizationId };
      return template
        ? unwrap(await api.PATCH('/dashboard/v1/organizations/{orgId}/templates/{id}', { params: { path: { ...path, id: template.id } }, body }))
        : unwrap(await api.POST('/dashboard/v1/organizations/{orgId}/templates', { params: { path }, body }));
    },
    onSuccess: async ({ webhookSecret, ...saved }) => {
      queryClient.setQueryData(templateKeys.one(organizationId, saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: templateKeys.all(organizationId), predicate: (query) => query.queryKey[2] === 'list' });
      if (!template) {
        if (webhookSecret) secretsHandedOver.set(saved.id, webhookSecret);
        navigate(paths.template(organizationId, saved.id), { replace: true, state: { saved: true } });
      } else {
        setSavedNow(true);
        if (webhookSecret) setNewSecret(webhookSecret);
      }
    },
    onError: () => setSavedNow(false),
  });
  const apiField = save.error instanceof ApiError ? save.error.field : undefined;
  // The error path is of the body that was sent: the form's order then, which edits since may have changed.
  const fault = useMemo(() => (apiField ? faultAt(draft, apiField.field, readableProblem(apiField.problem)) : undefined), [apiField, draft]);
  useEffect(() => {
    if (save.isError) summary.current?.focus();
  }, [save.error, save.isError]);

  const change = (next: TemplateDraft) => {
    setDraft(next);
    setSavedNow(false);
  };
  const set = <K extends keyof TemplateDraft>(field: K, value: TemplateDraft[K]) => change({ ...draft, [field]: value });
  const errorAt = (path: string) => (fault?.path === path ? fault.problem : undefined);

  const moveColumn = (index: number, direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1;
    const columns = [...draft.columns];
    const [moved] = columns.splice(index, 1);
    columns.splice(to, 0, moved);
    change({ ...draft, columns });
    // Focus stays on the button pressed, now in the column's new place (or its other button at either end).
    const atEnd = direction === 'up' ? to === 0 : to === columns.length - 1;
    const button = `move-${atEnd ? (direction === 'up' ? 'down' : 'up') : direction}-${moved.id}`;
    after({ focus: button, say: m.moved(columnLabel(moved, to), to + 1, columns.length) });
  };
  const removeColumn = (index: number) => {
    const removed = draft.columns[index];
    const columns = draft.columns.filter((_, i) => i !== index);
    change({ ...draft, columns });
    after({ focus: 'add-column', say: m.removed(columnLabel(removed, index)) });
  };
  const addColumn = () => {
    change({ ...draft, columns: [...draft.columns, newColumn()] });
    after({ focus: inputId(`columns[${draft.columns.length}].key`) });
  };

  const title = template?.name ?? m.newTitle;
  return (
    <Page
      title={title}
      description={m.builderDescription}
      actions={
        <Anchor component={Link} to={paths.templates(organizationId)}>
          {m.backToList}
        </Anchor>
      }
    >
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (!readOnly) save.mutate(templateBody(draft));
            }}
          >
            <Stack gap="lg">
              {readOnly && (
                <Alert color="gray" role="note">
                  {m.readOnly}
                </Alert>
              )}
              {save.isError && (
                <Alert ref={summary} tabIndex={-1} color="red" title={m.notSavedTitle} role="alert">
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">{apiField ? m.fieldError(`${m.fieldPlace(apiField.field)}:`, readableProblem(apiField.problem)) : describeError(save.error)}</Text>
                    {fault && (
                      <Button size="xs" variant="outline" color="red" onClick={() => document.getElementById(inputId(fault.path))?.focus()}>
                        {m.goToField}
                      </Button>
                    )}
                  </Stack>
                </Alert>
              )}
              <Paper withBorder p="md">
                <Stack gap="sm">
                  <Title order={2} size="h4">
                    {m.details}
                  </Title>
                  <TextInput id={inputId('name')} label={m.name} description={m.nameHint} value={draft.name} onChange={(e) => set('name', e.currentTarget.value)} error={errorAt('name')} required readOnly={readOnly} maxLength={200} />
                  <Textarea
                    id={inputId('description')}
                    label={m.templateDescription}
                    description={m.templateDescriptionHint}
                    value={draft.description}
                    onChange={(e) => set('description', e.currentTarget.value)}
                    error={errorAt('description')}
                    readOnly={readOnly}
                    autosize
                    minRows={2}
                  />
                </Stack>
              </Paper>
              <Paper withBorder p="md">
                <Stack gap="sm">
                  <Title order={2} size="h4">
                    {m.settings}
                  </Title>
                  <Checkbox
                    id={inputId('allowExtraColumns')}
                    label={m.allowExtraColumns}
                    description={m.allowExtraColumnsHint}
                    checked={draft.allowExtraColumns}
                    onChange={(e) => set('allowExtraColumns', e.currentTarget.checked)}
                    error={errorAt('allowExtraColumns')}
                    disabled={readOnly}
                  />
                  <Checkbox
                    id={inputId('allowPartialImport')}
                    label={m.allowPartialImport}
                    description={m.allowPartialImportHint}
                    checked={draft.allowPartialImport}
                    onChange={(e) => set('allowPartialImport', e.currentTarget.checked)}
                    error={errorAt('allowPartialImport')}
                    disabled={readOnly}
                  />
                  <TextInput
                    id={inputId('skipHeaderRows')}
                    label={m.skipHeaderRows}
                    description={m.skipHeaderRowsHint}
                    value={draft.skipHeaderRows}
                    onChange={(e) => set('skipHeaderRows', e.currentTarget.value)}
                    error={errorAt('skipHeaderRows')}
                    inputMode="numeric"
                    readOnly={readOnly}
                    maw={420}
                  />
                  <Checkbox
                    id={inputId('headerRow')}
                    label={m.findHeaderRow}
                    description={m.findHeaderRowHint}
                    checked={draft.findHeaderRow}
                    onChange={(e) => set('findHeaderRow', e.currentTarget.checked)}
                    error={errorAt('headerRow')}
                    disabled={readOnly}
                  />
                </Stack>
              </Paper>
              <Stack gap="sm">
                <div>
                  <Title order={2} size="h4">
                    {m.columns}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {m.columnsHint}
                  </Text>
                  {errorAt('columns') && (
                    <Text id={inputId('columns')} tabIndex={-1} c="red.8" size="sm">
                      {errorAt('columns')}
                    </Text>
                  )}
                </div>
                {draft.columns.map((column, index) => (
                  <ColumnEditor
                    key={column.id}
                    column={column}
                    index={index}
                    count={draft.columns.length}
                    readOnly={readOnly}
                    fault={fault?.path.startsWith(`columns[${index}]`) ? fault : undefined}
                    onChange={(next) => change({ ...draft, columns: draft.columns.map((c, i) => (i === index ? next : c)) })}
                    onMove={(direction) => moveColumn(index, direction)}
                    onRemove={() => removeColumn(index)}
                    onFocus={(id) => after({ focus: id })}
                  />
                ))}
                {!readOnly && (
                  <Group>
                    <Button id="add-column" variant="default" onClick={addColumn}>
                      {m.addColumn}
                    </Button>
                  </Group>
                )}
              </Stack>
              <HookSection
                hook={draft.hook}
                columns={draft.columns}
                template={template}
                readOnly={readOnly}
                errorAt={errorAt}
                onChange={(hook) => set('hook', hook)}
              />
              {newSecret && <ShownOnce label={m.hookSecret} value={newSecret} onDone={() => setNewSecret(null)} />}
              {!readOnly && (
                <Group>
                  <Button type="submit" loading={save.isPending}>
                    {template ? m.saveTemplate : m.createTemplate}
                  </Button>
                  <Text role="status" size="sm">
                    {savedNow ? m.saved : ''}
                  </Text>
                </Group>
              )}
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Box pos="sticky" top={76}>
            <TemplatePreview draft={draft} templateId={template?.id} />
          </Box>
        </Grid.Col>
      </Grid>
    </Page>
  );
}

/** The API names other fields by their paths ("duplicates columns[0].key"): in words, as the summary says them. */
function readableProblem(problem: string): string {
  return problem.replace(/columns\[\d+\](\.\w+|\[\d+\])*/g, (path) => m.fieldPlace(path));
}

/** The real widget, inert, drawing the form as it is (a moment after the last keystroke). */
function TemplatePreview({ draft, templateId }: { draft: TemplateDraft; templateId?: string }) {
  const { organizationId } = useOrganization();
  const branding = useBranding(organizationId);
  const [settled] = useDebouncedValue(draft, 250);
  const preview = useMemo(
    () => (branding.data ? { template: previewTemplate(settled, templateId, m.untitled), branding: branding.data } : undefined),
    [settled, templateId, branding.data],
  );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="template-preview-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="template-preview-title">
            {m.preview}
          </Title>
          <Text size="sm" c="dimmed">
            {m.previewHint}
          </Text>
        </div>
        <QueryState query={branding}>{() => (preview ? <ImportWidget preview={preview} label={m.previewLabel} /> : null)}</QueryState>
      </Stack>
    </Paper>
  );
}
