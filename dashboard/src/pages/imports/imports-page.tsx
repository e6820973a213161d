// The imports list: filters (template, status, creation days) and the page number live in the address,
// so a filtered list can be shared and the browser's back button returns to the previous filters.
import { Button, Group, NativeSelect, Paper, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { unwrap } from '../../api/client';
import { Page } from '../../components/page';
import { Empty, ErrorState, Loading } from '../../components/states';
import { messages } from '../../i18n';
import { useOrganization } from '../../organization';
import { paths } from '../../paths';
import { useApi } from '../../session';
import { ImportsTable } from './imports-table';
import { Pager } from './parts';

const m = messages.imports;
const c = messages.common;
const PAGE_SIZE = 20;
const STATUSES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
type Status = (typeof STATUSES)[number];
const FILTERS = ['templateId', 'status', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];

/** The organization's templates for the filter (the first 100: the API's largest page). */
export function useTemplateChoices() {
  const api = useApi();
  const { organizationId } = useOrganization();
  return useQuery({
    queryKey: ['templates', organizationId, 'choices'],
    queryFn: async () =>
      unwrap(await api.GET('/dashboard/v1/organizations/{orgId}/templates', { params: { path: { orgId: organizationId }, query: { limit: 100 } } })).data,
  });
}

export default function ImportsPage() {
  const api = useApi();
  const organization = useOrganization();
  const orgId = organization.organizationId;
  const [search, setSearch] = useSearchParams();
  const filters = Object.fromEntries(FILTERS.map((name) => [name, search.get(name) ?? ''])) as Record<Filter, string>;
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const rangeWrong = filters.from !== '' && filters.to !== '' && filters.to < filters.from;
  const templates = useTemplateChoices();

  const list = useQuery({
    queryKey: ['imports', orgId, filters, page],
    enabled: !rangeWrong,
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await api.GET('/dashboard/v1/organizations/{orgId}/imports', {
          params: {
            path: { orgId },
            query: {
              page,
              limit: PAGE_SIZE,
              templateId: filters.templateId || undefined,
              status: (filters.status || undefined) as Status | undefined,
              from: filters.from || undefined,
              to: filters.to || undefined,
            },
          },
        }),
      ),
  });

  /** A new filter starts at page 1; every change is a history entry (back returns to the previous list). */
  // From the address as it is now, not as this render saw it: the router applies a change in a
  // transition, so two quick changes would otherwise both start from the same old query.
  const change = (edit: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(window.location.search);
    edit(next);
    setSearch(next);
  };
  const setFilter = (name: Filter, value: string) =>
    change((next) => {
      if (value) next.set(name, value);
      else next.delete(name);
      next.delete('page');
    });
  const setPage = (target: number) =>
    change((next) => {
      if (target > 1) next.set('page', String(target));
      else next.delete('page');
    });
  const filtered = FILTERS.some((name) => filters[name] !== '');

  return (
    <Page
      title={m.title}
      description={m.description}
      actions={
        organization.can('build') && (
          <Button component={Link} to={paths.importFile(orgId)}>
            {m.importFile}
          </Button>
        )
      }
    >
      <Paper withBorder p="md" component="section" aria-label={m.filters}>
        <Group align="flex-start" gap="md" wrap="wrap">
          <NativeSelect
            label={m.template}
            value={filters.templateId}
            onChange={(event) => setFilter('templateId', event.currentTarget.value)}
            data={[{ value: '', label: m.anyTemplate }, ...(templates.data ?? []).map((template) => ({ value: template.id, label: template.name }))]}
          />
          <NativeSelect
            label={m.status}
            value={filters.status}
            onChange={(event) => setFilter('status', event.currentTarget.value)}
            data={[{ value: '', label: m.anyStatus }, ...STATUSES.map((status) => ({ value: status, label: m.statuses[status] }))]}
          />
          <TextInput type="date" label={m.from} description={m.fromHint} value={filters.from} onChange={(event) => setFilter('from', event.currentTarget.value)} />
          <TextInput
            type="date"
            label={m.to}
            description={m.toHint}
            value={filters.to}
            error={rangeWrong ? m.toBeforeFrom : undefined}
            onChange={(event) => setFilter('to', event.currentTarget.value)}
          />
          {filtered && (
            <Button variant="subtle" mt={24} onClick={() => setSearch(new URLSearchParams())}>
              {m.clearFilters}
            </Button>
          )}
        </Group>
      </Paper>
      {rangeWrong ? null : list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.pagination.total === 0 ? (
        <Empty title={filtered ? m.noMatch : m.empty}>{!filtered && <Text c="dimmed">{m.emptyText}</Text>}</Empty>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {m.total(list.data.pagination.total, c.number(list.data.pagination.total))}
          </Text>
          <ImportsTable imports={list.data.data} label={m.tableLabel} columns={['status', 'rows', 'webhook', 'created']} />
          <Pager page={page} totalPages={list.data.pagination.totalPages} onPage={setPage} label={m.paging} />
        </>
      )}
    </Page>
  );
}
