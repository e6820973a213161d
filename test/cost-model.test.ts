// The dashboard's and the cost alarms' metric math, evaluated on known metric values, against the cost
// model's functions (the ones the benchmark and `importctl cost` use) on the same values: the console
// shows what the bench would compute. Synthesized once, without bundling (the expressions do not
// depend on the code assets).
import { createHash } from 'node:crypto';
import type { CfnElement } from 'aws-cdk-lib';
import type { ImportServiceStack } from '../lib/import-service-stack';
import { API_SERVICES, operationsOf, PROCESSOR, WORKER, type ApiOperation } from '../lib/operations/catalog';
import { COST_ALARM_MIN_REQUESTS } from '../lib/operations/service-metrics';
import {
  ACCESS_LOG_BYTES,
  deliveryCostPerMillion,
  importCost,
  requestCostPerMillion,
  type RequestFigures,
} from '../shared/observability/cost-model';
import { metricsNamespace, type MetricName } from '../shared/observability/metrics';
import { apiFunctionMemoryMb, IMPORT_PROCESSOR_MEMORY_MB, WEBHOOK_WORKER_MEMORY_MB } from '../shared/resources';
import {
  alarmEntries,
  dashboardBody,
  evaluate,
  evaluateEntries,
  graphEntries,
  metricKey,
  tokenText,
  type DashboardWidget,
  type MetricEntry,
  type MetricRef,
} from './support/metric-math';
import { synthesize } from './support/cdk-synth';

const STAGE = 'test';
const RETENTION_DAYS = 14;
const NAMESPACE = metricsNamespace(STAGE);

/** Equal within the rounding of the expressions' 12-significant-digit constants. */
function expectClose(actual: number | undefined, expected: number, what: string) {
  if (actual === undefined) throw new Error(`${what}: the expression has no value`);
  const tolerance = 1e-9 * Math.max(1e-6, Math.abs(expected));
  if (Math.abs(actual - expected) > tolerance) throw new Error(`${what}: expression ${actual}, model ${expected}`);
}

/** A metric's value in the test period: fixed per metric, some sums absent (no data point) to exercise FILL. */
type Values = (metric: MetricRef) => number | undefined;
const OPTIONAL: readonly string[] = ['S3Gets', 'S3Puts', 'S3PutBytes', 'SqsRequests', 'ImportsFailed'];
function valuesFrom(seed: string, requestsScale = 1): Values {
  return (metric) => {
    const digest = createHash('sha256').update(`${seed}|${metricKey(metric)}`).digest();
    if (OPTIONAL.includes(metric.name) && digest[0] % 3 === 0) return undefined;
    const unit = digest.readUInt32BE(1) / 2 ** 32;
    if (metric.name === 'Requests' || metric.name === 'Count' || metric.name === 'Invocations') return Math.round((1_000 + unit * 99_000) * requestsScale);
    return Math.round(unit * 5_000_000) / 10;
  };
}

