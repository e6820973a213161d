// The organization's audit log, newest first, a page at a time. Details are shown as text (key: value),
// never as HTML: they hold names and values people typed.
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { unwrap } from '../../api/client';
import { Page } from '../../components/page';
import { Empty, QueryState } from '../../components/states';
import { messages } from '../../i18n';
import { useOrganization } from '../../organization';
import { useApi } from '../../session';

const m = messages.auditLog;
const c = messages.common;
const PAGE_SIZE = 20;

/** An entry's details as one line of text: `name: value` pairs, values as JSON unless plain strings. */
function detailsText(details: Record<string, unknown>): string {
  const entries = Object.entries(details);
  if (entries.length === 0) return m.noDetails;
  return entries.map(([name, value]) => `${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`).join('; ');
}

export default function AuditLogPage() {
  const { organizationId: orgId } = useOrganization();
  const api = useApi();
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: ['audit-log', orgId, page],
    queryFn: async () =>
      unwrap(await api.GET('/dashboard/v1/organizations/{orgId}/audit-log', { params: { path: { orgId }, query: { page, limit: PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
  return (
    <Page title={m.title} description={m.description}>
      <QueryState query={log}>
        {(data) =>
          data.data.length === 0 ? (
            <Empty title={m.empty} />
          ) : (
            <Stack gap="sm">
              <Table.ScrollContainer minWidth={760}>
                <Table striped aria-label={m.caption} verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{m.when}</Table.Th>
                      <Table.Th scope="col">{m.actor}</Table.Th>
                      <Table.Th scope="col">{m.action}</Table.Th>
                      <Table.Th scope="col">{m.target}</Table.Th>
                      <Table.Th scope="col">{m.details}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.data.map((entry, index) => (
                      <Table.Tr key={`${entry.at}-${index}`}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.dateTime(entry.at)}</Table.Td>
                        <Table.Td>{entry.actor.id === 'importctl' ? m.importctl : (entry.actor.email ?? entry.actor.id)}</Table.Td>
                        <Table.Td>
                          <Text span ff="monospace" size="sm">
                            {entry.action}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text span size="sm">
                            {m.target_(entry.target.type, entry.target.id)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text span size="sm" style={{ wordBreak: 'break-word' }}>
                            {detailsText(entry.details)}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Group justify="space-between" component="nav" aria-label={m.paging}>
                <Button variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {c.previous}
                </Button>
                <Text size="sm" aria-live="polite">
                  {c.pageOf(data.pagination.page, data.pagination.totalPages)}
                </Text>
                <Button variant="default" disabled={page >= data.pagination.totalPages} onClick={() => setPage(page + 1)}>
                  {c.next}
                </Button>
              </Group>
            </Stack>
          )
        }
      </QueryState>
    </Page>
  );
}
