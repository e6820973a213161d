// `importctl cost`: what each operation, import and webhook delivery cost over a period, from the
// service's own metrics priced by the one cost model (shared/observability/cost-model.ts), the same the
// benchmark and the dashboard use. Locally the metrics are the EMF records the local stack writes to
// its metrics file; on a deployed stage they are read from CloudWatch with GetMetricData.
import { readFileSync } from 'node:fs';
import {
  CloudWatchClient,
  GetMetricDataCommand,
  ListMetricsCommand,
  type MetricDataQuery,
} from '@aws-sdk/client-cloudwatch';
import { apiFunctionMemoryMb, DEFAULT_RETENTION_DAYS, IMPORT_PROCESSOR_MEMORY_MB, WEBHOOK_WORKER_MEMORY_MB } from '../shared/resources';
import { METRIC, metricsNamespace, type MetricName } from '../shared/observability/metrics';
import {
  ACCESS_LOG_BYTES,
  deliveryCostPerMillion,
  hookCost,
  importCost,
  requestCostPerMillion,
  type CostParts,
} from '../shared/observability/cost-model';

const CONSUMERS = new Set(['import-processor', 'webhook-worker']);

/** Sums per service and operation over the period, and the log bytes attributed to each. */
export type OperationSums = Map<string, { service: string; operation: string; sums: Partial<Record<MetricName, number>>; logBytes: number }>;

const key = (service: string, operation: string) => `${service}/${operation}`;

function entry(sums: OperationSums, service: string, operation: string) {
  let found = sums.get(key(service, operation));
  if (!found) {
    found = { service, operation, sums: {}, logBytes: 0 };
    sums.set(key(service, operation), found);
  }
  return found;
}

/**
 * The local stack's metrics file: one EMF record a line. Each record's own bytes are its operation's
 * log bytes (what CloudWatch Logs would ingest); API requests add an access-log line each.
 */
export function sumsFromEmfFile(file: string, since: number, until = Date.now()): OperationSums {
  const sums: OperationSums = new Map();
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return sums;
  }
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    const record = JSON.parse(line) as Record<string, unknown> & {
      _aws: { Timestamp: number; CloudWatchMetrics: { Metrics: { Name: string }[] }[] };
    };
    if (record._aws.Timestamp < since || record._aws.Timestamp > until) continue;
    const target = entry(sums, String(record.service), String(record.operation));
    target.logBytes += Buffer.byteLength(line) + 1;
    for (const { Name } of record._aws.CloudWatchMetrics[0].Metrics) {
      const value = record[Name] as number | number[];
      const total = Array.isArray(value) ? value.reduce((a, b) => a + b, 0) : value;
      target.sums[Name as MetricName] = (target.sums[Name as MetricName] ?? 0) + total;
    }
  }
  for (const target of sums.values()) {
    if (!CONSUMERS.has(target.service)) target.logBytes += ACCESS_LOG_BYTES * (target.sums.Requests ?? 0);
  }
  return sums;
}

const SUMMED: MetricName[] = Object.values(METRIC).filter((name) => name !== METRIC.postMs);

