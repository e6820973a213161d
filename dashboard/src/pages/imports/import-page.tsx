// One import: its counts, file, template, mapping (with the header row and how dates and numbers were
// read), metadata and user; its error rows and valid rows,
// page by page; the end user's corrections; the validation hook's summary and calls; the webhook attempts
// with a resend; rows and errors as CSV downloads.
// Every value from the file or the caller is shown as text (React escapes it), never as HTML.
import { Alert, Anchor, Badge, Button, Code, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { unwrap } from '../../api/client';
import { Page } from '../../components/page';
import { describeError, Empty, ErrorState, Loading, QueryState } from '../../components/states';
import { messages } from '../../i18n';
import { useOrganization } from '../../organization';
import { paths } from '../../paths';
import { useApi } from '../../session';
import { cellText, downloadCsv } from './csv-download';
import { Pager, StatusBadge, WebhookBadge } from './parts';

const m = messages.imports;
const c = messages.common;
const PAGE_SIZE = 20;

type Api = ReturnType<typeof useApi>;
type ImportDetail = Awaited<ReturnType<typeof fetchImport>>;

async function fetchImport(api: Api, orgId: string, id: string) {
  return unwrap(await api.GET('/dashboard/v1/organizations/{orgId}/imports/{id}', { params: { path: { orgId, id } } }));
}

const fetchRows = async (api: Api, orgId: string, id: string, page: number, limit: number) =>
  unwrap(await api.GET('/dashboard/v1/organizations/{orgId}/imports/{id}/rows', { params: { path: { orgId, id }, query: { page, limit } } }));

const fetchErrors = async (api: Api, orgId: string, id: string, page: number, limit: number) =>
  unwrap(await api.GET('/dashboard/v1/organizations/{orgId}/imports/{id}/errors', { params: { path: { orgId, id }, query: { page, limit } } }));

export default function ImportPage() {
  const api = useApi();
  const { organizationId: orgId } = useOrganization();
  const { importId = '' } = useParams();
  const detail = useQuery({
    queryKey: ['import', orgId, importId],
    queryFn: () => fetchImport(api, orgId, importId),
    // An import in progress, or a delivery under way, changes on its own: read again until it settles.
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && (data.status === 'PENDING' || data.webhookStatus === 'PENDING' || data.webhookStatus === 'RETRYING') ? 2000 : false;
    },
  });
  return (
    <QueryState query={detail}>
      {(data) => (
        <Page
          title={m.importTitle(data.fileName)}
          description={
            <Anchor component={Link} to={paths.imports(orgId)}>
              {m.backToImports}
            </Anchor>
          }
          actions={<StatusBadge status={data.status} />}
        >
          <Summary data={data} />
          <Downloads data={data} />
          <Details data={data} />
          {data.hook && <HookPanel data={data} hook={data.hook} />}
          <ErrorRows data={data} />
          <ValidRows data={data} />
          <Corrections data={data} />
          <WebhookAttempts data={data} />
        </Page>
      )}
    </QueryState>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Count({ label, value, text }: { label: string; value: number; text?: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {text ?? c.number(value)}
      </Text>
    </Paper>
  );
}

function Summary({ data }: { data: ImportDetail }) {
  return (
    <Section title={m.summary}>
      {data.status === 'PENDING' && <Text>{m.pendingText}</Text>}
      {data.error && (
        <Alert color="red" title={m.failureReason}>
          {m.failure(data.error.message, data.error.code)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Count label={m.totalRows} value={data.totalRows} />
        <Count label={m.validRows} value={data.validRows} />
        <Count label={m.errorRows} value={data.errorRows} />
        <Count label={m.skippedRows} value={data.skippedRows} />
      </SimpleGrid>
      {(data.correctedRows ?? 0) + (data.removedRows ?? 0) > 0 && <Text size="sm">{m.correctedRows(data.correctedRows ?? 0, data.removedRows ?? 0)}</Text>}
    </Section>
  );
}

/** Label and value pairs as a description list. */
function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <dl className="facts">
      {facts.map(([label, value]) => (
        <div key={label} style={{ display: 'flex', gap: 12, marginBottom: 4 }}>
          <dt style={{ minWidth: 160, fontWeight: 600 }}>{label}</dt>
          <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Details({ data }: { data: ImportDetail }) {
  const { organizationId: orgId } = useOrganization();
  const columnNames = new Map(data.template.columns.map((column) => [String(column.key), String(column.name ?? column.key)]));
  const mapping = Object.entries(data.columnMapping ?? {});
  const metadata = Object.keys(data.metadata).length > 0 ? JSON.stringify(data.metadata, null, 2) : null;
  const user = data.user;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Section title={m.fileDetails}>
        <Facts
          facts={[
            [m.fileName, data.fileName],
            [m.fileType, m.fileTypes[data.fileType] ?? data.fileType],
            [m.fileSize, m.bytes(data.fileSize)],
            ...(data.sheet ? [[m.sheetLabel, m.sheet(data.sheet.sheetName, data.sheet.sheetIndex, data.sheet.totalSheets)] as [string, ReactNode]] : []),
            [
              m.templateLink,
              <Anchor key="template" component={Link} to={paths.template(orgId, data.templateId)}>
                {data.template.name}
              </Anchor>,
            ],
            [m.createdAt, c.dateTime(data.createdAt)],
            [m.sourceLabel, m.sources[data.source] ?? data.source],
            [m.completedAt, data.completedAt ? c.dateTime(data.completedAt) : m.notYet],
          ]}
        />
      </Section>
      <Section title={m.user}>
        {user || data.externalUserId ? (
          <Facts
            facts={[
              ...(user?.id ? [[m.userId, user.id] as [string, ReactNode]] : []),
              ...(user?.email ? [[m.userEmail, user.email] as [string, ReactNode]] : []),
              ...(user?.name ? [[m.userName, user.name] as [string, ReactNode]] : []),
              ...(data.externalUserId ? [[m.externalUserId, data.externalUserId] as [string, ReactNode]] : []),
            ]}
          />
        ) : (
          <Text c="dimmed">{m.noUser}</Text>
        )}
        <Title order={3} size="h5">
          {m.metadata}
        </Title>
        {metadata ? <Code block>{metadata}</Code> : <Text c="dimmed">{m.noMetadata}</Text>}
      </Section>
      <Section title={m.mapping}>
        {data.headerRow !== null && <Facts facts={[[m.headerRow, m.headerRowValue(data.headerRow)]]} />}
        {mapping.length === 0 ? (
          <Text c="dimmed">{m.noMapping}</Text>
        ) : (
          <Table aria-label={m.mappingTable}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{m.sourceHeader}</Table.Th>
                <Table.Th scope="col">{m.column}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mapping.map(([header, key]) => (
                <Table.Tr key={header}>
                  <Table.Td>{header}</Table.Td>
                  <Table.Td>{columnNames.get(key) ?? key}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <ColumnFormats data={data} columnNames={columnNames} />
      </Section>
    </SimpleGrid>
  );
}

/** Each date or number column's order or decimal mark, and who decided it: the template, the end user or the file. */
function ColumnFormats({ data, columnNames }: { data: ImportDetail; columnNames: Map<string, string> }) {
  const columnTypes = new Map(data.template.columns.map((column) => [String(column.key), String(column.type)]));
  // In the template's order, as the mapping lists them.
  const order = [...columnTypes.keys()];
  const formats = Object.entries(data.columnFormats ?? {}).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  if (formats.length === 0) return null;
  const described = (key: string, format: (typeof formats)[number][1]) => {
    if (format.conflict) return columnTypes.get(key) === 'number' ? m.numberConflict : m.dateConflict;
    const how = format.dateOrder ? (m.dateOrders[format.dateOrder] ?? format.dateOrder) : format.numberFormat ? (m.numberFormats[format.numberFormat] ?? format.numberFormat) : '';
    const decidedBy = m.decidedBy[format.decidedBy] ?? format.decidedBy;
    return how ? m.columnFormat(how, decidedBy) : decidedBy;
  };
  return (
    <>
      <Title order={3} size="h5">
        {m.columnFormats}
      </Title>
      <Facts facts={formats.map(([key, format]) => [columnNames.get(key) ?? key, described(key, format)])} />
    </>
  );
}

function Downloads({ data }: { data: ImportDetail }) {
  const api = useApi();
  const { organizationId: orgId } = useOrganization();
  const [state, setState] = useState<{ busy: boolean; progress?: string; done?: string; error?: unknown }>({ busy: false });
  if (data.status === 'PENDING') return null;
  const keys = data.template.columns.map((column) => String(column.key));
  const base = data.fileName.replace(/\.[^.]+$/, '');
  const run = async (fileName: string, download: (onProgress: (done: number, total: number) => void) => Promise<void>) => {
    setState({ busy: true });
    try {
      await download((done, total) => setState({ busy: true, progress: m.downloading(done, total) }));
      setState({ busy: false, done: m.downloaded(fileName) });
    } catch (error) {
      setState({ busy: false, error });
    }
  };
  const rowsFile = `${base}-rows.csv`;
  const errorsFile = `${base}-errors.csv`;
  return (
    <Section title={m.downloads}>
      <Group gap="sm">
        {data.status === 'COMPLETED' && (
          <Button
            variant="default"
            disabled={state.busy}
            onClick={() =>
              void run(rowsFile, (onProgress) =>
                downloadCsv(rowsFile, keys, (page, limit) => fetchRows(api, orgId, data.id, page, limit), (row) => [keys.map((key) => cellText(row[key]))], onProgress),
              )
            }
          >
            {m.downloadRows}
          </Button>
        )}
        <Button
          variant="default"
          disabled={state.busy || data.errorRows === 0}
          onClick={() =>
            void run(errorsFile, (onProgress) =>
              downloadCsv(
                errorsFile,
                m.csvErrorHeader,
                (page, limit) => fetchErrors(api, orgId, data.id, page, limit),
                (row) => row.errors.map((error) => [row.row, error.column, error.value, error.message]),
                onProgress,
              ),
            )
          }
        >
          {m.downloadErrors}
        </Button>
      </Group>
      <div role="status">
        {state.progress && state.busy && <Text size="sm">{state.progress}</Text>}
        {state.done && <Text size="sm">{state.done}</Text>}
      </div>
      {state.error !== undefined && <ErrorState error={state.error} />}
    </Section>
  );
}

function ErrorRows({ data }: { data: ImportDetail }) {
  const api = useApi();
  const { organizationId: orgId } = useOrganization();
  const [page, setPage] = useState(1);
  const finished = data.status !== 'PENDING';
  const errors = useQuery({
    queryKey: ['import-errors', orgId, data.id, page],
    enabled: finished && data.errorRows > 0,
    placeholderData: keepPreviousData,
    queryFn: () => fetchErrors(api, orgId, data.id, page, PAGE_SIZE),
  });
  return (
    <Section title={m.errors}>
      {!finished ? (
        <Text c="dimmed">{m.rowsOfPending}</Text>
      ) : data.errorRows === 0 ? (
        <Text c="dimmed">{m.noErrors}</Text>
      ) : (
        <QueryState query={errors}>
          {(answer) => (
            <>
              <Table.ScrollContainer minWidth={600}>
                <Table striped aria-label={m.errorsTable}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{m.row}</Table.Th>
                      <Table.Th scope="col">{m.column}</Table.Th>
                      <Table.Th scope="col">{m.value}</Table.Th>
                      <Table.Th scope="col">{m.message}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {answer.data.flatMap((row) =>
                      row.errors.map((error, index) => (
                        <Table.Tr key={`${row.row}-${index}`}>
                          <Table.Td>{row.row}</Table.Td>
                          <Table.Td>{error.column}</Table.Td>
                          <Table.Td>{error.value === null ? <Text c="dimmed" size="sm">{m.emptyValue}</Text> : error.value}</Table.Td>
                          <Table.Td>{error.message}</Table.Td>
                        </Table.Tr>
                      )),
                    )}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Pager page={page} totalPages={answer.pagination.totalPages} onPage={setPage} label={m.errors} />
            </>
          )}
        </QueryState>
      )}
    </Section>
  );
}

function ValidRows({ data }: { data: ImportDetail }) {
  const api = useApi();
  const { organizationId: orgId } = useOrganization();
  const [page, setPage] = useState(1);
  const columns = data.template.columns.map((column) => ({ key: String(column.key), name: String(column.name ?? column.key) }));
  const rows = useQuery({
    queryKey: ['import-rows', orgId, data.id, page],
    enabled: data.status === 'COMPLETED' && data.validRows > 0,
    placeholderData: keepPreviousData,
    queryFn: () => fetchRows(api, orgId, data.id, page, PAGE_SIZE),
  });
  return (
    <Section title={m.validRowsGrid}>
      {data.status === 'PENDING' ? (
        <Text c="dimmed">{m.rowsOfPending}</Text>
      ) : data.status === 'FAILED' ? (
        <Text c="dimmed">{m.rowsOfFailed}</Text>
      ) : data.validRows === 0 ? (
        <Text c="dimmed">{m.noRows}</Text>
      ) : (
        <QueryState query={rows}>
          {(answer) => (
            <>
              <Table.ScrollContainer minWidth={Math.max(400, columns.length * 140)}>
                <Table striped aria-label={m.rowsTable} aria-rowcount={answer.pagination.total + 1}>
                  <Table.Thead>
                    <Table.Tr aria-rowindex={1}>
                      {columns.map((column) => (
                        <Table.Th scope="col" key={column.key}>
                          {column.name}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {answer.data.map((row, index) => (
                      <Table.Tr key={index} aria-rowindex={(page - 1) * PAGE_SIZE + index + 2}>
                        {columns.map((column) => (
                          <Table.Td key={column.key}>{cellText(row[column.key])}</Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Pager page={page} totalPages={answer.pagination.totalPages} onPage={setPage} label={m.validRowsGrid} />
            </>
          )}
        </QueryState>
      )}
    </Section>
  );
}

/** One entry of the corrections route: a cell's change, or a row removed or restored. */
type Correction = { row: number; at: string } & ({ column: string; from: string | null; to: string | null } | { removed: boolean });

function Corrections({ data }: { data: ImportDetail }) {
  const api = useApi();
  const { organizationId: orgId } = useOrganization();
  const [page, setPage] = useState(1);
  const corrections = useQuery({
    queryKey: ['import-corrections', orgId, data.id, page],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await api.GET('/dashboard/v1/organizations/{orgId}/imports/{id}/corrections', {
          params: { path: { orgId, id: data.id }, query: { page, limit: PAGE_SIZE } },
        }),
      ),
  });
  return (
    <Section title={m.corrections}>
      <QueryState query={corrections}>
        {(answer) =>
          answer.pagination.total === 0 ? (
            <Text c="dimmed">{m.noCorrections}</Text>
          ) : (
            <>
              <Table striped aria-label={m.correctionsTable}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{m.row}</Table.Th>
                    <Table.Th scope="col">{m.column}</Table.Th>
                    <Table.Th scope="col">{m.change}</Table.Th>
                    <Table.Th scope="col">{m.at}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(answer.data as Correction[]).map((entry, index) => (
                    <Table.Tr key={index}>
                      <Table.Td>{entry.row}</Table.Td>
                      <Table.Td>{'column' in entry ? entry.column : ''}</Table.Td>
                      <Table.Td>
                        {'column' in entry ? m.cellChange(entry.from ?? m.emptyValue, entry.to ?? m.emptyValue) : entry.removed ? m.removedRow : m.restoredRow}
                      </Table.Td>
                      <Table.Td>{c.dateTime(entry.at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Pager page={page} totalPages={answer.pagination.totalPages} onPage={setPage} label={m.corrections} />
            </>
          )
        }
      </QueryState>
    </Section>
  );
}

function WebhookAttempts({ data }: { data: ImportDetail }) {
  const api = useApi();
  const organization = useOrganization();
  const orgId = organization.organizationId;
  const queryClient = useQueryClient();
  const delivering = data.webhookStatus === 'PENDING' || data.webhookStatus === 'RETRYING';
  const attempts = useQuery({
    // Read again whenever the import says its delivery moved: a resent delivery can end before the page
    // reads the import again (a receiver that answers at once), and the import's status then never shows
    // PENDING, so polling alone would leave the new attempt off the table until a reload.
    queryKey: ['import-attempts', orgId, data.id, data.webhookStatus, data.webhookAttempts, data.webhookDeliveredAt],
    placeholderData: keepPreviousData,
    refetchInterval: delivering ? 2000 : false,
    queryFn: async () =>
      unwrap(await api.GET('/dashboard/v1/organizations/{orgId}/imports/{id}/webhook-attempts', { params: { path: { orgId, id: data.id } } })).data,
  });
  const resend = useMutation({
    mutationFn: async () =>
      unwrap(await api.POST('/dashboard/v1/organizations/{orgId}/imports/{id}/webhook/resend', { params: { path: { orgId, id: data.id } } })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['import', orgId, data.id] });
      void queryClient.invalidateQueries({ queryKey: ['import-attempts', orgId, data.id] });
    },
  });
  return (
    <Section title={m.webhookAttempts}>
      <Group gap="sm">
        <WebhookBadge status={data.webhookStatus} />
        {organization.can('build') && data.status !== 'PENDING' && (
          <Button size="xs" variant="default" loading={resend.isPending} disabled={delivering} onClick={() => resend.mutate()}>
            {resend.isPending ? m.resending : m.resend}
          </Button>
        )}
      </Group>
      <div role="status">{resend.isSuccess && <Text size="sm">{m.resent(resend.data.delivery)}</Text>}</div>
      {resend.isError && (
        <Alert color="red" role="alert">
          {describeError(resend.error)}
        </Alert>
      )}
      {attempts.isPending ? (
        <Loading />
      ) : attempts.isError ? (
        <ErrorState error={attempts.error} onRetry={() => void attempts.refetch()} />
      ) : attempts.data.length === 0 ? (
        <Empty title={m.noAttempts} />
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table striped aria-label={m.attemptsTable}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{m.delivery}</Table.Th>
                <Table.Th scope="col">{m.attempt}</Table.Th>
                <Table.Th scope="col">{m.startedAt}</Table.Th>
                <Table.Th scope="col">{m.duration}</Table.Th>
                <Table.Th scope="col">{m.result}</Table.Th>
                <Table.Th scope="col">{m.response}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {attempts.data.map((attempt) => (
                <Table.Tr key={`${attempt.delivery}-${attempt.attempt}`}>
                  <Table.Td>{attempt.delivery}</Table.Td>
                  <Table.Td>{attempt.attempt}</Table.Td>
                  <Table.Td>{c.dateTime(attempt.startedAt)}</Table.Td>
                  <Table.Td>{m.ms(attempt.durationMs)}</Table.Td>
                  <Table.Td>{attempt.status !== null ? m.httpStatus(attempt.status) : (m.errorKinds[attempt.errorKind ?? ''] ?? attempt.errorKind)}</Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      {attempt.responseExcerpt}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

const HOOK_COLORS: Record<string, string> = { ok: 'green', skipped: 'yellow', failed: 'red' };

/** The validation hook's part in this import (docs/validation-hooks.md): its summary, then every call, retries included. */
function HookPanel({ data, hook }: { data: ImportDetail; hook: NonNullable<ImportDetail['hook']> }) {
  const api = useApi();
  const { organizationId: orgId } = useOrganization();
  const calls = useQuery({
    queryKey: ['import-hook-calls', orgId, data.id, data.status, hook.calls],
    refetchInterval: data.status === 'PENDING' ? 2000 : false,
    placeholderData: keepPreviousData,
    queryFn: async () => unwrap(await api.GET('/dashboard/v1/organizations/{orgId}/imports/{id}/hook-calls', { params: { path: { orgId, id: data.id } } })).data,
  });
  return (
    <Section title={m.hookTitle}>
      <div>
        <Badge color={HOOK_COLORS[hook.status] ?? 'gray'} variant="dot">
          {m.hookStatuses[hook.status] ?? hook.status}
        </Badge>
      </div>
      {hook.reason && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600}>
            {m.hookReason}
          </Text>{' '}
          {hook.reason}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Count label={m.hookCalls} value={hook.calls} />
        <Count label={m.hookFailedCalls} value={hook.failedCalls} />
        <Count label={m.hookRows} value={hook.rows} />
        <Count label={m.hookTime} value={hook.ms} text={m.hookMs(hook.ms)} />
      </SimpleGrid>
      {calls.isPending ? (
        <Loading />
      ) : calls.isError ? (
        <ErrorState error={calls.error} onRetry={() => void calls.refetch()} />
      ) : calls.data.length === 0 ? (
        <Empty title={m.noHookCalls} />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-label={m.hookCallsTable}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{m.hookAt}</Table.Th>
                <Table.Th scope="col">{m.hookMode}</Table.Th>
                <Table.Th scope="col">{m.hookBatch}</Table.Th>
                <Table.Th scope="col">{m.hookCallRows}</Table.Th>
                <Table.Th scope="col">{m.attempt}</Table.Th>
                <Table.Th scope="col">{m.hookStatus}</Table.Th>
                <Table.Th scope="col">{m.hookLatency}</Table.Th>
                <Table.Th scope="col">{m.hookError}</Table.Th>
                <Table.Th scope="col">{m.hookIgnored}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {calls.data.map((call, index) => (
                <Table.Tr key={index}>
                  <Table.Td>{c.dateTime(call.at)}</Table.Td>
                  <Table.Td>{m.hookModes[call.mode] ?? call.mode}</Table.Td>
                  <Table.Td>{call.batch}</Table.Td>
                  <Table.Td>{c.number(call.rows)}</Table.Td>
                  <Table.Td>{call.attempt}</Table.Td>
                  <Table.Td>{call.status !== null ? m.httpStatus(call.status) : m.hookNoStatus}</Table.Td>
                  <Table.Td>{m.hookMs(call.latencyMs)}</Table.Td>
                  <Table.Td>
                    {call.error && (
                      <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                        {call.error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{c.number(call.ignored)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
