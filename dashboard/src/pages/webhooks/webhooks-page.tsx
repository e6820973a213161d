// Placeholder until this page is built.
import { Page } from '../../components/page';
import { messages } from '../../i18n';

export default function WebhooksPage() {
  return <Page title={messages.webhooks.title}>{null}</Page>;
}
