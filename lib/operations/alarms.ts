// The stage's alarms beyond the queues' (lib/import-service-stack.ts): API 5xx rate, each function's p99
// duration, errors and throttles, DynamoDB throttles and system errors, webhook deliveries that failed
// for good, imports closed by their processing deadline, and each API operation's $ per million
// requests against its budget. Every description names its runbook section in docs/operations.md;
// lib/operations/operations.ts gives every alarm of the stack the alarm topic as action.
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { METRIC } from '../../shared/observability/metrics';
import { PROCESSOR, WORKER } from './catalog';
import type { OperationBudget } from './cost-budget';
import { alarmDescription, RUNBOOK, type RunbookSection } from './runbooks';
import { COST_ALARM_MIN_REQUESTS, type ServiceMetrics, type WatchedFunction } from './service-metrics';

/** API 5xx responses, in % of requests, over which (with at least API_5XX_MIN_ERRORS of them) the API alarms. */
export const API_5XX_RATE_PERCENT = 1;
export const API_5XX_MIN_ERRORS = 5;
/** p99 duration alarms at this share of the function's timeout. */
export const DURATION_SHARE_OF_TIMEOUT = 0.8;
/** Cost alarms judge hourly figures and fire after this many hours over budget in a row. */
export const COST_ALARM_PERIOD = Duration.hours(1);
export const COST_ALARM_HOURS = 3;

/** The table operations the code calls (lib/table-access.ts plus transactions): ThrottledRequests and SystemErrors are per operation. */
export const TABLE_OPERATIONS = ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'TransactWriteItems'] as const;

export interface ServiceAlarmsProps {
  stage: string;
  metrics: ServiceMetrics;
  table: ITable;
  /** Every function of the stage: the API functions, the processor and the worker. */
  functions: readonly WatchedFunction[];
  budgets: readonly OperationBudget[];
}

const FIVE_MINUTES = Duration.minutes(5);

export class ServiceAlarms extends Construct {
  readonly alarms: Alarm[] = [];
  /** The table's throttles and system errors (the dashboard graphs their metrics). */
  readonly tableAlarms: Alarm[];

