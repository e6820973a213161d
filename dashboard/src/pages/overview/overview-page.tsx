// Placeholder until this page is built.
import { Page } from '../../components/page';
import { messages } from '../../i18n';

export default function OverviewPage() {
  return <Page title={messages.overview.title}>{null}</Page>;
}
