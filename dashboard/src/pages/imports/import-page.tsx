// Placeholder until this page is built.
import { Page } from '../../components/page';
import { messages } from '../../i18n';

export default function ImportPage() {
  return <Page title={messages.imports.title}>{null}</Page>;
}
