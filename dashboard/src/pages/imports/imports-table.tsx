// A table of imports, each linking to its page: the imports list, the overview's "needs attention" and the
// webhooks page's recent deliveries show the same rows with the columns each needs.
import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import { messages } from '../../i18n';
import { useOrganization } from '../../organization';
import { paths } from '../../paths';
import { StatusBadge, WebhookBadge } from './parts';

const m = messages.imports;
const c = messages.common;

/** What a table row shows of an import (the list API's items). */
export interface ImportRow {
  id: string;
  fileName: string;
  templateName: string;
  status: string;
  validRows: number;
  errorRows: number;
  webhookStatus: string | null;
  createdAt: string;
}

export type ImportColumn = 'status' | 'rows' | 'webhook' | 'created';

export function ImportsTable({ imports, label, columns }: { imports: readonly ImportRow[]; label: string; columns: readonly ImportColumn[] }) {
  const orgId = useOrganization().organizationId;
  const shows = (column: ImportColumn) => columns.includes(column);
  return (
    <Table.ScrollContainer minWidth={560 + 100 * columns.length}>
      <Table striped highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{m.file}</Table.Th>
            <Table.Th scope="col">{m.template}</Table.Th>
            {shows('status') && <Table.Th scope="col">{m.status}</Table.Th>}
            {shows('rows') && <Table.Th scope="col">{m.rows}</Table.Th>}
            {shows('webhook') && <Table.Th scope="col">{m.webhook}</Table.Th>}
            {shows('created') && <Table.Th scope="col">{m.created}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {imports.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Anchor component={Link} to={paths.import(orgId, item.id)}>
                  {item.fileName}
                </Anchor>
              </Table.Td>
              <Table.Td>{item.templateName}</Table.Td>
              {shows('status') && (
                <Table.Td>
                  <StatusBadge status={item.status} />
                </Table.Td>
              )}
              {shows('rows') && <Table.Td>{m.rowsValidError(c.number(item.validRows), c.number(item.errorRows))}</Table.Td>}
              {shows('webhook') && (
                <Table.Td>
                  <WebhookBadge status={item.webhookStatus} />
                </Table.Td>
              )}
              {shows('created') && <Table.Td>{c.dateTime(item.createdAt)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
