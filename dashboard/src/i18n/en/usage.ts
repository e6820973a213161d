// The usage and cost page.
/** Dollars for amounts far below a cent: three significant digits ($0.0000611), cents from $1. */
const dollars = (value: number) =>
  value === 0 ? '$0.00' : value >= 1 ? `$${value.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}` : `$${value.toLocaleString('en', { maximumSignificantDigits: 3 })}`;

export default {
  title: 'Usage and cost',
  description: 'Imports, rows and webhook deliveries per day (UTC), and what they cost to run.',
  dollars,
  from: 'From',
  to: 'To',
  rangeHint: 'UTC days, at most 366',
  range: (from: string, to: string) => `${from} to ${to}`,
  rangeInvalid: 'The start must be on or before the end.',
  totalsTitle: 'Totals for the range',
  imports: 'Imports',
  importsDetail: (completed: number, failed: number) => `${completed.toLocaleString('en')} completed, ${failed.toLocaleString('en')} failed`,
  rows: 'Rows',
  rowsDetail: (valid: number, error: number) => `${valid.toLocaleString('en')} valid, ${error.toLocaleString('en')} with errors`,
  deliveries: 'Webhook deliveries',
  deliveriesDetail: (delivered: number, failed: number, attempts: number) =>
    `${delivered.toLocaleString('en')} delivered, ${failed.toLocaleString('en')} failed, ${attempts.toLocaleString('en')} attempts`,
  costTitle: 'Estimated cost',
  totalCost: 'Total',
  totalCostDetail: (imports: string, deliveries: string, hooks: string) => `Imports ${imports}, deliveries ${deliveries}, validation hooks ${hooks}`,
  hookCalls: 'Validation hook calls',
  hookCallsDetail: (rows: string, seconds: string) => `${rows} rows sent, ${seconds} s waited`,
  perMillionHookRows: 'Per million rows sent to a hook',
  perImport: 'Per import',
  perMillionRows: 'Per million rows',
  perMillionDeliveries: 'Per million deliveries',
  perMillionRowsDetail: 'Small imports cost more per row: each import has a fixed part',
  noFigure: '—',
  noFigureDetail: 'None in this range',
  costExplanation:
    'An estimate of what running these imports and deliveries costs on AWS, at list prices before free tiers, from the same ' +
    'cost model and price table as importctl cost. It is what this service spends to run them, not an invoice.',
  basisTitle: 'What the estimate counts',
  perDayTitle: 'Per day',
  perDayCaption: 'Usage and estimated cost per day',
  date: 'Day (UTC)',
  completed: 'Completed',
  failed: 'Failed',
  rowsTotal: 'Rows',
  rowsValid: 'Valid',
  rowsError: 'With errors',
  delivered: 'Delivered',
  deliveriesFailed: 'Deliveries failed',
  attempts: 'Attempts',
  cost: 'Cost',
  activeOnly: 'Only days with activity',
  emptyRange: 'No imports or deliveries in this range.',
};
