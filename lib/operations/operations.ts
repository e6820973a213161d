// Operations for one stage, wired into the stack in one place: the alarm topic (and email, budget), the
// alarms, the saved Logs Insights queries of the runbooks, and the dashboard. Built last in the stack so
// that every alarm already defined (the queues') gets the topic as its action too.
import { CfnOutput, Duration, Stack, type RemovalPolicy } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, GraphWidget } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { CfnQueryDefinition, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { ApiService } from './catalog';
import { ServiceAlarms } from './alarms';
import { operationBudgets, type CostBudgetSetting } from './cost-budget';
import { ServiceDashboard, type QueueToWatch } from './dashboard';
import { Notifications } from './notifications';
import { queryName, SAVED_QUERIES, type LogGroupSet } from './runbooks';
import { ServiceMetrics, type WatchedFunction } from './service-metrics';

export interface OperationsProps {
  stage: string;
  removalPolicy: RemovalPolicy;
  retentionDays: number;
  api: HttpApi;
  accessLogs: ILogGroup;
  table: ITable;
  apiFunctions: ReadonlyMap<ApiService, WatchedFunction>;
  processor: WatchedFunction;
  worker: WatchedFunction;
  queues: readonly QueueToWatch[];
  alarmEmail?: string;
  monthlyBudgetUsd?: number;
  costBudgetPerMillion?: CostBudgetSetting;
}

export class Operations extends Construct {
  readonly notifications: Notifications;
  readonly alarms: ServiceAlarms;
  readonly dashboard: ServiceDashboard;
  readonly metrics: ServiceMetrics;

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);
    const functions = [...props.apiFunctions.values(), props.processor, props.worker];

    this.notifications = new Notifications(this, 'Notifications', {
      stage: props.stage,
      removalPolicy: props.removalPolicy,
      alarmEmail: props.alarmEmail,
      monthlyBudgetUsd: props.monthlyBudgetUsd,
    });

    this.metrics = new ServiceMetrics({
      stage: props.stage,
      api: props.api,
      accessLogs: props.accessLogs,
      apiFunctions: props.apiFunctions,
      processor: props.processor,
      worker: props.worker,
      retentionDays: props.retentionDays,
    });

    this.alarms = new ServiceAlarms(this, 'Alarms', {
      stage: props.stage,
      metrics: this.metrics,
      table: props.table,
      functions,
      budgets: operationBudgets(props.costBudgetPerMillion),
    });

    const logGroups: Record<LogGroupSet, ILogGroup[]> = {
      access: [props.accessLogs],
      api: [...props.apiFunctions.values()].map((fn) => fn.logGroup),
      processor: [props.processor.logGroup],
      worker: [props.worker.logGroup],
    };
    for (const saved of SAVED_QUERIES) {
      new CfnQueryDefinition(this, `Query-${saved.section}`, {
        name: queryName(props.stage, saved.section),
        queryString: saved.query,
        logGroupNames: saved.logGroups.flatMap((set) => logGroups[set].map((group) => group.logGroupName)),
      });
    }

    // Every alarm of the stack notifies the topic, the queue alarms defined before this construct included.
    const stack = Stack.of(this);
    const alarms = stack.node.findAll().filter((construct): construct is Alarm => construct instanceof Alarm);
    const action = new SnsAction(this.notifications.topic);
    for (const alarm of alarms) {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
    }

    this.dashboard = new ServiceDashboard(this, 'Dashboard', {
      stage: props.stage,
      metrics: this.metrics,
      functions,
      queues: props.queues,
      alarms,
      tableWidgets: [
        new GraphWidget({
          title: 'Table: throttled requests and system errors',
          width: 6,
          height: 6,
          left: this.alarms.tableAlarms.map((alarm) => alarm.metric),
          period: Duration.minutes(5),
        }),
      ],
    });

    new CfnOutput(stack, 'AlarmTopicArn', {
      value: this.notifications.topic.topicArn,
      description: 'SNS topic every alarm and the budget notify',
    });
    new CfnOutput(stack, 'DashboardName', { value: `import-service-${props.stage}` });
  }
}