  constructor(scope: Construct, id: string, private readonly props: ServiceAlarmsProps) {
    super(scope, id);
    const { metrics } = props;

    this.add('ApiServerErrorRate', 'api-5xx-rate', RUNBOOK.api5xx, {
      description: `More than ${API_5XX_RATE_PERCENT}% of API requests answered 5xx (and at least ${API_5XX_MIN_ERRORS} of them) in 2 of 3 five-minute periods.`,
      metric: new MathExpression({
        expression: `IF(FILL(e5xx, 0) >= ${API_5XX_MIN_ERRORS}, 100*FILL(e5xx, 0)/requests, 0)`,
        usingMetrics: { e5xx: metrics.api5xx(FIVE_MINUTES), requests: metrics.apiCount(FIVE_MINUTES) },
        label: 'API 5xx (% of requests)',
        period: FIVE_MINUTES,
      }),
      threshold: API_5XX_RATE_PERCENT,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });

    for (const watched of props.functions) {
      const thresholdMs = Math.round(watched.timeoutSeconds * 1000 * DURATION_SHARE_OF_TIMEOUT);
      // One import is one invocation: a single slow file is worth a look before files grow past the timeout.
      const single = watched.service === PROCESSOR.service;
      this.add(`${pascal(watched.service)}DurationP99`, `${watched.service}-duration-p99`, RUNBOOK.duration, {
        description:
          `The ${watched.service} function's p99 duration is over ${thresholdMs / 1000} s (${DURATION_SHARE_OF_TIMEOUT * 100}% of its ` +
          `${watched.timeoutSeconds} s timeout) in ${single ? '1 five-minute period' : '2 of 3 five-minute periods'}.`,
        metric: metrics.lambda(watched, 'Duration', FIVE_MINUTES, 'p99'),
        threshold: thresholdMs,
        evaluationPeriods: single ? 1 : 3,
        datapointsToAlarm: single ? 1 : 2,
      });
      this.add(`${pascal(watched.service)}Errors`, `${watched.service}-errors`, RUNBOOK.errors, {
        description: `The ${watched.service} function failed an invocation (uncaught error, timeout or out of memory) in the last five minutes.`,
        metric: metrics.lambda(watched, 'Errors', FIVE_MINUTES),
        threshold: 0,
        evaluationPeriods: 1,
      });
      this.add(`${pascal(watched.service)}Throttles`, `${watched.service}-throttles`, RUNBOOK.throttles, {
        description: `Lambda throttled invocations of the ${watched.service} function in the last five minutes (concurrency limit reached).`,
        metric: metrics.lambda(watched, 'Throttles', FIVE_MINUTES),
        threshold: 0,
        evaluationPeriods: 1,
      });
    }

    const throttles = this.add('TableThrottles', 'dynamodb-throttles', RUNBOOK.dynamoThrottles, {
      description: 'DynamoDB throttled requests to the table in the last five minutes.',
      metric: this.tableSum('ThrottledRequests', 'throttled'),
      threshold: 0,
      evaluationPeriods: 1,
    });
    const systemErrors = this.add('TableSystemErrors', 'dynamodb-system-errors', RUNBOOK.dynamoErrors, {
      description: 'DynamoDB answered requests to the table with a server error (HTTP 500) in the last five minutes.',
      metric: this.tableSum('SystemErrors', 'syserr'),
      threshold: 0,
      evaluationPeriods: 1,
    });
    this.tableAlarms = [throttles, systemErrors];

    this.add('WebhookDeliveriesFailed', 'webhook-deliveries-failed', RUNBOOK.webhooksFailed, {
      description: 'A webhook delivery ended FAILED after its last attempt in the last five minutes.',
      metric: metrics.emf(WORKER.service, WORKER.attempt, METRIC.deliveriesFailed, FIVE_MINUTES),
      threshold: 0,
      evaluationPeriods: 1,
    });
    this.add('ImportsProcessingTimeout', 'imports-processing-timeout', RUNBOOK.processingTimeouts, {
      description: 'An import was closed FAILED with PROCESSING_TIMEOUT (its file was never processed in time) in the last five minutes.',
      metric: metrics.emf(PROCESSOR.service, PROCESSOR.deadline, METRIC.processingTimeouts, FIVE_MINUTES),
      threshold: 0,
      evaluationPeriods: 1,
    });

    for (const budget of props.budgets) {
      this.add(`Cost${pascal(budget.operation)}`, `cost-${budget.service}-${budget.operation}`, RUNBOOK.cost, {
        description:
          `${budget.service} ${budget.operation} cost more than $${budget.budgetPerMillion} per million requests ` +
          `(${budget.source}) for ${COST_ALARM_HOURS} hours in a row (hours with at least ${COST_ALARM_MIN_REQUESTS} requests).`,
        metric: metrics.requestCostAlarmMetric(budget, COST_ALARM_PERIOD),
        threshold: budget.budgetPerMillion,
        evaluationPeriods: COST_ALARM_HOURS,
      });
    }
  }

  /** Sum of a per-operation table metric over the operations the code calls (FILL: one throttled operation is enough). */
  private tableSum(metricName: 'ThrottledRequests' | 'SystemErrors', prefix: string): IMetric {
    const usingMetrics = Object.fromEntries(
      TABLE_OPERATIONS.map((operation) => [
        `${prefix}_${operation.toLowerCase()}`,
        new Metric({
          namespace: 'AWS/DynamoDB',
          metricName,
          dimensionsMap: { TableName: this.props.table.tableName, Operation: operation },
          statistic: 'Sum',
          period: FIVE_MINUTES,
        }),
      ]),
    );
    return new MathExpression({
      expression: Object.keys(usingMetrics).map((name) => `FILL(${name}, 0)`).join(' + '),
      usingMetrics,
      label: `${metricName} (all operations)`,
      period: FIVE_MINUTES,
    });
  }

  private add(
    id: string,
    name: string,
    section: RunbookSection,
    options: { description: string; metric: IMetric; threshold: number; evaluationPeriods: number; datapointsToAlarm?: number },
  ): Alarm {
    const alarm = new Alarm(this, id, {
      alarmName: `import-service-${this.props.stage}-${name}`,
      alarmDescription: alarmDescription(options.description, section),
      metric: options.metric,
      threshold: options.threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: options.evaluationPeriods,
      datapointsToAlarm: options.datapointsToAlarm,
      // No traffic is no news: the queue alarms watch for consumers that stopped.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.alarms.push(alarm);
    return alarm;
  }
}

/** import-processor -> ImportProcessor, listTemplates -> ListTemplates. */
export const pascal = (name: string) => name.replace(/(^|-)([a-z])/g, (_, _dash, letter: string) => letter.toUpperCase());
