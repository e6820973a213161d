// Placeholder until this page is built.
import { Page } from '../../components/page';
import { messages } from '../../i18n';

export default function BrandingPage() {
  return <Page title={messages.branding.title}>{null}</Page>;
}
