// Usage and cost for a range of UTC days (default the last 30): totals, the estimated cost with what it
// counts, and every day. The dollars come from the API, priced server-side by the one cost model of
// `importctl cost` (shared/observability/usage-cost.ts): the browser formats them and computes none.
import { Card, Checkbox, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Page } from '../../components/page';
import { Empty, QueryState } from '../../components/states';
import { messages } from '../../i18n';
import { useOrganization } from '../../organization';
import { lastDays, useUsage } from './usage-query';

const m = messages.usage;
const c = messages.common;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export default function UsagePage() {
  const { organizationId: orgId } = useOrganization();
  const [range, setRange] = useState(() => lastDays(30));
  const [activeOnly, setActiveOnly] = useState(false);
  const valid = DATE.test(range.from) && DATE.test(range.to) && range.from <= range.to;
  const usage = useUsage(orgId, range, valid);
  return (
    <Page title={m.title} description={m.description}>
      <Group align="flex-start" gap="sm">
        <TextInput
          type="date"
          label={m.from}
          description={m.rangeHint}
          value={range.from}
          max={range.to}
          onChange={(event) => setRange({ ...range, from: event.currentTarget.value })}
          error={valid ? undefined : m.rangeInvalid}
        />
        <TextInput type="date" label={m.to} description={m.rangeHint} value={range.to} min={range.from} onChange={(event) => setRange({ ...range, to: event.currentTarget.value })} />
      </Group>
      {valid && (
        <QueryState query={usage}>
          {(data) => {
            const sum = (pick: (day: (typeof data.data)[number]) => number) => data.data.reduce((total, day) => total + pick(day), 0);
            const completed = sum((day) => day.imports.completed);
            const failed = sum((day) => day.imports.failed);
            const delivered = sum((day) => day.webhooks.delivered);
            const deliveriesFailed = sum((day) => day.webhooks.failed);
            const attempts = sum((day) => day.webhooks.attempts);
            const hookCalls = sum((day) => day.hooks.calls);
            const active = (day: (typeof data.data)[number]) => day.imports.completed + day.imports.failed + day.webhooks.delivered + day.webhooks.failed + day.webhooks.attempts > 0;
            const days = activeOnly ? data.data.filter(active) : data.data;
            const perUnit = (value: number | null) => (value === null ? m.noFigure : m.dollars(value));
            return (
              <Stack gap="xl">
                <Stack gap="xs" component="section" aria-labelledby="totals-title">
                  <Title order={2} size="h4" id="totals-title">
                    {m.totalsTitle}
                    <Text span c="dimmed" size="sm" ml="sm">
                      {m.range(c.date(`${data.from}T12:00:00Z`), c.date(`${data.to}T12:00:00Z`))}
                    </Text>
                  </Title>
                  <SimpleGrid cols={{ base: 1, xs: hookCalls > 0 ? 4 : 3 }}>
                    <Figure title={m.imports} value={c.number(completed + failed)} detail={m.importsDetail(completed, failed)} />
                    <Figure title={m.rows} value={c.number(sum((day) => day.rows.total))} detail={m.rowsDetail(sum((day) => day.rows.valid), sum((day) => day.rows.error))} />
                    <Figure title={m.deliveries} value={c.number(delivered + deliveriesFailed)} detail={m.deliveriesDetail(delivered, deliveriesFailed, attempts)} />
                    {hookCalls > 0 && (
                      <Figure
                        title={m.hookCalls}
                        value={c.number(hookCalls)}
                        detail={m.hookCallsDetail(c.number(sum((day) => day.hooks.rows)), c.number(Math.round(sum((day) => day.hooks.ms) / 1000)))}
                      />
                    )}
                  </SimpleGrid>
                </Stack>
                <Stack gap="xs" component="section" aria-labelledby="cost-title">
                  <Title order={2} size="h4" id="cost-title">
                    {m.costTitle}
                  </Title>
                  <Text size="sm">{m.costExplanation}</Text>
                  <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
                    <Figure title={m.totalCost} value={m.dollars(data.cost.total)} detail={m.totalCostDetail(m.dollars(data.cost.imports), m.dollars(data.cost.deliveries), m.dollars(data.cost.hooks))} />
                    <Figure title={m.perImport} value={perUnit(data.cost.perImport)} detail={data.cost.perImport === null ? m.noFigureDetail : ''} />
                    <Figure title={m.perMillionRows} value={perUnit(data.cost.perMillionRows)} detail={data.cost.perMillionRows === null ? m.noFigureDetail : m.perMillionRowsDetail} />
                    <Figure title={m.perMillionDeliveries} value={perUnit(data.cost.perMillionDeliveries)} detail={data.cost.perMillionDeliveries === null ? m.noFigureDetail : ''} />
                    {data.cost.perMillionHookRows !== null && <Figure title={m.perMillionHookRows} value={perUnit(data.cost.perMillionHookRows)} detail="" />}
                  </SimpleGrid>
                  <details>
                    <summary>{m.basisTitle}</summary>
                    <Text size="sm" mt="xs">
                      {data.cost.basis}
                    </Text>
                  </details>
                </Stack>
                <Stack gap="xs" component="section" aria-labelledby="per-day-title">
                  <Group justify="space-between">
                    <Title order={2} size="h4" id="per-day-title">
                      {m.perDayTitle}
                    </Title>
                    <Checkbox label={m.activeOnly} checked={activeOnly} onChange={(event) => setActiveOnly(event.currentTarget.checked)} />
                  </Group>
                  {days.length === 0 || !data.data.some(active) ? (
                    <Empty title={m.emptyRange} />
                  ) : (
                    <Table.ScrollContainer minWidth={900}>
                      <Table striped highlightOnHover aria-label={m.perDayCaption} verticalSpacing={4}>
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th scope="col">{m.date}</Table.Th>
                            <Table.Th scope="col" ta="right">{m.completed}</Table.Th>
                            <Table.Th scope="col" ta="right">{m.failed}</Table.Th>
                            <Table.Th scope="col" ta="right">{m.rowsTotal}</Table.Th>
                            <Table.Th scope="col" ta="right">{m.rowsValid}</Table.Th>
                            <Table.Th scope="col" ta="right">{m.rowsError}</Table.Th>
                            <Table.Th scope="col" ta="right">{m.delivered}</Table.Th>
                            <Table.Th scope="col" ta="right">{m.deliveriesFailed}</Table.Th>
                            <Table.Th scope="col" ta="right">{m.attempts}</Table.Th>
                            <Table.Th scope="col" ta="right">{m.cost}</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {days.map((day) => (
                            <Table.Tr key={day.date}>
                              <Table.Th scope="row" fw={400}>
                                {day.date}
                              </Table.Th>
                              {[day.imports.completed, day.imports.failed, day.rows.total, day.rows.valid, day.rows.error, day.webhooks.delivered, day.webhooks.failed, day.webhooks.attempts].map((value, index) => (
                                <Table.Td key={index} ta="right">
                                  {c.number(value)}
                                </Table.Td>
                              ))}
                              <Table.Td ta="right">{m.dollars(day.cost)}</Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    </Table.ScrollContainer>
                  )}
                </Stack>
              </Stack>
            );
          }}
        </QueryState>
      )}
    </Page>
  );
}

function Figure({ title, value, detail }: { title: string; value: string; detail: string }) {
  return (
    <Card withBorder>
      <Text size="sm" c="dimmed" fw={600}>
        {title}
      </Text>
      <Text fz={24} fw={700}>
        {value}
      </Text>
      {detail && (
        <Text size="sm" c="dimmed">
          {detail}
        </Text>
      )}
    </Card>
  );
}
