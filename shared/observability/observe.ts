// One unit of work observed: an API request, an import, a deadline or a webhook message. It runs with
// its correlation ids (logs) and a fresh meter; when it ends, its billed milliseconds, what the meter
// counted and the figures the work reported (rows, outcomes) are added to its operation's metrics.
import { AsyncLocalStorage } from 'node:async_hooks';
import { log, withCorrelation, type Correlation } from './logger';
import { pricedWcu, withMeterSettled } from './meter';
import { METRIC, recordMetrics, type MetricName } from './metrics';

const figures = new AsyncLocalStorage<Partial<Record<MetricName, number>>>();

/** Adds to a figure of the work being observed (e.g. the rows an import read); nothing outside one. */
export function countMetric(name: MetricName, value = 1): void {
  const current = figures.getStore();
  if (current) current[name] = (current[name] ?? 0) + value;
}

export interface ObservedWork<T> {
  service: string;
  /** The operation, or a function of the result when only the work knows what it was (a hop, an attempt). */
  operation: string | ((result: T | undefined) => string);
  correlation: Correlation;
  work: () => Promise<T>;
  /** Figures read off the result (an API response's status class and size). */
  resultFigures?: (result: T) => Partial<Record<MetricName, number>>;
}

/** Runs the work observed; resolves or rejects as the work does. */
export async function observeWork<T>({ service, operation, correlation, work, resultFigures }: ObservedWork<T>): Promise<T> {
  const reported: Partial<Record<MetricName, number>> = {};
  const started = performance.now();
  return withCorrelation({ function: service, ...correlation }, async () => {
    const outcome = await figures.run(reported, () => withMeterSettled(work));
    const { meter } = outcome;
    const result = outcome.ok ? outcome.result : undefined;
    const name = typeof operation === 'function' ? operation(result) : operation;
    // Lambda bills each invocation's duration rounded up to the millisecond.
    const billedMs = Math.ceil(performance.now() - started);
    const workFigures = outcome.ok ? resultFigures?.(outcome.result) : { [METRIC.errors]: 1 };
    log.debug('Work done', { operation: name, billedMs, ...workFigures, ...reported });
    recordMetrics(service, name, {
      [METRIC.requests]: 1,
      [METRIC.latency]: billedMs,
      [METRIC.rcu]: meter.rcu,
      [METRIC.wcu]: pricedWcu(meter),
      [METRIC.s3Gets]: meter.s3Gets,
      [METRIC.s3Puts]: meter.s3Puts,
      [METRIC.sqsRequests]: meter.sqsRequests,
      ...(meter.s3PutBytes > 0 ? { [METRIC.s3PutBytes]: meter.s3PutBytes } : {}),
      ...workFigures,
      ...reported,
    });
    if (!outcome.ok) throw outcome.error;
    return outcome.result;
  });
}
