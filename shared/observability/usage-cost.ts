// What an organization's counted usage (imports, rows, webhook deliveries and attempts) costs, priced by
// the one cost model (cost-model.ts, the model of `importctl cost` and the benchmark) at the one price
// table. Per organization the service counts imports, rows and deliveries (pattern 22), not the metered
// figures the model prices (billed ms, RCU, WCU, S3 and SQS requests, bytes stored and logged): those are
// per service, in its metrics. So each count is given the figures the benchmarks measured for it, and the
// model prices the result; a price or a model change moves this estimate with the rest.
import { DEFAULT_RETENTION_DAYS, IMPORT_PROCESSOR_MEMORY_MB, WEBHOOK_WORKER_MEMORY_MB } from '../resources';
import { deliveryCostPerMillion, hookCost, importCost, type ConsumerSums, type DeliveryFigures, type ImportFigures } from './cost-model';

/**
 * The processor's figures for one import, as `importctl cost` counts them (the upload's PUT and the
 * three unmetered SQS requests are added by importCost), from `npm run bench:engine`
 * (bench/results/engine.json, 2026-11-27T10:08Z; an 8-column CSV of ~90 bytes a row): an import of
 * 10,000 rows and one of 999,999. WCU include the usage counter's +2 of the finish transaction
 * (docs/webhooks.md "Usage counters"). Refresh with the bench, like lib/operations/benched-costs.ts.
 */
export const BENCHED_IMPORTS: readonly (Omit<ImportFigures, 'imports'> & { rows: number })[] = [
  { rows: 10_000, billedMs: 293, rcu: 5, wcu: 18, s3Gets: 2, s3Puts: 2, s3PutBytes: 255_464, fileBytes: 881_690, sqsRequests: 1, logBytes: 1707 },
  { rows: 999_999, billedMs: 7533, rcu: 5, wcu: 19, s3Gets: 2, s3Puts: 26, s3PutBytes: 25_419_657, fileBytes: 90_081_619, sqsRequests: 1, logBytes: 1722 },
];

/**
 * The webhook worker's figures per delivery to a receiver that answers at once, from `npm run
 * bench:webhooks` with deliveries tallied per batch (docs/webhooks.md: $1.02 per million): a tenth of
 * an invocation (batches of ten) of 66.6 ms, a tenth of a BatchGetItem (1.1 RCU), the ending update
 * (1 WCU) and a tenth of the batch's usage tally, the event source's receive and delete, ~69 log bytes.
 */
export const BENCHED_DELIVERY: Omit<DeliveryFigures, 'deliveries'> = {
  invocations: 0.1, billedMs: 6.66, rcu: 1.1, wcu: 1.1, s3Gets: 0, s3Puts: 0, s3PutBytes: 0, sqsRequests: 0, logBytes: 69,
};

/** Each attempt beyond a delivery's first: the same work, its state an UpdateItem (1 WCU), plus the send that queued it. */
export const BENCHED_RETRY: Omit<DeliveryFigures, 'deliveries'> = { ...BENCHED_DELIVERY, wcu: 1, sqsRequests: 1 };

/** What the estimate counts, for whoever reads the answer. */
export const USAGE_COST_BASIS =
  "AWS list prices (us-east-1, before free tiers) of the import processor's work per import (Lambda, DynamoDB, S3 requests and " +
  'the file and row chunks stored for the retention period, SQS, logs) and the webhook worker\'s per delivery and retry, ' +
  'priced by the cost model of `importctl cost` from the resources the benchmarks measured per import, per row and per ' +
  'attempt, and the validation hooks\' calls (the function\'s time waiting on them, counted as the calls\' latencies added up, ' +
  'and their call log). Not counted: API requests, data transfer, DynamoDB storage, slow receivers\' waits, queue hops of long retry delays.';

