// Placeholder until this page is built.
import { Page } from '../../components/page';
import { messages } from '../../i18n';

export default function ImportFilePage() {
  return <Page title={messages.importFile.title}>{null}</Page>;
}
