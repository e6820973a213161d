// The whole service for one stage: the table, the webhook queues, the files bucket, and the HTTP API
// whose routes and functions are generated from the shared route table.
import * as path from 'node:path';
import { CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import {
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import {
  LISTING_INDEX,
  TABLE_KEYS,
  WEBHOOK_MAX_RECEIVE_COUNT,
  WEBHOOK_VISIBILITY_TIMEOUT_SECONDS,
  namesForStage,
} from '../shared/resources';
import { FUNCTION_GROUPS, ROUTES, routeKey, type FunctionGroup } from '../shared/http/routes';
import { ApiFunction, LOG_RETENTION } from './api-function';
import { FUNCTION_TABLE_ACCESS } from './table-access';
import { assertStageName, isDisposable, removalPolicyFor } from './stage';

export interface ImportServiceStackProps extends StackProps {
  readonly stage: string;
  /** The repository root, where functions/ and package-lock.json live. */
  readonly projectRoot: string;
}

/** One access-log line per request, as JSON so Logs Insights can query the fields. */
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    routeKey: '$context.routeKey',
    status: '$context.status',
    latency: '$context.responseLatency',
    ip: '$context.identity.sourceIp',
    integrationError: '$context.integrationErrorMessage',
  }),
);

const S3_ACCESS_LOG_DAYS = 30;

export class ImportServiceStack extends Stack {
  readonly table: Table;
  /** One function per endpoint group of the route table. */
  readonly apiFunctions = new Map<FunctionGroup, ApiFunction>();
  readonly notFoundFunction: ApiFunction;

  constructor(scope: Construct, id: string, props: ImportServiceStackProps) {
    super(scope, id, props);
    const stage = assertStageName(props.stage);
    const names = namesForStage(stage);
    const removalPolicy = removalPolicyFor(stage);

    const table = new Table(this, 'Table', {
      tableName: names.tableName,
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      encryption: TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: !isDisposable(stage),
      removalPolicy,
    });
    table.addGlobalSecondaryIndex({
      indexName: LISTING_INDEX.name,
      partitionKey: { name: LISTING_INDEX.partitionKey, type: AttributeType.STRING },
      sortKey: { name: LISTING_INDEX.sortKey, type: AttributeType.STRING },
      projectionType: ProjectionType.KEYS_ONLY,
    });
    this.table = table;

    const webhookDeadLetterQueue = new Queue(this, 'WebhookDeadLetterQueue', {
      queueName: names.webhookDeadLetterQueueName,
      // The longest SQS allows: time to inspect and redrive failed deliveries.
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const webhookQueue = new Queue(this, 'WebhookQueue', {
      queueName: names.webhookQueueName,
      visibilityTimeout: Duration.seconds(WEBHOOK_VISIBILITY_TIMEOUT_SECONDS),
      deadLetterQueue: { queue: webhookDeadLetterQueue, maxReceiveCount: WEBHOOK_MAX_RECEIVE_COUNT },
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });

    // cdk-nag accepts a log-destination bucket without logs of its own (S1).
    const accessLogsBucket = new Bucket(this, 'FilesAccessLogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [{ expiration: Duration.days(S3_ACCESS_LOG_DAYS) }],
      removalPolicy,
    });
    const filesBucket = new Bucket(this, 'FilesBucket', {
      // Bucket names are shared by all AWS accounts: the account id keeps this one ours.
      bucketName: `${names.bucketName}-${this.account}`,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: accessLogsBucket,
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy,
    });

    const accessLogs = new LogGroup(this, 'ApiAccessLogs', { retention: LOG_RETENTION, removalPolicy });
    const api = new HttpApi(this, 'Api', {
      apiName: `import-service-${stage}`,
      // The stage is created below so that it can carry access logging.
      createDefaultStage: false,
    });
    const apiStage = new HttpStage(this, 'ApiDefaultStage', {
      httpApi: api,
      stageName: '$default',
      autoDeploy: true,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: ACCESS_LOG_FORMAT },
    });

    const integrations = new Map<FunctionGroup, HttpLambdaIntegration>();
    for (const group of FUNCTION_GROUPS) {
      const fn = new ApiFunction(this, functionId(group), {
        entry: path.join('functions', group, 'handler.ts'),
        projectRoot: props.projectRoot,
        stage,
        description: `Import Service ${stage}: ${group} endpoints`,
      });
      fn.bindTable(table, FUNCTION_TABLE_ACCESS[group]);
      this.apiFunctions.set(group, fn);
      integrations.set(group, new HttpLambdaIntegration(`${functionId(group)}Integration`, fn));
    }

    for (const route of ROUTES) {
      const [httpRoute] = api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: integrations.get(route.group)!,
      });
      Validations.of(httpRoute).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          `${routeKey(route)} authenticates in its function: the shared HTTP pipeline (shared/http/authenticate.ts) ` +
          'checks the Bearer API key and counts its rate limit in a single DynamoDB UpdateItem; an API Gateway ' +
          'authorizer would add a second Lambda invocation and a second DynamoDB call to every request.',
      });
    }

    // Everything the route table does not know (path or method) answers 404 in the API's error format.
    const notFound = new ApiFunction(this, 'NotFoundFunction', {
      entry: path.join('functions', 'not-found', 'handler.ts'),
      projectRoot: props.projectRoot,
      stage,
      description: `Import Service ${stage}: 404 for unknown routes`,
    });
    this.notFoundFunction = notFound;
    const defaultRoute = new HttpRoute(this, 'DefaultRoute', {
      httpApi: api,
      routeKey: HttpRouteKey.DEFAULT,
      integration: new HttpLambdaIntegration('NotFoundIntegration', notFound),
    });
    Validations.of(defaultRoute).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        'The $default route only answers 404 for paths and methods outside the route table; its function has no ' +
        'data access, so there is nothing to authorize.',
    });

    new CfnOutput(this, 'ApiUrl', { value: apiStage.url });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'WebhookQueueUrl', { value: webhookQueue.queueUrl });
    new CfnOutput(this, 'FilesBucketName', { value: filesBucket.bucketName });
  }
}

/** templates -> TemplatesFunction; not-found style names become PascalCase. */
function functionId(group: string): string {
  return `${group.replace(/(^|-)([a-z])/g, (_, _dash, letter: string) => letter.toUpperCase())}Function`;
}
