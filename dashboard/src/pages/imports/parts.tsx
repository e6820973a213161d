// Pieces the imports list and an import's page share: the status badges and a pager.
import { Badge, Button, Group, Text } from '@mantine/core';
import { messages } from '../../i18n';

const m = messages.imports;

const STATUS_COLORS: Record<string, string> = { PENDING: 'blue', COMPLETED: 'green', FAILED: 'red' };
const WEBHOOK_COLORS: Record<string, string> = { NOT_CONFIGURED: 'gray', PENDING: 'blue', RETRYING: 'yellow', DELIVERED: 'green', FAILED: 'red' };

/** The status in words (never color alone). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="dot">
      {m.statuses[status] ?? status}
    </Badge>
  );
}

export function WebhookBadge({ status }: { status: string | null }) {
  if (!status) return <Text size="sm" c="dimmed">{m.noWebhookYet}</Text>;
  return (
    <Badge color={WEBHOOK_COLORS[status] ?? 'gray'} variant="dot">
      {m.webhookStatuses[status] ?? status}
    </Badge>
  );
}

/** First / Previous / Next / Last and "Page x of y" (10,000 imports are 500 pages); `label` names the navigation landmark. */
export function Pager({ page, totalPages, onPage, label }: { page: number; totalPages: number; onPage: (page: number) => void; label: string }) {
  if (totalPages <= 1 && page <= 1) return null;
  return (
    <Group component="nav" aria-label={label} gap="sm">
      <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(1)}>
        {messages.common.first}
      </Button>
      <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {messages.common.previous}
      </Button>
      <Text size="sm" aria-live="polite">
        {messages.common.pageOf(page, totalPages)}
      </Text>
      <Button variant="default" size="xs" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {messages.common.next}
      </Button>
      <Button variant="default" size="xs" disabled={page >= totalPages} onClick={() => onPage(totalPages)}>
        {messages.common.last}
      </Button>
    </Group>
  );
}
