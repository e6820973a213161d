// Where alarms and budget notifications go: one SNS topic per stage, encrypted with a key of its own
// (CloudWatch and AWS Budgets cannot publish to a topic under the AWS-managed SNS key), TLS only, with
// an optional email subscription; and an optional monthly AWS Budgets cost budget over the stage's
// cost-allocation tags that notifies the topic.
import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

/** Cost-allocation tags every resource of the stack carries (lib/app.ts); the budget filters on both. */
export const COST_TAGS = { service: 'import-service' } as const;
export const costTags = (stage: string) => ({ service: COST_TAGS.service, stage });

/** When the budget notifies: share of the monthly limit, and whether actual or forecasted spend. */
export const BUDGET_NOTIFICATIONS = [
  { notificationType: 'ACTUAL', threshold: 80 },
  { notificationType: 'ACTUAL', threshold: 100 },
  { notificationType: 'FORECASTED', threshold: 100 },
] as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface NotificationsProps {
  stage: string;
  removalPolicy: RemovalPolicy;
  /** Subscribes this address to the topic (it must confirm the subscription once). */
  alarmEmail?: string;
  /** A monthly cost budget in USD over the stage's tags; none when absent. */
  monthlyBudgetUsd?: number;
}

export class Notifications extends Construct {
  readonly topic: Topic;
  readonly budget?: CfnBudget;

  constructor(scope: Construct, id: string, props: NotificationsProps) {
    super(scope, id);
    const { account, partition, region } = Stack.of(this);

    const key = new Key(this, 'TopicKey', {
      description: `Import Service ${props.stage}: encrypts the alarm topic's messages`,
      enableKeyRotation: true,
      removalPolicy: props.removalPolicy,
    });
    const publishers = ['cloudwatch.amazonaws.com', 'budgets.amazonaws.com'];
    // The services that publish need the key to encrypt what they send (SNS envelope encryption). No
    // source condition here: the topic's policy below already admits only this account's alarms and
    // budgets, and a condition key a service does not send on its KMS calls would silence the alarms.
    key.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AlarmAndBudgetPublishers',
        principals: publishers.map((service) => new ServicePrincipal(service)),
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );

    this.topic = new Topic(this, 'Topic', {
      topicName: `import-service-${props.stage}-alarms`,
      displayName: `Import Service ${props.stage} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudWatchAlarms',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': account },
          ArnLike: { 'aws:SourceArn': `arn:${partition}:cloudwatch:${region}:${account}:alarm:*` },
        },
      }),
    );
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'Budgets',
        principals: [new ServicePrincipal('budgets.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': account },
          ArnLike: { 'aws:SourceArn': `arn:${partition}:budgets::${account}:*` },
        },
      }),
    );

    if (props.alarmEmail !== undefined) {
      if (!EMAIL.test(props.alarmEmail)) throw new Error(`alarmEmail is not an email address: ${props.alarmEmail}`);
      this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    }

    if (props.monthlyBudgetUsd !== undefined) {
      if (!Number.isFinite(props.monthlyBudgetUsd) || props.monthlyBudgetUsd <= 0) {
        throw new Error(`monthlyBudgetUsd must be a positive number of dollars, got ${props.monthlyBudgetUsd}`);
      }
      const tags = costTags(props.stage);
      this.budget = new CfnBudget(this, 'MonthlyBudget', {
        budget: {
          budgetName: `import-service-${props.stage}`,
          budgetType: 'COST',
          timeUnit: 'MONTHLY',
          budgetLimit: { amount: props.monthlyBudgetUsd, unit: 'USD' },
          // Both tags at once (a TagKeyValue cost filter would OR its values). The tags must be
          // activated as cost-allocation tags in the Billing console before they filter anything.
          filterExpression: {
            and: Object.entries(tags).map(([tagKey, value]) => ({ tags: { key: tagKey, values: [value], matchOptions: ['EQUALS'] } })),
          },
        },
        notificationsWithSubscribers: BUDGET_NOTIFICATIONS.map(({ notificationType, threshold }) => ({
          notification: { notificationType, comparisonOperator: 'GREATER_THAN', threshold, thresholdType: 'PERCENTAGE' },
          subscribers: [{ subscriptionType: 'SNS', address: this.topic.topicArn }],
        })),
      });
    }
  }
}
