// An address that is no page, or an organization the person does not belong to (as the API says 404).
import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '../components/page';
import { messages } from '../i18n';
import { paths } from '../paths';

const m = messages.common;

export function NotFoundPage() {
  return (
    <Page title={m.notFoundTitle}>
      <Text>{m.notFoundText}</Text>
      <Button component={Link} to={paths.home()} w="fit-content">
        {m.backToOverview}
      </Button>
    </Page>
  );
}
