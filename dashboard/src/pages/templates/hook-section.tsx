// The template builder's "Validation hook" section (docs/validation-hooks.md): the setting, saved with the
// template, and "Send a test batch": a few typed rows through the template's checks and the hook as it
// is set in the form, saved or not. A role that may not build reads the setting and sends nothing.
import { Alert, Box, Button, Checkbox, Code, Group, Paper, Radio, SimpleGrid, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { unwrap } from '../../api/client';
import type { operations } from '../../api/schema';
import { describeError } from '../../components/states';
import { messages } from '../../i18n';
import { useOrganization } from '../../organization';
import { useApi } from '../../session';
import { columnLabel } from './column-editor';
import { inputId } from './field-fault';
import { hookBody, type ColumnDraft, type HookDraft, type HookFailurePolicy, type Template } from './template-draft';

const m = messages.templates;
const c = messages.common;
const SAMPLE_ROWS = 3;

type TestAnswer = operations['dashboardTestValidationHook']['responses'][200]['content']['application/json'];

interface HookSectionProps {
  hook: HookDraft;
  columns: ColumnDraft[];
  template?: Template;
  readOnly: boolean;
  errorAt: (path: string) => string | undefined;
  onChange: (next: HookDraft) => void;
}

export function HookSection({ hook, columns, template, readOnly, errorAt, onChange }: HookSectionProps) {
  const set = <K extends keyof HookDraft>(field: K, value: HookDraft[K]) => onChange({ ...hook, [field]: value });
  const keyed = columns.filter((column) => column.key.trim() !== '');
  const stats = template?.validationHookStats;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="hook-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="hook-title">
            {m.hookTitle}
          </Title>
          <Text size="sm">{m.hookIntro}</Text>
          <Text size="sm" c="dimmed">
            {m.hookDocs} <Code>{m.hookDocsPath}</Code>
          </Text>
        </div>
        <Switch
          id={inputId('validationHook')}
          label={m.hookEnabled}
          description={m.hookEnabledHint}
          checked={hook.enabled}
          onChange={(e) => set('enabled', e.currentTarget.checked)}
          disabled={readOnly}
        />
        {hook.enabled && (
          <>
            <TextInput
              id={inputId('validationHook.url')}
              label={m.hookUrl}
              description={m.hookUrlHint}
              placeholder={m.hookUrlPlaceholder}
              value={hook.url}
              onChange={(e) => set('url', e.currentTarget.value)}
              error={errorAt('validationHook.url')}
              required
              readOnly={readOnly}
              type="url"
              inputMode="url"
              autoComplete="off"
              maxLength={2048}
            />
            <Box id={inputId('validationHook.columns')} tabIndex={-1}>
              <Stack gap="xs">
                <Radio.Group label={m.hookColumns} description={m.hookColumnsHint} value={hook.allColumns ? 'all' : 'chosen'} onChange={(value) => set('allColumns', value === 'all')}>
                  <Group gap="lg" mt={6}>
                    <Radio value="all" label={m.hookAllColumns} disabled={readOnly} />
                    <Radio value="chosen" label={m.hookChosenColumns} disabled={readOnly} />
                  </Group>
                </Radio.Group>
                {!hook.allColumns &&
                  (keyed.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {m.hookNoKeys}
                    </Text>
                  ) : (
                    <Checkbox.Group label={m.hookChooseColumns} value={hook.columnIds} onChange={(ids) => set('columnIds', ids)} error={errorAt('validationHook.columns')} readOnly={readOnly}>
                      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt={6} spacing="xs">
                        {columns.map((column, index) =>
                          column.key.trim() === '' ? null : <Checkbox key={column.id} value={column.id} label={columnLabel(column, index)} disabled={readOnly} />,
                        )}
                      </SimpleGrid>
                    </Checkbox.Group>
                  ))}
                {hook.allColumns && errorAt('validationHook.columns') && (
                  <Text c="red.8" size="sm">
                    {errorAt('validationHook.columns')}
                  </Text>
                )}
              </Stack>
            </Box>
            <Group grow align="flex-start" preventGrowOverflow={false}>
              <TextInput
                id={inputId('validationHook.batchSize')}
                label={m.hookBatchSize}
                description={m.hookBatchSizeHint}
                value={hook.batchSize}
                onChange={(e) => set('batchSize', e.currentTarget.value)}
                error={errorAt('validationHook.batchSize')}
                inputMode="numeric"
                readOnly={readOnly}
              />
              <TextInput
                id={inputId('validationHook.timeoutMs')}
                label={m.hookTimeout}
                description={m.hookTimeoutHint}
                value={hook.timeoutMs}
                onChange={(e) => set('timeoutMs', e.currentTarget.value)}
                error={errorAt('validationHook.timeoutMs')}
                inputMode="numeric"
                readOnly={readOnly}
              />
            </Group>
            <Box id={inputId('validationHook.onFailure')} tabIndex={-1}>
              <Radio.Group
                label={m.hookOnFailure}
                description={m.hookOnFailureHint}
                value={hook.onFailure}
                onChange={(value) => set('onFailure', value as HookFailurePolicy)}
                error={errorAt('validationHook.onFailure')}
              >
                <Stack gap="xs" mt={6}>
                  <Radio value="fail" label={m.hookFail} description={m.hookFailHint} disabled={readOnly} />
                  <Radio value="accept" label={m.hookAccept} description={m.hookAcceptHint} disabled={readOnly} />
                </Stack>
              </Radio.Group>
            </Box>
            {stats && stats.calls > 0 && <Text size="sm">{m.hookStats(c.number(stats.calls), c.number(stats.failedCalls), c.number(stats.p95LatencyMs))}</Text>}
            {!readOnly && <HookTest hook={hook} columns={columns} templateId={template?.id} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}

type Sample = Record<string, string>[];
const emptySample = (): Sample => Array.from({ length: SAMPLE_ROWS }, () => ({}));

/** A few rows typed by hand, one input per keyed column, sent with the form's (possibly unsaved) setting. */
function HookTest({ hook, columns, templateId }: { hook: HookDraft; columns: ColumnDraft[]; templateId?: string }) {
  const api = useApi();
  const { organizationId: orgId } = useOrganization();
  const [sample, setSample] = useState<Sample>(emptySample);
  const [needsValue, setNeedsValue] = useState(false);
  const keyed = columns.filter((column) => column.key.trim() !== '').map((column) => ({ column }));
  const test = useMutation({
    mutationFn: async (rows: { values: Record<string, string | null> }[]) =>
      unwrap(
        await api.POST('/dashboard/v1/organizations/{orgId}/templates/{id}/hook-test', {
          params: { path: { orgId, id: templateId! } },
          body: { rows, validationHook: hookBody(hook, columns) },
        }),
      ),
  });
  const send = () => {
    // Rows left empty are not sent: the sample has room for three, not a need for three.
    const rows = sample
      .filter((row) => keyed.some(({ column }) => (row[column.id] ?? '').trim() !== ''))
      .map((row) => ({ values: Object.fromEntries(keyed.map(({ column }) => [column.key.trim(), (row[column.id] ?? '') === '' ? null : row[column.id]])) }));
    setNeedsValue(rows.length === 0);
    if (rows.length > 0) test.mutate(rows);
  };
  const setCell = (row: number, columnId: string, value: string) => setSample(sample.map((cells, i) => (i === row ? { ...cells, [columnId]: value } : cells)));
  const names = new Map(keyed.map(({ column }) => [column.key.trim(), column.name.trim() || column.key.trim()]));

  return (
    <Paper withBorder p="sm" bg="gray.0" component="section" aria-labelledby="hook-test-title">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5" id="hook-test-title">
            {m.hookTestTitle}
          </Title>
          <Text size="sm">{m.hookTestText}</Text>
        </div>
        {!templateId ? (
          <Text size="sm" c="dimmed">
            {m.hookTestNeedsSave}
          </Text>
        ) : keyed.length === 0 ? (
          <Text size="sm" c="dimmed">
            {m.hookTestNeedsColumns}
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={60 + keyed.length * 140}>
              <Table aria-label={m.sampleTable} verticalSpacing={4} withRowBorders={false}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col" w={60}>
                      {m.sampleRowHeader}
                    </Table.Th>
                    {keyed.map(({ column }) => (
                      <Table.Th scope="col" key={column.id}>
                        {column.name.trim() || column.key}
                        <Text component="span" size="xs" c="dimmed" ff="monospace" ml={6}>
                          {column.key}
                        </Text>
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sample.map((cells, row) => (
                    <Table.Tr key={row}>
                      <Table.Th scope="row">{row + 1}</Table.Th>
                      {keyed.map(({ column }) => (
                        <Table.Td key={column.id}>
                          <TextInput
                            size="xs"
                            aria-label={m.sampleCell(row + 1, column.name.trim() || column.key)}
                            value={cells[column.id] ?? ''}
                            onChange={(e) => setCell(row, column.id, e.currentTarget.value)}
                            autoComplete="off"
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group gap="sm">
              <Button variant="default" onClick={send} loading={test.isPending}>
                {m.sendTestBatch}
              </Button>
              <Button
                variant="subtle"
                onClick={() => {
                  setSample(emptySample());
                  test.reset();
                }}
              >
                {m.clearSample}
              </Button>
            </Group>
            <div role="status">{needsValue && <Text size="sm">{m.hookTestNeedsValue}</Text>}</div>
            {test.isError && (
              <Alert color="red" title={m.testNotSent} role="alert" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
                <Text size="sm">{describeError(test.error)}</Text>
              </Alert>
            )}
            {test.isSuccess && <TestResult result={test.data} names={names} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function TestResult({ result, names }: { result: TestAnswer; names: Map<string, string> }) {
  const facts: [string, ReactNode][] = [
    [m.testStatus, result.status ?? m.noStatus],
    [m.testLatency, m.ms(result.latencyMs)],
  ];
  if (result.error) facts.push([m.testError, result.error]);
  const column = (key: string) => names.get(key) ?? key;
  const shown = (value: string | null | undefined) => (value === null || value === undefined || value === '' ? m.emptyValue : value);
  return (
    // The title in the text colour: Mantine's light green or red on its pale background is below AA contrast.
    <Alert color={result.ok ? 'green' : 'red'} title={result.ok ? m.testOk : m.testFailed} role="status" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
      <Stack gap="sm">
        <Table variant="vertical" withTableBorder={false} aria-label={m.testFacts}>
          <Table.Tbody>
            {facts.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={140}>{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {result.rows.length > 0 && (
          <Table.ScrollContainer minWidth={520}>
            <Table aria-label={m.testRowsTable} bg="white" withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{m.testRow}</Table.Th>
                  <Table.Th scope="col">{m.testColumn}</Table.Th>
                  <Table.Th scope="col">{m.testResult}</Table.Th>
                  <Table.Th scope="col">{m.testDetail}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.rows.flatMap((row) => {
                  const entries: { column: string; result: string; detail: ReactNode }[] = [
                    ...row.errors.map((error) => ({ column: error.column, result: m.levels.error, detail: <Said message={error.message} code={error.code} suggestion={error.suggestion} /> })),
                    ...row.messages.map((message) => ({ column: message.column, result: m.levels[message.level] ?? message.level, detail: <Said message={message.message} code={message.code} suggestion={message.suggestion} /> })),
                    ...Object.entries(row.changed).map(([key, before]) => ({ column: key, result: m.changedByHook, detail: m.changedValue(shown(before), shown(row.values[key])) })),
                  ];
                  if (entries.length === 0) entries.push({ column: '', result: m.rowAccepted, detail: m.rowAcceptedDetail });
                  return entries.map((entry, index) => (
                    <Table.Tr key={`${row.row}-${index}`}>
                      <Table.Td>{row.row}</Table.Td>
                      <Table.Td>{entry.column ? column(entry.column) : ''}</Table.Td>
                      <Table.Td>{entry.result}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.detail}</Table.Td>
                    </Table.Tr>
                  ));
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <details>
          <Text component="summary" size="sm" fw={600} style={{ cursor: 'pointer' }}>
            {m.rawAnswer}
          </Text>
          {/* The hook's answer is text from elsewhere: shown as text, never as HTML. */}
          {result.answer === null || result.answer === undefined ? (
            <Text size="sm" mt="xs">
              {m.noAnswer}
            </Text>
          ) : (
            // Focusable: a long answer scrolls, and the keyboard must be able to scroll it.
            <Code block mt="xs" mah={320} style={{ overflow: 'auto' }} tabIndex={0} aria-label={m.rawAnswer}>
              {JSON.stringify(result.answer, null, 2)}
            </Code>
          )}
        </details>
      </Stack>
    </Alert>
  );
}

/** A hook's message with its code and suggestion, when it gave them. */
function Said({ message, code, suggestion }: { message: string; code?: string; suggestion?: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{message}</Text>
      {(code || suggestion) && (
        <Text size="xs" c="dimmed">
          {[code && m.messageCode(code), suggestion && m.suggestion(suggestion)].filter(Boolean).join(' · ')}
        </Text>
      )}
    </Stack>
  );
}
