// The organization's templates, newest first, a page at a time: each links to its builder; a role that
// builds also makes, duplicates and deletes them (deleting asks first).
import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { unwrap } from '../../api/client';
import { Page } from '../../components/page';
import { Empty, ErrorState, QueryState } from '../../components/states';
import { messages } from '../../i18n';
import { useOrganization } from '../../organization';
import { paths } from '../../paths';
import { useApi } from '../../session';
import { templateKeys, useTemplateList } from './template-queries';

const m = messages.templates;
const c = messages.common;

interface Listed {
  id: string;
  name: string;
}

export default function TemplatesPage() {
  const { organizationId, can } = useOrganization();
  const canBuild = can('build');
  const api = useApi();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useTemplateList(organizationId, page);
  const [deleting, setDeleting] = useState<Listed | null>(null);
  const [status, setStatus] = useState('');
  // Deleting the last template of the last page: show the page before it.
  useEffect(() => {
    if (list.data && list.data.data.length === 0 && page > 1) setPage(Math.max(1, list.data.pagination.totalPages));
  }, [list.data, page]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: templateKeys.all(organizationId) });
  const orgPath = { orgId: organizationId };

  const duplicate = useMutation({
    mutationFn: async (template: Listed) =>
      unwrap(await api.POST('/dashboard/v1/organizations/{orgId}/templates/{id}/duplicate', { params: { path: { ...orgPath, id: template.id } } })),
    onSuccess: async (copy) => {
      setStatus(m.duplicated(copy.name));
      setPage(1);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: async (template: Listed) => {
      unwrap(await api.DELETE('/dashboard/v1/organizations/{orgId}/templates/{id}', { params: { path: { ...orgPath, id: template.id } } }));
      return template;
    },
    onSuccess: async (template) => {
      setDeleting(null);
      setStatus(m.deleted(template.name));
      queryClient.removeQueries({ queryKey: templateKeys.one(organizationId, template.id) });
      await refresh();
    },
  });

  return (
    <Page
      title={m.title}
      description={m.description}
      actions={
        canBuild && (
          <Button component={Link} to={paths.newTemplate(organizationId)}>
            {m.newTemplate}
          </Button>
        )
      }
    >
      <Text role="status" size="sm">
        {status}
      </Text>
      {duplicate.isError && <ErrorState error={duplicate.error} />}
      <QueryState query={list}>
        {({ data, pagination }) =>
          data.length === 0 && page === 1 ? (
            <Empty title={m.emptyTitle}>
              <Text size="sm">{canBuild ? m.emptyText : m.emptyTextReadOnly}</Text>
              {canBuild && (
                <Button component={Link} to={paths.newTemplate(organizationId)} mt="sm">
                  {m.newTemplate}
                </Button>
              )}
            </Empty>
          ) : (
            <Stack gap="md">
              <Table.ScrollContainer minWidth={720}>
                <Table striped highlightOnHover verticalSpacing="sm" aria-label={m.tableLabel}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{m.columnName}</Table.Th>
                      <Table.Th scope="col">{m.columnColumns}</Table.Th>
                      <Table.Th scope="col">{m.columnImports}</Table.Th>
                      <Table.Th scope="col">{m.columnEmbed}</Table.Th>
                      <Table.Th scope="col">{m.columnUpdated}</Table.Th>
                      {canBuild && <Table.Th scope="col">{m.columnActions}</Table.Th>}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.map((template) => (
                      <Table.Tr key={template.id}>
                        <Table.Th scope="row" fw={500}>
                          <Anchor component={Link} to={paths.template(organizationId, template.id)}>
                            {template.name}
                          </Anchor>
                          {template.description && (
                            <Text size="xs" c="dimmed" lineClamp={1}>
                              {template.description}
                            </Text>
                          )}
                        </Table.Th>
                        <Table.Td>{c.number(template.columns.length)}</Table.Td>
                        <Table.Td>{c.number(template.importCount)}</Table.Td>
                        <Table.Td>
                          <Badge variant="dot" color={template.embedEnabled ? 'green' : 'gray'}>
                            {template.embedEnabled ? m.embedOn : m.embedOff}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{c.dateTime(template.updatedAt)}</Table.Td>
                        {canBuild && (
                          <Table.Td>
                            <Group gap="xs" wrap="nowrap">
                              <Button
                                size="xs"
                                variant="default"
                                aria-label={m.duplicateLabel(template.name)}
                                loading={duplicate.isPending && duplicate.variables?.id === template.id}
                                onClick={() => duplicate.mutate(template)}
                              >
                                {m.duplicate}
                              </Button>
                              <Button size="xs" variant="outline" color="red.9" aria-label={m.deleteLabel(template.name)} onClick={() => setDeleting(template)}>
                                {c.delete}
                              </Button>
                            </Group>
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {pagination.totalPages > 1 && (
                <Group justify="space-between" component="nav" aria-label={m.paging}>
                  <Button variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    {c.previous}
                  </Button>
                  <Text size="sm">{c.pageOf(page, pagination.totalPages)}</Text>
                  <Button variant="default" disabled={page >= pagination.totalPages} onClick={() => setPage(page + 1)}>
                    {c.next}
                  </Button>
                </Group>
              )}
            </Stack>
          )
        }
      </QueryState>
      <Modal
        opened={deleting !== null}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        title={m.deleteTitle}
        closeButtonProps={{ 'aria-label': c.close }}
      >
        <Stack>
          <Text>{deleting && m.deleteText(deleting.name)}</Text>
          {remove.isError && <ErrorState error={remove.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)} data-autofocus>
              {c.cancel}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting)}>
              {m.deleteConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Page>
  );
}
