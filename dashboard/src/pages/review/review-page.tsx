// The page a review link opens (POST /api/v1/imports/{id}/review-link): the widget's correction step for
// one import, for someone with no account, signed in or not. The import and its token come in the
// address's fragment, which the browser never sends to a server.
import { Alert, Container, Stack, Title } from '@mantine/core';
import { ImportWidget } from '../../components/import-widget';
import { messages } from '../../i18n';

const m = messages.review;

/** `#import=imp_...&token=irl_...` */
function reviewOf(hash: string): { importId: string; token: string } | undefined {
  const fields = new URLSearchParams(hash.replace(/^#/, ''));
  const importId = fields.get('import');
  const token = fields.get('token');
  return importId && token ? { importId, token } : undefined;
}

export function ReviewPage() {
  const review = reviewOf(location.hash);
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>{m.title}</Title>
        {review ? (
          // The widget says what to do at each step (fix the rows, then the result): no text of the page's own.
          <ImportWidget review={review} label={m.widgetLabel} />
        ) : (
          <Alert color="red" title={m.missingTitle}>
            {m.missingText}
          </Alert>
        )}
      </Stack>
    </Container>
  );
}
