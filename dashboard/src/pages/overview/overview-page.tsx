// The organization at a glance over the last 30 days (GET .../usage): imports by outcome, rows, the share
// of rows in error, webhook success, a chart of imports per day; then the recent imports that need
// someone (failed, or their webhook retrying or failed). A new organization gets its first steps instead.
import { Anchor, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { unwrap } from '../../api/client';
import { Page } from '../../components/page';
import { Empty, ErrorState, Loading } from '../../components/states';
import { messages } from '../../i18n';
import { useOrganization } from '../../organization';
import { paths } from '../../paths';
import { useApi } from '../../session';
import { lastDays, useUsage } from '../usage/usage-query';
import { ImportsTable } from '../imports/imports-table';
import { ImportsChart } from './imports-chart';

const m = messages.overview;
const c = messages.common;

/**
 * The list API filters by status, not by webhook status, so "needs attention" is read from the newest
 * imports (one page of the maximum 100) and filtered here: an older import that needs attention shows
 * on the Imports page's filters instead.
 */
const RECENT_IMPORTS = 100;

export default function OverviewPage() {
  const { organizationId: orgId } = useOrganization();
  const api = useApi();
  const usage = useUsage(orgId, lastDays(30));
  const recent = useQuery({
    queryKey: ['imports', orgId, 'recent', RECENT_IMPORTS],
    queryFn: async () =>
      unwrap(await api.GET('/dashboard/v1/organizations/{orgId}/imports', { params: { path: { orgId }, query: { page: 1, limit: RECENT_IMPORTS } } })),
  });

  let body;
  if (usage.isPending || recent.isPending) body = <Loading />;
  else if (usage.isError || recent.isError) {
    body = <ErrorState error={usage.error ?? recent.error} onRetry={() => void Promise.all([usage.refetch(), recent.refetch()])} />;
  } else if (recent.data.pagination.total === 0) body = <GettingStarted orgId={orgId} />;
  else {
    const days = usage.data.data;
    const sum = (pick: (day: (typeof days)[number]) => number) => days.reduce((total, day) => total + pick(day), 0);
    const completed = sum((day) => day.imports.completed);
    const failed = sum((day) => day.imports.failed);
    const rows = sum((day) => day.rows.total);
    const validRows = sum((day) => day.rows.valid);
    const errorRows = sum((day) => day.rows.error);
    const delivered = sum((day) => day.webhooks.delivered);
    const deliveriesFailed = sum((day) => day.webhooks.failed);
    const attention = recent.data.data.filter((item) => item.status === 'FAILED' || item.webhookStatus === 'RETRYING' || item.webhookStatus === 'FAILED');
    body = (
      <Stack gap="xl">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Figure title={m.importsTitle} value={c.number(completed + failed)} detail={m.importsDetail(completed, failed)} />
          <Figure title={m.rowsTitle} value={c.number(rows)} detail={m.rowsDetail(validRows, errorRows)} />
          <Figure title={m.errorRateTitle} value={rows > 0 ? c.percent(errorRows / rows) : m.notApplicable} detail={m.errorRateDetail} />
          <Figure
            title={m.webhookRateTitle}
            value={delivered + deliveriesFailed > 0 ? c.percent(delivered / (delivered + deliveriesFailed)) : m.notApplicable}
            detail={m.webhookRateDetail(delivered, deliveriesFailed)}
          />
        </SimpleGrid>
        <Card withBorder component="section" aria-labelledby="imports-chart-title">
          <Title order={2} size="h4" id="imports-chart-title" mb="sm">
            {m.chartTitle}
          </Title>
          <ImportsChart days={days.map((day) => ({ date: day.date, ...day.imports }))} />
        </Card>
        <Stack component="section" gap="xs" aria-labelledby="attention-title">
          <Title order={2} size="h4" id="attention-title">
            {m.attentionTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {m.attentionDescription}
          </Text>
          {attention.length === 0 ? (
            <Text>{m.attentionNone}</Text>
          ) : (
            <ImportsTable imports={attention} label={m.attentionCaption} columns={['status', 'webhook', 'created']} />
          )}
        </Stack>
      </Stack>
    );
  }
  return (
    <Page title={m.title} description={m.description}>
      {body}
    </Page>
  );
}

function Figure({ title, value, detail }: { title: string; value: string; detail: string }) {
  return (
    <Card withBorder>
      <Text size="sm" c="dimmed" fw={600}>
        {title}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {detail}
      </Text>
    </Card>
  );
}

/** A new organization's first steps, each a link to its page. */
function GettingStarted({ orgId }: { orgId: string }) {
  return (
    <Card withBorder>
      <Empty title={m.emptyTitle}>
        <Text>{m.emptyText}</Text>
        <List type="ordered" spacing="xs">
          <List.Item>
            <Anchor component={Link} to={paths.templates(orgId)}>
              {m.stepTemplate}
            </Anchor>
          </List.Item>
          <List.Item>
            <Anchor component={Link} to={paths.webhooks(orgId)}>
              {m.stepWebhook}
            </Anchor>
          </List.Item>
          <List.Item>
            <Anchor component={Link} to={paths.apiKeys(orgId)}>
              {m.stepApiKey}
            </Anchor>
          </List.Item>
        </List>
      </Empty>
    </Card>
  );
}
