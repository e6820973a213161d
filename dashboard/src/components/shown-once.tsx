// A secret the API returns once (an API key, a webhook secret): shown in a read-only field with a copy
// button and the warning that it will not be shown again. Never logged, never kept after the page.
import { Alert, Button, CopyButton, Group, TextInput } from '@mantine/core';
import { messages } from '../i18n';

const m = messages.common;

export function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone?: () => void }) {
  return (
    <Alert color="yellow" role="status">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput label={label} description={m.shownOnce} value={value} readOnly style={{ flex: 1 }} styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }} onFocus={(e) => e.currentTarget.select()} />
        <CopyButton value={value}>{({ copied, copy }) => <Button onClick={copy}>{copied ? m.copied : m.copy}</Button>}</CopyButton>
        {onDone && (
          <Button variant="default" onClick={onDone}>
            {m.close}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
