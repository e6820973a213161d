// Placeholder until this page is built.
import { Page } from '../../components/page';
import { messages } from '../../i18n';

export default function AuditLogPage() {
  return <Page title={messages.auditLog.title}>{null}</Page>;
}
