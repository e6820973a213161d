// The service's metrics as CloudWatch metric objects and its costs as metric math: the dashboard and the
// alarms build from here. Cost expressions come from shared/observability/cost-model.ts (the model the
// benchmark and `importctl cost` use) over the functions' EMF metrics, AWS/Lambda, AWS/Logs and
// AWS/ApiGateway; test/cost-model.test.ts evaluates them against the model's functions.
import type { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { MathExpression, Metric, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import {
  ACCESS_LOG_BYTES,
  deliveryCostExpression,
  importCostExpression,
  requestCostExpression,
} from '../../shared/observability/cost-model';
import { METRIC, metricsNamespace, type MetricName } from '../../shared/observability/metrics';
import { apiFunctionMemoryMb, IMPORT_PROCESSOR_MEMORY_MB, WEBHOOK_WORKER_MEMORY_MB } from '../../shared/resources';
import { API_SERVICES, PROCESSOR, WORKER, type ApiOperation, type ApiService } from './catalog';

/** A function the tooling watches: its metrics' service name, the function and its log group. */
export interface WatchedFunction {
  service: string;
  fn: IFunction;
  logGroup: ILogGroup;
  timeoutSeconds: number;
}

export interface ServiceMetricsProps {
  stage: string;
  api: HttpApi;
  accessLogs: ILogGroup;
  apiFunctions: ReadonlyMap<ApiService, WatchedFunction>;
  processor: WatchedFunction;
  worker: WatchedFunction;
  retentionDays: number;
}

/** Metric-math ids: a lowercase letter first, then letters, digits and underscores (CloudWatch's rule). */
const id = (...parts: string[]) => parts.join('_').replace(/-/g, '');

/** The minimum requests in an alarm period for the cost alarm to judge an operation (fewer: no verdict). */
export const COST_ALARM_MIN_REQUESTS = 100;

export class ServiceMetrics {
  readonly namespace: string;

  constructor(private readonly props: ServiceMetricsProps) {
    this.namespace = metricsNamespace(props.stage);
  }

  get processor(): WatchedFunction {
    return this.props.processor;
  }

  get worker(): WatchedFunction {
    return this.props.worker;
  }

  apiFunction(service: ApiService): WatchedFunction {
    return this.props.apiFunctions.get(service)!;
  }

  /** One EMF metric of one operation (dimensions service and operation, as the functions write them). */
  emf(service: string, operation: string, name: MetricName, period: Duration, statistic = 'Sum', label?: string): Metric {
    return new Metric({
      namespace: this.namespace,
      metricName: name,
      dimensionsMap: { service, operation },
      statistic,
      period,
      label,
    });
  }

  lambda(watched: WatchedFunction, name: 'Invocations' | 'Duration' | 'Errors' | 'Throttles', period: Duration, statistic = 'Sum', label?: string): Metric {
    return new Metric({
      namespace: 'AWS/Lambda',
      metricName: name,
      dimensionsMap: { FunctionName: watched.fn.functionName },
      statistic,
      period,
      label,
    });
  }

  logBytes(logGroup: ILogGroup, period: Duration): Metric {
    return new Metric({
      namespace: 'AWS/Logs',
      metricName: 'IncomingBytes',
      dimensionsMap: { LogGroupName: logGroup.logGroupName },
      statistic: 'Sum',
      period,
    });
  }

  apiCount(period: Duration): Metric {
    return this.props.api.metricCount({ period, statistic: 'Sum' });
  }

  api5xx(period: Duration): Metric {
    return this.props.api.metricServerError({ period, statistic: 'Sum' });
  }

  /** The seven sums a request's cost needs, under ids `<prefix>_r`, `<prefix>_ms`, ... */
  private requestSums(op: ApiOperation, prefix: string, period: Duration) {
    const m = (name: MetricName) => this.emf(op.service, op.operation, name, period);
    const ids = {
      requests: id(prefix, 'r'),
      billedMs: id(prefix, 'ms'),
      rcu: id(prefix, 'rcu'),
      wcu: id(prefix, 'wcu'),
      s3Gets: id(prefix, 'sg'),
      s3Puts: id(prefix, 'sp'),
      sqsRequests: id(prefix, 'sq'),
    };
    const metrics: Record<string, IMetric> = {
      [ids.requests]: m(METRIC.requests),
      [ids.billedMs]: m(METRIC.latency),
      [ids.rcu]: m(METRIC.rcu),
      [ids.wcu]: m(METRIC.wcu),
      [ids.s3Gets]: m(METRIC.s3Gets),
      [ids.s3Puts]: m(METRIC.s3Puts),
      [ids.sqsRequests]: m(METRIC.sqsRequests),
    };
    return { ids, metrics };
  }

  /**
   * $ per million requests of one operation, for graphs: the log bytes per request are measured, the
   * function's log group's IncomingBytes per invocation plus the access log group's per API request.
   * Ids are unique across the service (operationIds are), so expressions of several operations share
   * one graph and the function-level metrics under one id each.
   */
  requestCostPerMillion(op: ApiOperation, period: Duration): MathExpression {
    const prefix = op.operation;
    const fnId = `f${API_SERVICES.indexOf(op.service)}`;
    const { ids, metrics } = this.requestSums(op, prefix, period);
    const watched = this.apiFunction(op.service);
    const logIds = { fnBytes: id(fnId, 'lb'), fnInvocations: id(fnId, 'inv'), apiBytes: 'api_lb', apiCount: 'api_n' };
    return new MathExpression({
      expression: requestCostExpression(
        {
          ...ids,
          logBytesPerRequest: `FILL(${logIds.fnBytes}, 0)/${logIds.fnInvocations} + FILL(${logIds.apiBytes}, 0)/${logIds.apiCount}`,
        },
        apiFunctionMemoryMb(op.service),
      ),
      usingMetrics: {
        ...metrics,
        [logIds.fnBytes]: this.logBytes(watched.logGroup, period),
        [logIds.fnInvocations]: this.lambda(watched, 'Invocations', period),
        [logIds.apiBytes]: this.logBytes(this.props.accessLogs, period),
        [logIds.apiCount]: this.apiCount(period),
      },
      label: op.operation,
      period,
    });
  }

  /** $ per day of one operation: its $ per million requests times its requests of the day. */
  requestCostPerDay(op: ApiOperation, period: Duration): MathExpression {
    const costId = id(op.operation, 'c');
    const requestsId = id(op.operation, 'r');
    return new MathExpression({
      expression: `${costId}*${requestsId}/1000000`,
      usingMetrics: {
        [costId]: this.requestCostPerMillion(op, period),
        [requestsId]: this.emf(op.service, op.operation, METRIC.requests, period),
      },
      label: op.operation,
      period,
    });
  }

  /**
   * The cost alarm's metric: $ per million requests within CloudWatch's 10 metrics per alarm. The seven
   * EMF sums and the function's log bytes per invocation are measured; the access log's share is the
   * model's ACCESS_LOG_BYTES per request (two metrics fewer). Periods with fewer than
   * COST_ALARM_MIN_REQUESTS requests read 0: a cold start among a handful of requests is not a cost.
   */
  requestCostAlarmMetric(op: ApiOperation, period: Duration): MathExpression {
    const { ids, metrics } = this.requestSums(op, 'o', period);
    const watched = this.apiFunction(op.service);
    const cost = requestCostExpression(
      { ...ids, logBytesPerRequest: `FILL(lb, 0)/inv + ${ACCESS_LOG_BYTES}` },
      apiFunctionMemoryMb(op.service),
    );
    return new MathExpression({
      expression: `IF(${ids.requests} >= ${COST_ALARM_MIN_REQUESTS}, ${cost}, 0)`,
      usingMetrics: {
        ...metrics,
        lb: this.logBytes(watched.logGroup, period),
        inv: this.lambda(watched, 'Invocations', period),
      },
      label: `${op.operation} $ per million requests`,
      period,
    });
  }

  /** The sum of two metrics, each 0 where it has no data in a period. */
  private sumOf(metrics: Record<string, IMetric>, period: Duration, label?: string): MathExpression {
    return new MathExpression({
      expression: Object.keys(metrics).map((key) => `FILL(${key}, 0)`).join(' + '),
      usingMetrics: metrics,
      label,
      period,
    });
  }

  /** Imports finished (completed or failed) by the processor. */
  importsFinished(period: Duration): MathExpression {
    return this.sumOf(
      {
        imp_ok: this.emf(PROCESSOR.service, PROCESSOR.import, METRIC.importsCompleted, period),
        imp_failed: this.emf(PROCESSOR.service, PROCESSOR.import, METRIC.importsFailed, period),
      },
      period,
      'imports finished',
    );
  }

  /**
   * $ per import: every processor message (files, redeliveries, deadlines) over the imports that
   * finished, as `importctl cost` counts them; log bytes are the processor's log group's.
   */
  importCostPerImport(period: Duration): MathExpression {
    const both = (name: MetricName, key: string) =>
      this.sumOf(
        {
          [`pi_${key}`]: this.emf(PROCESSOR.service, PROCESSOR.import, name, period),
          [`pd_${key}`]: this.emf(PROCESSOR.service, PROCESSOR.deadline, name, period),
        },
        period,
      );
    return new MathExpression({
      expression: importCostExpression(
        {
          imports: 'imp',
          billedMs: 'p_ms',
          rcu: 'p_rcu',
          wcu: 'p_wcu',
          s3Gets: 'p_sg',
          s3Puts: 'p_sp',
          s3PutBytes: 'p_spb',
          fileBytes: 'p_fb',
          sqsRequests: 'p_sq',
          logBytes: 'p_lb',
        },
        IMPORT_PROCESSOR_MEMORY_MB,
        this.props.retentionDays,
      ),
      usingMetrics: {
        imp: this.importsFinished(period),
        p_ms: both(METRIC.latency, 'ms'),
        p_rcu: both(METRIC.rcu, 'rcu'),
        p_wcu: both(METRIC.wcu, 'wcu'),
        p_sg: both(METRIC.s3Gets, 'sg'),
        p_sp: both(METRIC.s3Puts, 'sp'),
        p_spb: both(METRIC.s3PutBytes, 'spb'),
        p_fb: this.emf(PROCESSOR.service, PROCESSOR.import, METRIC.fileBytes, period),
        p_sq: both(METRIC.sqsRequests, 'sq'),
        p_lb: this.logBytes(this.props.processor.logGroup, period),
      },
      label: '$ per import',
      period,
    });
  }

  /** $ per million rows: $ per import x imports x 1e6 / rows. */
  importCostPerMillionRows(period: Duration): MathExpression {
    return new MathExpression({
      expression: 'cpi*imp*1000000/rows',
      usingMetrics: {
        cpi: this.importCostPerImport(period),
        imp: this.importsFinished(period),
        rows: this.emf(PROCESSOR.service, PROCESSOR.import, METRIC.rows, period),
      },
      label: '$ per million rows',
      period,
    });
  }

  /** $ per day of the imports: $ per import x imports finished. */
  importCostPerDay(period: Duration): MathExpression {
    return new MathExpression({
      expression: 'cpi*imp',
      usingMetrics: { cpi: this.importCostPerImport(period), imp: this.importsFinished(period) },
      label: 'imports (processor)',
      period,
    });
  }

  /** Deliveries that ended: delivered, or failed after the last attempt. */
  deliveriesEnded(period: Duration): MathExpression {
    return this.sumOf(
      {
        dl_ok: this.emf(WORKER.service, WORKER.attempt, METRIC.delivered, period),
        dl_failed: this.emf(WORKER.service, WORKER.attempt, METRIC.deliveriesFailed, period),
      },
      period,
      'deliveries ended',
    );
  }

  /**
   * $ per million webhook deliveries: the worker's invocations and duration from AWS/Lambda (a batch of
   * ten shares one invocation), the meters' sums of attempts and hops, the worker's log group.
   */
  deliveryCostPerMillion(period: Duration): MathExpression {
    const both = (name: MetricName, key: string) =>
      this.sumOf(
        {
          [`wa_${key}`]: this.emf(WORKER.service, WORKER.attempt, name, period),
          [`wh_${key}`]: this.emf(WORKER.service, WORKER.hop, name, period),
        },
        period,
      );
    return new MathExpression({
      expression: deliveryCostExpression(
        {
          deliveries: 'dlv',
          invocations: 'w_inv',
          billedMs: 'w_ms',
          rcu: 'w_rcu',
          wcu: 'w_wcu',
          s3Gets: 'w_sg',
          s3Puts: 'w_sp',
          s3PutBytes: 'w_spb',
          sqsRequests: 'w_sq',
          logBytes: 'w_lb',
        },
        WEBHOOK_WORKER_MEMORY_MB,
        this.props.retentionDays,
      ),
      usingMetrics: {
        dlv: this.deliveriesEnded(period),
        w_inv: this.lambda(this.props.worker, 'Invocations', period),
        w_ms: this.lambda(this.props.worker, 'Duration', period),
        w_rcu: both(METRIC.rcu, 'rcu'),
        w_wcu: both(METRIC.wcu, 'wcu'),
        w_sg: both(METRIC.s3Gets, 'sg'),
        w_sp: both(METRIC.s3Puts, 'sp'),
        w_spb: both(METRIC.s3PutBytes, 'spb'),
        w_sq: both(METRIC.sqsRequests, 'sq'),
        w_lb: this.logBytes(this.props.worker.logGroup, period),
      },
      label: '$ per million deliveries',
      period,
    });
  }

  /** $ per day of the webhooks: $ per million deliveries x deliveries / 1e6. */
  deliveryCostPerDay(period: Duration): MathExpression {
    return new MathExpression({
      expression: 'cpd*dlv/1000000',
      usingMetrics: { cpd: this.deliveryCostPerMillion(period), dlv: this.deliveriesEnded(period) },
      label: 'webhooks (worker)',
      period,
    });
  }
}