export interface UsageCounts {
  imports: number;
  rows: number;
  /** Deliveries that ended (delivered or failed for good). */
  deliveries: number;
  attempts: number;
  /** Validation hook calls, the rows they sent and the time spent waiting on them (absent: none). */
  hookCalls?: number;
  hookRows?: number;
  hookMs?: number;
}

export interface UsageCost {
  currency: 'USD';
  /** $ of the imports, of the deliveries, and both. */
  imports: number;
  deliveries: number;
  hooks: number;
  total: number;
  /** $ per import and per million rows; null without imports (or rows). */
  perImport: number | null;
  perMillionRows: number | null;
  perMillionDeliveries: number | null;
  perMillionHookRows: number | null;
}

const [small, large] = BENCHED_IMPORTS;
const FIGURES = ['billedMs', 'rcu', 'wcu', 's3Gets', 's3Puts', 's3PutBytes', 'fileBytes', 'sqsRequests', 'logBytes'] as const;

/** The processor's figures for `imports` imports of `rows` rows in all: a fixed part per import and a part per row, the line through the two benched imports. */
export function importFigures(imports: number, rows: number): ImportFigures {
  const figures = { imports, rows } as ImportFigures;
  for (const name of FIGURES) {
    const perRow = (large[name] - small[name]) / (large.rows - small.rows);
    const fixed = small[name] - perRow * small.rows;
    // A figure that is all per row (the file's bytes) may fit a slightly negative fixed part: never below zero.
    figures[name] = Math.max(0, fixed * imports + perRow * rows);
  }
  return figures;
}

/** The worker's figures for `deliveries` ended deliveries that made `attempts` attempts. */
export function deliveryFigures(deliveries: number, attempts: number): DeliveryFigures {
  const retries = Math.max(0, attempts - deliveries);
  const sum = (name: keyof ConsumerSums | 'invocations') => BENCHED_DELIVERY[name] * deliveries + BENCHED_RETRY[name] * retries;
  return {
    deliveries,
    invocations: sum('invocations'),
    billedMs: sum('billedMs'),
    rcu: sum('rcu'),
    wcu: sum('wcu'),
    s3Gets: sum('s3Gets'),
    s3Puts: sum('s3Puts'),
    s3PutBytes: sum('s3PutBytes'),
    sqsRequests: sum('sqsRequests'),
    logBytes: sum('logBytes'),
  };
}

/** Dollars at this precision: far below a cent per import, never float noise. */
const dollars = (value: number) => Number(value.toPrecision(6));

/** What the counted usage cost, by the shared model; `retentionDays` prices the storage as `importctl cost` does. */
export function usageCost(counts: UsageCounts, retentionDays = DEFAULT_RETENTION_DAYS): UsageCost {
  const imported = importCost(importFigures(counts.imports, counts.rows), IMPORT_PROCESSOR_MEMORY_MB, retentionDays);
  const perMillionDeliveries = deliveryCostPerMillion(deliveryFigures(counts.deliveries, counts.attempts), WEBHOOK_WORKER_MEMORY_MB, retentionDays).total;
  const imports = imported.perImport.total * counts.imports;
  const deliveries = (perMillionDeliveries * counts.deliveries) / 1e6;
  const hooked = hookCost({ calls: counts.hookCalls ?? 0, rows: counts.hookRows ?? 0, waitMs: counts.hookMs ?? 0 }, IMPORT_PROCESSOR_MEMORY_MB);
  return {
    currency: 'USD',
    imports: dollars(imports),
    deliveries: dollars(deliveries),
    hooks: dollars(hooked.total),
    total: dollars(imports + deliveries + hooked.total),
    perImport: counts.imports > 0 ? dollars(imported.perImport.total) : null,
    perMillionRows: counts.rows > 0 ? dollars(imported.perMillionRows) : null,
    perMillionDeliveries: counts.deliveries > 0 ? dollars(perMillionDeliveries) : null,
    perMillionHookRows: hooked.perMillionRows === null ? null : dollars(hooked.perMillionRows),
  };
}
