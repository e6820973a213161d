// The overview page: the last 30 days at a glance, a chart of imports per day, what needs attention.
const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

export default {
  title: 'Overview',
  description: 'The last 30 days of imports, rows and webhook deliveries.',
  importsTitle: 'Imports',
  importsDetail: (completed: number, failed: number) => `${completed.toLocaleString('en')} completed, ${failed.toLocaleString('en')} failed`,
  rowsTitle: 'Rows',
  rowsDetail: (valid: number, error: number) => `${valid.toLocaleString('en')} valid, ${error.toLocaleString('en')} with errors`,
  errorRateTitle: 'Error rate',
  errorRateDetail: 'Rows with at least one error, of all rows imported',
  webhookRateTitle: 'Webhook success',
  webhookRateDetail: (delivered: number, failed: number) => `${delivered.toLocaleString('en')} delivered, ${failed.toLocaleString('en')} failed for good`,
  notApplicable: '—',
  chartTitle: 'Imports per day',
  chartSummary: (days: number, total: number, busiest: string | null, most: number) =>
    `Bar chart of imports per day over ${days} days: ${plural(total, 'import', 'imports')} in all` +
    (busiest ? `; the busiest day was ${busiest} with ${plural(most, 'import', 'imports')}.` : '.'),
  chartLegendCompleted: 'Completed',
  chartLegendFailed: 'Failed',
  chartShowData: 'Show the numbers',
  chartTableCaption: 'Imports per day, by outcome',
  day: 'Day',
  completed: 'Completed',
  failed: 'Failed',
  attentionTitle: 'Needs attention',
  attentionDescription: 'Of the 100 most recent imports: those that failed, and those whose webhook is being retried or failed.',
  attentionCaption: 'Imports that need attention',
  attentionNone: 'Nothing needs attention: the recent imports completed and their webhooks were delivered.',
  emptyTitle: 'Welcome: no imports yet',
  emptyText: 'Three steps to your first import:',
  stepTemplate: 'Create a template: the columns you expect and their rules',
  stepWebhook: 'Set a webhook URL: where each finished import is sent',
  stepApiKey: 'Create an API key: for your backend to start imports and read rows',
};
