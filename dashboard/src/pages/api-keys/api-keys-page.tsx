// Placeholder until this page is built.
import { Page } from '../../components/page';
import { messages } from '../../i18n';

export default function ApiKeysPage() {
  return <Page title={messages.apiKeys.title}>{null}</Page>;
}
