// The stage's CloudWatch dashboard `import-service-<stage>`: what it costs per day, then one row per API
// function (requests, latency, 4xx/5xx, $ per million requests and $ per day per operation), the
// imports, the webhooks, the queues and the functions. docs/operations.md#reading-the-dashboard reads it.
import { Duration } from 'aws-cdk-lib';
import {
  AlarmStatusWidget,
  CfnDashboard,
  Dashboard,
  GraphWidget,
  GraphWidgetView,
  LegendPosition,
  MathExpression,
  PeriodOverride,
  TextWidget,
  type Alarm,
  type IMetric,
  type IWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { METRIC } from '../../shared/observability/metrics';
import { API_SERVICES, operationsOf, PROCESSOR, WORKER, type ApiService } from './catalog';
import type { ServiceMetrics, WatchedFunction } from './service-metrics';

/** Traffic graphs. */
const TRAFFIC_PERIOD = Duration.minutes(5);
/** Cost per unit: an hour evens out a cold start among few requests. */
const UNIT_COST_PERIOD = Duration.hours(1);
/** Cost per day: one point a day. */
const DAY = Duration.days(1);
const HEIGHT = 6;

export interface QueueToWatch {
  name: string;
  queue: IQueue;
  deadLetterQueue: IQueue;
}

export interface ServiceDashboardProps {
  stage: string;
  metrics: ServiceMetrics;
  functions: readonly WatchedFunction[];
  queues: readonly QueueToWatch[];
  /** Every alarm of the stage, shown in one status widget. */
  alarms: readonly Alarm[];
  /** Extra widgets (the table's throttles and errors) for the last row. */
  tableWidgets: readonly IWidget[];
}

export class ServiceDashboard extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: ServiceDashboardProps) {
    super(scope, id);
    const { metrics, stage } = props;
    const dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `import-service-${stage}`,
      defaultInterval: Duration.days(7),
      // Each graph keeps its own period: $ per day stays one point a day whatever the time range.
      periodOverride: PeriodOverride.INHERIT,
    });
    this.dashboard = dashboard;
    // CloudFormation takes Tags on a dashboard (CDK's L1 renders them; the cost-allocation tags reach it),
    // but cfn-lint 1.51's resource schema predates them and reports E3002: ignored here, for this resource only.
    (dashboard.node.defaultChild as CfnDashboard).addMetadata('cfn-lint', { config: { ignore_checks: ['E3002'] } });

    dashboard.addWidgets(
      new TextWidget({
        width: 24,
        height: 3,
        markdown: [
          `# Import Service \`${stage}\`: traffic, alarms and what it costs`,
          'Costs are metric math over the functions\' own metrics, priced with the service\'s price table (us-east-1, `shared/observability/prices.ts`) by the model the benchmark uses. ' +
            'What each cost line includes and leaves out (free tier, data transfer, KMS, CloudWatch\'s own charges): `docs/operations.md`, section "Reading the dashboard".',
        ].join('\n\n'),
      }),
    );

    // What the stage costs per day: each API function's operations, the imports and the webhooks.
    const perDay: IMetric[] = API_SERVICES.map((service) => {
      const ops = operationsOf(service);
      const usingMetrics = Object.fromEntries(ops.map((op) => [`${op.operation}_d`, metrics.requestCostPerDay(op, DAY)]));
      return new MathExpression({
        expression: Object.keys(usingMetrics).map((key) => `FILL(${key}, 0)`).join(' + '),
        usingMetrics,
        label: `API: ${service}`,
        period: DAY,
      });
    });
    dashboard.addWidgets(
      new GraphWidget({
        title: '$ per day, by function (stacked)',
        width: 12,
        height: HEIGHT,
        stacked: true,
        left: [...perDay, metrics.importCostPerDay(DAY), metrics.deliveryCostPerDay(DAY)],
        leftYAxis: { label: '$', showUnits: false, min: 0 },
        period: DAY,
      }),
      new AlarmStatusWidget({ title: 'Alarms', width: 12, height: HEIGHT, alarms: [...props.alarms] }),
    );

    for (const service of API_SERVICES) dashboard.addWidgets(...this.apiRow(metrics, service));

    dashboard.addWidgets(...this.importsRow(metrics), ...this.webhooksRow(metrics));

    dashboard.addWidgets(
      graph('Queues: messages waiting', 6, props.queues.map(({ name, queue }) =>
        queue.metricApproximateNumberOfMessagesVisible({ period: TRAFFIC_PERIOD, statistic: 'Maximum', label: name }),
      )),
      graph('Queues: oldest message (s)', 6, props.queues.map(({ name, queue }) =>
        queue.metricApproximateAgeOfOldestMessage({ period: TRAFFIC_PERIOD, statistic: 'Maximum', label: name }),
      )),
      graph('Dead-letter queues: messages', 6, props.queues.map(({ name, deadLetterQueue }) =>
        deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: TRAFFIC_PERIOD, statistic: 'Maximum', label: `${name} DLQ` }),
      )),
      ...props.tableWidgets,
    );

    dashboard.addWidgets(
      graph('Functions: p99 duration (ms)', 8, props.functions.map((fn) => metrics.lambda(fn, 'Duration', TRAFFIC_PERIOD, 'p99', fn.service))),
      graph('Functions: errors', 8, props.functions.map((fn) => metrics.lambda(fn, 'Errors', TRAFFIC_PERIOD, 'Sum', fn.service))),
      graph('Functions: throttles', 8, props.functions.map((fn) => metrics.lambda(fn, 'Throttles', TRAFFIC_PERIOD, 'Sum', fn.service))),
    );
  }

  /** One row per API function: per operation requests, p50/p99 latency, 4xx/5xx, $ per million requests, $ per day. */
  private apiRow(metrics: ServiceMetrics, service: ApiService): IWidget[] {
    const ops = operationsOf(service);
    const emf = (name: (typeof METRIC)[keyof typeof METRIC], statistic: string, label: (op: string) => string) =>
      ops.map((op) => metrics.emf(service, op.operation, name, TRAFFIC_PERIOD, statistic, label(op.operation)));
    return [
      graph(`${service}: requests`, 5, emf(METRIC.requests, 'Sum', (op) => op)),
      graph(`${service}: latency p50 / p99 (ms)`, 5, [
        ...emf(METRIC.latency, 'p50', (op) => `${op} p50`),
        ...emf(METRIC.latency, 'p99', (op) => `${op} p99`),
      ]),
      graph(`${service}: 4xx / 5xx`, 4, [
        ...emf(METRIC.status4xx, 'Sum', (op) => `${op} 4xx`),
        ...emf(METRIC.status5xx, 'Sum', (op) => `${op} 5xx`),
      ]),
      graph(`${service}: $ per million requests`, 5, ops.map((op) => metrics.requestCostPerMillion(op, UNIT_COST_PERIOD)), '$/M'),
      graph(`${service}: $ per day`, 5, ops.map((op) => metrics.requestCostPerDay(op, DAY)), '$'),
    ];
  }

  private importsRow(metrics: ServiceMetrics): IWidget[] {
    const imp = (name: (typeof METRIC)[keyof typeof METRIC], label: string, statistic = 'Sum', period = UNIT_COST_PERIOD) =>
      metrics.emf(PROCESSOR.service, PROCESSOR.import, name, period, statistic, label);
    const deadline = (name: (typeof METRIC)[keyof typeof METRIC], label: string) =>
      metrics.emf(PROCESSOR.service, PROCESSOR.deadline, name, UNIT_COST_PERIOD, 'Sum', label);
    return [
      graph('Imports by outcome (per hour)', 5, [
        imp(METRIC.importsCompleted, 'completed'),
        imp(METRIC.importsFailed, 'failed (file or rules)'),
        deadline(METRIC.processingTimeouts, 'PROCESSING_TIMEOUT'),
        deadline(METRIC.uploadTimeouts, 'UPLOAD_TIMEOUT'),
        imp(METRIC.errors, 'processing threw (redelivered)'),
      ]),
      graph('Imports: rows (per hour)', 4, [imp(METRIC.rows, 'rows')]),
      graph('Imports: processing time (ms)', 5, [
        imp(METRIC.latency, 'p50', 'p50', TRAFFIC_PERIOD),
        imp(METRIC.latency, 'p99', 'p99', TRAFFIC_PERIOD),
      ]),
      graph('Imports: $ per import', 5, [metrics.importCostPerImport(UNIT_COST_PERIOD)], '$'),
      graph('Imports: $ per million rows', 5, [metrics.importCostPerMillionRows(UNIT_COST_PERIOD)], '$/M rows'),
    ];
  }

  private webhooksRow(metrics: ServiceMetrics): IWidget[] {
    const attempt = (name: (typeof METRIC)[keyof typeof METRIC], label: string, statistic = 'Sum') =>
      metrics.emf(WORKER.service, WORKER.attempt, name, UNIT_COST_PERIOD, statistic, label);
    return [
      graph('Webhook deliveries by state (per hour)', 6, [
        attempt(METRIC.delivered, 'Delivered'),
        attempt(METRIC.retrying, 'Retrying'),
        attempt(METRIC.deliveriesFailed, 'DeliveriesFailed'),
      ]),
      graph('Webhook attempts and hops (per hour)', 6, [
        attempt(METRIC.requests, 'attempts'),
        metrics.emf(WORKER.service, WORKER.hop, METRIC.requests, UNIT_COST_PERIOD, 'Sum', 'hops (early messages re-sent)'),
        attempt(METRIC.errors, 'attempts that threw (redelivered)'),
      ]),
      graph('Webhook POST latency (ms)', 6, [
        metrics.emf(WORKER.service, WORKER.attempt, METRIC.postMs, TRAFFIC_PERIOD, 'p50', 'p50'),
        metrics.emf(WORKER.service, WORKER.attempt, METRIC.postMs, TRAFFIC_PERIOD, 'p99', 'p99'),
      ]),
      graph('Webhooks: $ per million deliveries', 6, [metrics.deliveryCostPerMillion(UNIT_COST_PERIOD)], '$/M'),
    ];
  }
}

export function graph(title: string, width: number, left: IMetric[], unit?: string): GraphWidget {
  return new GraphWidget({
    title,
    width,
    height: HEIGHT,
    left,
    view: GraphWidgetView.TIME_SERIES,
    legendPosition: LegendPosition.BOTTOM,
    leftYAxis: unit ? { label: unit, showUnits: false, min: 0 } : { min: 0 },
  });
}
