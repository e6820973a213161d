// Placeholder until this page is built.
import { Page } from '../../components/page';
import { messages } from '../../i18n';

export default function MembersPage() {
  return <Page title={messages.members.title}>{null}</Page>;
}
