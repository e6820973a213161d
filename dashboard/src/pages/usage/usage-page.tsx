// Placeholder until this page is built.
import { Page } from '../../components/page';
import { messages } from '../../i18n';

export default function UsagePage() {
  return <Page title={messages.usage.title}>{null}</Page>;
}
