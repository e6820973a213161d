// Placeholder until this page is built.
import { Page } from '../../components/page';
import { messages } from '../../i18n';

export default function EmbedPage() {
  return <Page title={messages.embed.title}>{null}</Page>;
}