/** A deployed stage's sums from CloudWatch: every (service, operation) the namespace has, each metric's Sum over the period. */
export async function sumsFromCloudWatch(stage: string, since: Date, until: Date): Promise<OperationSums> {
  const client = new CloudWatchClient({});
  const namespace = metricsNamespace(stage);
  const sums: OperationSums = new Map();
  const series: { id: string; service: string; operation: string; name: MetricName }[] = [];
  let NextToken: string | undefined;
  do {
    const page = await client.send(new ListMetricsCommand({ Namespace: namespace, NextToken }));
    for (const metric of page.Metrics ?? []) {
      const dims = Object.fromEntries((metric.Dimensions ?? []).map((d) => [d.Name, d.Value]));
      if (!dims.service || !dims.operation || !SUMMED.includes(metric.MetricName as MetricName)) continue;
      series.push({ id: `m${series.length}`, service: dims.service, operation: dims.operation, name: metric.MetricName as MetricName });
    }
    NextToken = page.NextToken;
  } while (NextToken);
  const period = Math.max(60, Math.ceil((until.getTime() - since.getTime()) / 1000 / 60) * 60);
  // GetMetricData takes at most 500 queries a call.
  for (let start = 0; start < series.length; start += 500) {
    const batch = series.slice(start, start + 500);
    const queries: MetricDataQuery[] = batch.map((s) => ({
      Id: s.id,
      MetricStat: {
        Metric: {
          Namespace: namespace,
          MetricName: s.name,
          Dimensions: [
            { Name: 'service', Value: s.service },
            { Name: 'operation', Value: s.operation },
          ],
        },
        Period: period,
        Stat: 'Sum',
      },
    }));
    let token: string | undefined;
    do {
      const page = await client.send(new GetMetricDataCommand({ MetricDataQueries: queries, StartTime: since, EndTime: until, NextToken: token }));
      for (const result of page.MetricDataResults ?? []) {
        const s = batch.find((candidate) => candidate.id === result.Id)!;
        const target = entry(sums, s.service, s.operation);
        target.sums[s.name] = (target.sums[s.name] ?? 0) + (result.Values ?? []).reduce((a, b) => a + b, 0);
      }
      token = page.NextToken;
    } while (token);
  }
  // Log ingestion is billed per log group, not per operation: each request is given an access-log line
  // (the model the bench uses); the function log groups hold little beyond these metrics' own records.
  for (const target of sums.values()) {
    if (!CONSUMERS.has(target.service)) target.logBytes += ACCESS_LOG_BYTES * (target.sums.Requests ?? 0);
  }
  client.destroy();
  return sums;
}

const round = (value: number, digits = 4) => Number(value.toFixed(digits));
const rounded = (parts: CostParts) => Object.fromEntries(Object.entries(parts).map(([name, value]) => [name, round(value, 6)]));