describe('cost metric math', () => {
  let stack: ImportServiceStack;
  let widgets: DashboardWidget[];
  let alarms: { AlarmName: string; Metrics?: any[] }[];

  const ref = (construct: { node: { defaultChild?: unknown } }) =>
    tokenText({ Ref: stack.getLogicalId(construct.node.defaultChild as CfnElement) });
  const emf = (service: string, operation: string, name: MetricName): MetricRef => ({
    namespace: NAMESPACE,
    name,
    dimensions: { service, operation },
  });
  const lambda = (fn: { node: { defaultChild?: unknown } }, name: string): MetricRef => ({
    namespace: 'AWS/Lambda',
    name,
    dimensions: { FunctionName: ref(fn) },
  });
  const logBytes = (group: { node: { defaultChild?: unknown } }): MetricRef => ({
    namespace: 'AWS/Logs',
    name: 'IncomingBytes',
    dimensions: { LogGroupName: ref(group) },
  });
  const functionOf = (service: string) => (service === 'not-found' ? stack.notFoundFunction : stack.apiFunctions.get(service as never)!);

  /** What requestCostPerMillion is given for an operation: the same sums the expression reads. */
  function requestFigures(values: Values, op: ApiOperation, accessLogBytesPerRequest?: number): RequestFigures {
    const n = (metric: MetricRef) => values(metric) ?? 0;
    const sum = (name: MetricName) => n(emf(op.service, op.operation, name));
    const fn = functionOf(op.service);
    const requests = sum('Requests');
    const accessShare =
      accessLogBytesPerRequest ??
      n(logBytes(stack.accessLogs)) / n({ namespace: 'AWS/ApiGateway', name: 'Count', dimensions: { ApiId: ref(stack.api) } });
    return {
      requests,
      billedMs: sum('Latency'),
      rcu: sum('RCU'),
      wcu: sum('WCU'),
      s3Gets: sum('S3Gets'),
      s3Puts: sum('S3Puts'),
      sqsRequests: sum('SqsRequests'),
      logBytes: requests * (n(logBytes(fn.logGroup)) / n(lambda(fn, 'Invocations')) + accessShare),
    };
  }

  function widget(title: string): DashboardWidget {
    const found = widgets.find((w) => w.properties.title === title);
    if (!found) throw new Error(`No widget titled ${title}`);
    return found;
  }

  /** The visible line labelled `label` of a graph, evaluated on `values`. */
  function line(title: string, label: string, values: Values): number | undefined {
    const entries = graphEntries(widget(title));
    const entry = entries.find((e) => e.visible && e.label === label);
    if (!entry) throw new Error(`No line ${label} in ${title}`);
    return evaluateEntries(entries, (metric) => values(metric)).value(entry);
  }

  beforeAll(() => {
    let resources: Record<string, { Type: string; Properties: any }>;
    ({ stack, resources } = synthesize({ stage: STAGE, retentionDays: String(RETENTION_DAYS) }));
    widgets = dashboardBody(Object.values(resources).find((r) => r.Type === 'AWS::CloudWatch::Dashboard')!).widgets;
    alarms = Object.values(resources)
      .filter((r) => r.Type === 'AWS::CloudWatch::Alarm')
      .map((r) => r.Properties);
  });

  test('the evaluator reads metric math as CloudWatch does', () => {
    const ids: Record<string, number | undefined> = { a: 6, b: 3, gone: undefined };
    const resolve = (id: string) => ids[id];

    expect(evaluate('1.5 + a*b/(a - b) - -1', resolve)).toBe(8.5);
    expect(evaluate('FILL(gone, 0) + a', resolve)).toBe(6);
    expect(evaluate('gone + a', resolve)).toBeUndefined();
    expect(evaluate('a/(b - 3)', resolve)).toBeUndefined();
    expect(evaluate('IF(a >= 100, a, 0)', resolve)).toBe(0);
    expect(evaluate('IF(a >= 6, a*2, 0)', resolve)).toBe(12);
    expect(() => evaluate('a*1.25e-7', resolve)).toThrow(/cannot read/);
    expect(() => evaluate('a + nope', (id) => (id === 'a' ? 1 : (() => { throw new Error(`unknown id ${id}`); })()))).toThrow(/unknown id nope/);
  });

  for (const seed of ['traffic', 'other traffic']) {
    test(`each operation's $ per million requests and $ per day equal the model (${seed})`, () => {
      const values = valuesFrom(seed);
      let checked = 0;
      for (const service of API_SERVICES) {
        let serviceDay = 0;
        for (const op of operationsOf(service)) {
          const figures = requestFigures(values, op);
          const model = requestCostPerMillion(figures, apiFunctionMemoryMb(service)).total;
          expectClose(line(`${service}: $ per million requests`, op.operation, values), model, `${op.operation} $/M`);
          const perDay = (model * figures.requests) / 1e6;
          expectClose(line(`${service}: $ per day`, op.operation, values), perDay, `${op.operation} $/day`);
          serviceDay += perDay;
          checked++;
        }
        expectClose(line('$ per day, by function (stacked)', `API: ${service}`, values), serviceDay, `${service} $/day`);
      }
      expect(checked).toBe(36);
    });

    test(`$ per import, per million rows and the imports' $ per day equal the model (${seed})`, () => {
      const values = valuesFrom(seed);
      const n = (metric: MetricRef) => values(metric) ?? 0;
      const both = (name: MetricName) => n(emf(PROCESSOR.service, PROCESSOR.import, name)) + n(emf(PROCESSOR.service, PROCESSOR.deadline, name));
      const imported = (name: MetricName) => n(emf(PROCESSOR.service, PROCESSOR.import, name));
      const imports = imported('ImportsCompleted') + imported('ImportsFailed');
      const model = importCost(
        {
          imports,
          rows: imported('Rows'),
          billedMs: both('Latency'),
          rcu: both('RCU'),
          wcu: both('WCU'),
          s3Gets: both('S3Gets'),
          s3Puts: both('S3Puts'),
          s3PutBytes: both('S3PutBytes'),
          fileBytes: imported('FileBytes'),
          sqsRequests: both('SqsRequests'),
          logBytes: n(logBytes(stack.importProcessor.logGroup)),
        },
        IMPORT_PROCESSOR_MEMORY_MB,
        RETENTION_DAYS,
      );

      expectClose(line('Imports: $ per import', '$ per import', values), model.perImport.total, '$ per import');
      expectClose(line('Imports: $ per million rows', '$ per million rows', values), model.perMillionRows, '$ per million rows');
      expectClose(line('$ per day, by function (stacked)', 'imports (processor)', values), model.perImport.total * imports, 'imports $/day');
    });

    test(`$ per million webhook deliveries and their $ per day equal the model (${seed})`, () => {
      const values = valuesFrom(seed);
      const n = (metric: MetricRef) => values(metric) ?? 0;
      const both = (name: MetricName) => n(emf(WORKER.service, WORKER.attempt, name)) + n(emf(WORKER.service, WORKER.hop, name));
      const deliveries = n(emf(WORKER.service, WORKER.attempt, 'Delivered')) + n(emf(WORKER.service, WORKER.attempt, 'DeliveriesFailed'));
      const model = deliveryCostPerMillion(
        {
          deliveries,
          invocations: n(lambda(stack.webhookWorker, 'Invocations')),
          billedMs: n(lambda(stack.webhookWorker, 'Duration')),
          rcu: both('RCU'),
          wcu: both('WCU'),
          s3Gets: both('S3Gets'),
          s3Puts: both('S3Puts'),
          s3PutBytes: both('S3PutBytes'),
          sqsRequests: both('SqsRequests'),
          logBytes: n(logBytes(stack.webhookWorker.logGroup)),
        },
        WEBHOOK_WORKER_MEMORY_MB,
        RETENTION_DAYS,
      );

      expectClose(line('Webhooks: $ per million deliveries', '$ per million deliveries', values), model.total, '$/M deliveries');
      expectClose(line('$ per day, by function (stacked)', 'webhooks (worker)', values), (model.total * deliveries) / 1e6, 'webhooks $/day');
    });
  }

  test("each cost alarm's expression is the model's $ per million requests (access log at ACCESS_LOG_BYTES), 0 below the minimum volume", () => {
    const costAlarms = alarms.filter((a) => a.AlarmName.startsWith(`import-service-${STAGE}-cost-`));
    expect(costAlarms).toHaveLength(36);
    for (const [seed, scale] of [['alarm traffic', 1], ['a quiet hour', 0.01]] as const) {
      const values = valuesFrom(seed, scale);
      for (const service of API_SERVICES) {
        for (const op of operationsOf(service)) {
          const alarm = costAlarms.find((a) => a.AlarmName === `import-service-${STAGE}-cost-${service}-${op.operation}`)!;
          const entries: MetricEntry[] = alarmEntries(alarm as { Metrics: any[] });
          const watched = entries.find((e) => e.visible)!;
          const figures = requestFigures(values, op, ACCESS_LOG_BYTES);
          const expected = figures.requests >= COST_ALARM_MIN_REQUESTS ? requestCostPerMillion(figures, apiFunctionMemoryMb(service)).total : 0;
          expectClose(evaluateEntries(entries, (metric) => values(metric)).value(watched), expected, `${alarm.AlarmName} (${seed})`);
        }
      }
    }
  });
});
