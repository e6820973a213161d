// Placeholder until this page is built.
import { Page } from '../../components/page';
import { messages } from '../../i18n';

export default function TemplatesPage() {
  return <Page title={messages.templates.title}>{null}</Page>;
}