/** The report `importctl cost` prints. */
export function costReport(sums: OperationSums, retentionDays = DEFAULT_RETENTION_DAYS, days = 1) {
  const n = (target: { sums: Partial<Record<MetricName, number>> } | undefined, name: MetricName) => target?.sums[name] ?? 0;
  const operations = [...sums.values()]
    .filter((target) => !CONSUMERS.has(target.service) && n(target, METRIC.requests) > 0)
    .sort((a, b) => key(a.service, a.operation).localeCompare(key(b.service, b.operation)))
    .map((target) => {
      const requests = n(target, METRIC.requests);
      const cost = requestCostPerMillion(
        {
          requests,
          billedMs: n(target, METRIC.latency),
          rcu: n(target, METRIC.rcu),
          wcu: n(target, METRIC.wcu),
          s3Gets: n(target, METRIC.s3Gets),
          s3Puts: n(target, METRIC.s3Puts),
          sqsRequests: n(target, METRIC.sqsRequests),
          logBytes: target.logBytes,
        },
        apiFunctionMemoryMb(target.service),
      );
      return {
        service: target.service,
        operation: target.operation,
        requests,
        status4xx: n(target, METRIC.status4xx),
        status5xx: n(target, METRIC.status5xx),
        perRequest: {
          billedMs: round(n(target, METRIC.latency) / requests, 2),
          rcu: round(n(target, METRIC.rcu) / requests),
          wcu: round(n(target, METRIC.wcu) / requests),
          s3Gets: round(n(target, METRIC.s3Gets) / requests),
          s3Puts: round(n(target, METRIC.s3Puts) / requests),
          sqsRequests: round(n(target, METRIC.sqsRequests) / requests),
          logBytes: round(target.logBytes / requests, 1),
        },
        costPerMillion: rounded(cost),
        costPerDay: round((cost.total * requests) / 1e6 / days, 6),
      };
    });

  const imported = sums.get(key('import-processor', 'import'));
  const deadline = sums.get(key('import-processor', 'deadline'));
  const imports = n(imported, METRIC.importsCompleted) + n(imported, METRIC.importsFailed);
  const rows = n(imported, METRIC.rows);
  // The processor's every message counts (a redelivered file, a deadline), spread over the imports that finished.
  const processor = [imported, deadline];
  const total = (name: MetricName) => processor.reduce((sum, target) => sum + n(target, name), 0);
  const importCosts = importCost(
    {
      imports,
      rows,
      billedMs: total(METRIC.latency),
      rcu: total(METRIC.rcu),
      wcu: total(METRIC.wcu),
      s3Gets: total(METRIC.s3Gets),
      s3Puts: total(METRIC.s3Puts),
      s3PutBytes: total(METRIC.s3PutBytes),
      fileBytes: n(imported, METRIC.fileBytes),
      sqsRequests: total(METRIC.sqsRequests),
      logBytes: processor.reduce((sum, target) => sum + (target?.logBytes ?? 0), 0),
    },
    IMPORT_PROCESSOR_MEMORY_MB,
    retentionDays,
  );

  const worker = [sums.get(key('webhook-worker', 'attempt')), sums.get(key('webhook-worker', 'hop'))];
  const workerTotal = (name: MetricName) => worker.reduce((sum, target) => sum + n(target, name), 0);
  const attempts = sums.get(key('webhook-worker', 'attempt'));
  const deliveries = n(attempts, METRIC.delivered) + n(attempts, METRIC.deliveriesFailed);
  const deliveryCost = deliveryCostPerMillion(
    {
      deliveries,
      // Each message is priced as its own invocation: an upper bound where a batch shares one.
      invocations: workerTotal(METRIC.requests),
      billedMs: workerTotal(METRIC.latency),
      rcu: workerTotal(METRIC.rcu),
      wcu: workerTotal(METRIC.wcu),
      s3Gets: workerTotal(METRIC.s3Gets),
      s3Puts: workerTotal(METRIC.s3Puts),
      s3PutBytes: workerTotal(METRIC.s3PutBytes),
      sqsRequests: workerTotal(METRIC.sqsRequests),
      logBytes: worker.reduce((sum, target) => sum + (target?.logBytes ?? 0), 0),
    },
    WEBHOOK_WORKER_MEMORY_MB,
    retentionDays,
  );

  // The validation hooks' share, wherever they were called (the processor, the correction routes).
  const everywhere = (name: MetricName) => [...sums.values()].reduce((sum, target) => sum + n(target, name), 0);
  const hookFigures = { calls: everywhere(METRIC.hookCalls), rows: everywhere(METRIC.hookRows), waitMs: everywhere(METRIC.hookWaitMs) };
  const hooks = hookCost(hookFigures, IMPORT_PROCESSOR_MEMORY_MB);

  return {
    operations,
    hooks: {
      ...hookFigures,
      failedCalls: everywhere(METRIC.hookFailedCalls),
      cost: round(hooks.total, 6),
      lambdaWait: round(hooks.lambdaWait, 6),
      callLog: round(hooks.callLog, 6),
      perMillionRows: hooks.perMillionRows === null ? null : round(hooks.perMillionRows, 6),
    },
    imports: {
      imports,
      completed: n(imported, METRIC.importsCompleted),
      failed: n(imported, METRIC.importsFailed),
      processingTimeouts: n(deadline, METRIC.processingTimeouts),
      uploadTimeouts: n(deadline, METRIC.uploadTimeouts),
      rows,
      perImport: rounded(importCosts.perImport),
      perMillionRows: round(importCosts.perMillionRows, 6),
    },
    webhooks: {
      deliveries,
      attempts: n(attempts, METRIC.requests),
      delivered: n(attempts, METRIC.delivered),
      retrying: n(attempts, METRIC.retrying),
      failed: n(attempts, METRIC.deliveriesFailed),
      hops: n(sums.get(key('webhook-worker', 'hop')), METRIC.requests),
      perMillionDeliveries: rounded(deliveryCost),
    },
  };
}
