// The branding page: every setting of the widget's look (SPEC 2.6) in a form, the real widget beside it
// drawn with the form's values as they change, and Save sending only what changed (PUT is a partial
// update, and a plan may not send a field it may not change). Fields the plan does not allow are
// disabled and name the plan they need; members who may not manage see the form read-only.
import { Alert, Button, Card, ColorInput, Grid, Group, NativeSelect, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { planAtLeast } from '../../../../shared/domain/plans';
import { brandingFieldPlan } from '../../../../shared/domain/branding-plans';
import { ApiError, unwrap } from '../../api/client';
import type { paths } from '../../api/schema';
import { ImportWidget } from '../../components/import-widget';
import { Page } from '../../components/page';
import { ErrorState, QueryState } from '../../components/states';
import { messages } from '../../i18n';
import { useOrganization } from '../../organization';
import { useApi } from '../../session';

const m = messages.branding;
const c = messages.common;

type Branding = paths['/dashboard/v1/organizations/{orgId}/branding']['get']['responses'][200]['content']['application/json'];
type BrandingUpdate = NonNullable<paths['/dashboard/v1/organizations/{orgId}/branding']['put']['requestBody']>['content']['application/json'];
type UpdatableField = keyof BrandingUpdate;

const COLOR_FIELDS = ['primaryColor', 'secondaryColor', 'accentColor', 'backgroundColor', 'textColor', 'borderColor', 'errorColor', 'successColor'] as const;
const UPDATABLE_FIELDS: readonly UpdatableField[] = [
  ...COLOR_FIELDS,
  'logoUrl',
  'showPoweredBy',
  'fontFamily',
  'fontSize',
  'borderRadius',
  'buttonStyle',
  'customCss',
  'customWelcomeText',
  'customSuccessText',
  'locale',
];
/** Text fields the API keeps as null when empty. */
const NULLABLE_TEXT = new Set<UpdatableField>(['logoUrl', 'customCss', 'customWelcomeText', 'customSuccessText']);
const FONT_SIZES = ['small', 'medium', 'large'];
const BORDER_RADII = ['none', 'small', 'medium', 'large', 'full'];
const BUTTON_STYLES = ['filled', 'outline', 'ghost'];
const LOCALES = ['en', 'es', 'fr', 'de', 'pt', 'it', 'nl', 'ja', 'zh', 'ko'];

const brandingQueryKey = (orgId: string) => ['branding', orgId] as const;

/** What the API would store for a form value: an empty optional text is null. */
function normalized(field: UpdatableField, value: unknown): unknown {
  if (NULLABLE_TEXT.has(field) && typeof value === 'string' && value.trim() === '') return null;
  return value;
}

/** Only the fields that differ from the saved settings. */
function changes(saved: Branding, form: Branding): BrandingUpdate {
  const update: Record<string, unknown> = {};
  for (const field of UPDATABLE_FIELDS) {
    const value = normalized(field, form[field]);
    if (value !== saved[field]) update[field] = value;
  }
  return update as BrandingUpdate;
}

export default function BrandingPage() {
  const api = useApi();
  const { organizationId: orgId } = useOrganization();
  const branding = useQuery({
    queryKey: brandingQueryKey(orgId),
    queryFn: async () => unwrap(await api.GET('/dashboard/v1/organizations/{orgId}/branding', { params: { path: { orgId } } })),
  });
  return (
    <Page title={m.title} description={m.description}>
      <QueryState query={branding}>{(saved) => <BrandingEditor saved={saved} />}</QueryState>
    </Page>
  );
}

function BrandingEditor({ saved }: { saved: Branding }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { organizationId: orgId, plan, can } = useOrganization();
  const [form, setForm] = useState<Branding>(saved);
  const update = changes(saved, form);
  const dirty = Object.keys(update).length > 0;
  const save = useMutation({
    mutationFn: async () => unwrap(await api.PUT('/dashboard/v1/organizations/{orgId}/branding', { params: { path: { orgId } }, body: update })),
    onSuccess: () => {
      // What was sent is now the saved state the form compares with.
      queryClient.setQueryData(brandingQueryKey(orgId), { ...saved, ...update });
    },
  });
  const fieldError = save.error instanceof ApiError ? save.error.field : undefined;
  const errorAt = (field: string) => (fieldError?.field === field ? fieldError.problem : undefined);
  const set = <K extends keyof Branding>(field: K, value: Branding[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (save.isError || save.isSuccess) save.reset();
  };
  const mayEdit = can('manage');
  const planAllows = (field: UpdatableField) => planAtLeast(plan, brandingFieldPlan(field));
  const disabled = (field: UpdatableField) => !mayEdit || !planAllows(field);
  /** The field's hint, and the plan it needs when the organization's plan is lower. */
  const hint = (field: UpdatableField, text?: string): ReactNode => {
    const needs = planAllows(field) ? undefined : m.needsPlan(c.plans[brandingFieldPlan(field)]);
    if (!needs) return text;
    return text ? `${text} ${needs}` : needs;
  };
  const gated = UPDATABLE_FIELDS.some((field) => !planAllows(field));
  const preview = useMemo(
    () => ({
      template: { id: 'preview', name: m.sampleTemplate.name, description: m.sampleTemplate.description, columns: m.sampleTemplate.columns },
      branding: form as unknown as Record<string, unknown>,
    }),
    [form],
  );
  const text = (field: 'logoUrl' | 'customCss' | 'customWelcomeText' | 'customSuccessText') => ({
    value: form[field] ?? '',
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value),
    disabled: disabled(field),
    error: errorAt(field),
  });
  const choice = (field: 'fontSize' | 'borderRadius' | 'buttonStyle' | 'locale', values: string[], labels: Record<string, string>) => ({
    value: form[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value as never),
    data: values.map((value) => ({ value, label: labels[value] })),
    disabled: disabled(field),
    error: errorAt(field),
  });
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (dirty) save.mutate();
          }}
        >
          <Stack gap="lg">
            {!mayEdit && (
              <Alert color="blue" role="note">
                {m.readOnlyRole}
              </Alert>
            )}
            {mayEdit && gated && (
              <Alert color="blue" role="note">
                {m.planNote(c.plans[plan], c.plans.starter)}
              </Alert>
            )}
            <Section id="branding-colors" title={m.colorsTitle}>
              <Text size="sm" c="dimmed">
                {m.colorHint}
              </Text>
              <Grid>
                {COLOR_FIELDS.map((field) => (
                  <Grid.Col key={field} span={{ base: 12, sm: 6 }}>
                    <ColorInput
                      label={m.colors[field]}
                      description={hint(field)}
                      value={form[field]}
                      onChange={(value) => set(field, value)}
                      format="hex"
                      withEyeDropper={false}
                      disabled={disabled(field)}
                      error={errorAt(field)}
                    />
                  </Grid.Col>
                ))}
              </Grid>
            </Section>
            <Section id="branding-logo" title={m.logoTitle}>
              <TextInput label={m.logoUrl} description={hint('logoUrl', m.logoUrlHint)} type="url" inputMode="url" autoComplete="off" {...text('logoUrl')} />
              <Switch
                label={m.showPoweredBy}
                description={hint('showPoweredBy')}
                checked={form.showPoweredBy}
                onChange={(event) => set('showPoweredBy', event.currentTarget.checked)}
                disabled={disabled('showPoweredBy')}
                error={errorAt('showPoweredBy')}
              />
            </Section>
            <Section id="branding-typography" title={m.typographyTitle}>
              <TextInput
                label={m.fontFamily}
                description={hint('fontFamily', m.fontFamilyHint)}
                value={form.fontFamily}
                onChange={(event) => set('fontFamily', event.currentTarget.value)}
                disabled={disabled('fontFamily')}
                error={errorAt('fontFamily')}
              />
              <Grid>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <NativeSelect label={m.fontSize} description={hint('fontSize')} {...choice('fontSize', FONT_SIZES, m.fontSizes)} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <NativeSelect label={m.borderRadius} description={hint('borderRadius')} {...choice('borderRadius', BORDER_RADII, m.borderRadii)} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <NativeSelect label={m.buttonStyle} description={hint('buttonStyle')} {...choice('buttonStyle', BUTTON_STYLES, m.buttonStyles)} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <NativeSelect label={m.locale} description={hint('locale')} {...choice('locale', LOCALES, m.locales)} />
                </Grid.Col>
              </Grid>
            </Section>
            <Section id="branding-texts" title={m.textsTitle}>
              <Textarea label={m.customWelcomeText} description={hint('customWelcomeText', m.customWelcomeTextHint)} autosize minRows={2} maxLength={1000} {...text('customWelcomeText')} />
              <Textarea label={m.customSuccessText} description={hint('customSuccessText', m.customSuccessTextHint)} autosize minRows={2} maxLength={1000} {...text('customSuccessText')} />
              <Textarea label={m.customCss} description={hint('customCss', m.customCssHint)} autosize minRows={4} styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }} spellCheck={false} {...text('customCss')} />
            </Section>
            <Section id="branding-read-only" title={m.readOnlyTitle}>
              <Text size="sm" c="dimmed">
                {m.readOnlyText}
              </Text>
              <Grid>
                {(
                  [
                    [m.headerStyle, saved.headerStyle],
                    [m.headingFontFamily, saved.headingFontFamily],
                    [m.faviconUrl, saved.faviconUrl],
                    [m.customErrorText, saved.customErrorText],
                  ] as const
                ).map(([label, value]) => (
                  <Grid.Col key={label} span={{ base: 12, sm: 6 }}>
                    <TextInput label={label} value={value ?? m.notSet} readOnly variant="filled" />
                  </Grid.Col>
                ))}
              </Grid>
            </Section>
            {save.isError && !fieldError && <ErrorState error={save.error} />}
            {mayEdit && (
              <Group>
                <Button type="submit" loading={save.isPending}>
                  {m.save}
                </Button>
                <Button variant="default" onClick={() => setForm(saved)} disabled={!dirty || save.isPending}>
                  {m.reset}
                </Button>
                <Text size="sm" role="status">
                  {save.isSuccess ? m.saved : ''}
                </Text>
              </Group>
            )}
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Card withBorder component="section" aria-labelledby="branding-preview" style={{ position: 'sticky', top: 76 }}>
          <Stack gap="sm">
            <Title order={2} size="h4" id="branding-preview">
              {m.previewTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {m.previewText}
            </Text>
            <ImportWidget preview={preview} label={m.previewLabel} />
          </Stack>
        </Card>
      </Grid.Col>
    </Grid>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
