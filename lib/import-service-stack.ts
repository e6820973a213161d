// The whole service for one stage: the table, the webhook queues, the files bucket, the HTTP API
// whose routes and functions are generated from the shared route table, the user accounts whose tokens
// the dashboard routes require (lib/user-accounts.ts), and its operations (alarms that notify,
// dashboard, saved queries, budget: lib/operations/).
import * as path from 'node:path';
import { CfnOutput, Duration, Lazy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
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
import { BlockPublicAccess, Bucket, BucketEncryption, EventType, HttpMethods } from 'aws-cdk-lib/aws-s3';
import { SqsDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import {
  BUCKET_PREFIXES,
  DEFAULT_RETENTION_DAYS,
  IMPORT_PROCESSOR_MEMORY_MB,
  IMPORT_PROCESSOR_TIMEOUT_SECONDS,
  IMPORTS_MAX_RECEIVE_COUNT,
  IMPORTS_VISIBILITY_TIMEOUT_SECONDS,
  LISTING_INDEX,
  TABLE_KEYS,
  TTL_ATTRIBUTE,
  UPLOAD_CORS,
  WEBHOOK_BATCH_SIZE,
  WEBHOOK_MAX_RECEIVE_COUNT,
  WEBHOOK_WORKER_CONCURRENCY,
  WEBHOOK_WORKER_TIMEOUT_SECONDS,
  WEBHOOK_VISIBILITY_TIMEOUT_SECONDS,
  WEBHOOK_WORKER_MEMORY_MB,
  namesForStage,
  CORRECTIONS_OBJECTS_PREFIX,
  apiFunctionMemoryMb,
} from '../shared/resources';
import { FUNCTION_GROUPS, ROUTES, routeKey, type FunctionGroup } from '../shared/http/routes';
import { ApiFunction, LOG_RETENTION } from './api-function';
import { FUNCTION_TABLE_ACCESS } from './table-access';
import { assertStageName, isDisposable, removalPolicyFor } from './stage';
import { Operations } from './operations/operations';
import type { CostBudgetSetting } from './operations/cost-budget';
import type { WatchedFunction } from './operations/service-metrics';
import { alarmDescription, RUNBOOK } from './operations/runbooks';
import { WidgetHosting } from './widget-hosting';
import { DashboardHosting } from './dashboard-hosting';
import { DASHBOARD_ROUTE_SCOPES, UserAccounts, userAccountsSettings, type UserAccountsSettings } from './user-accounts';

export interface ImportServiceStackProps extends StackProps {
  readonly stage: string;
  /** Days uploaded files and stored rows are kept (bucket lifecycle); default DEFAULT_RETENTION_DAYS. */
  readonly retentionDays?: number;
  /** The repository root, where functions/ and package-lock.json live. */
  readonly projectRoot: string;
  /** Subscribes this address to the alarm topic. */
  readonly alarmEmail?: string;
  /** A monthly AWS Budgets cost budget (USD) over the stage's cost-allocation tags; none when absent. */
  readonly monthlyBudgetUsd?: number;
  /** Per-operation cost alarm budgets ($ per million requests); default 1.5 x the benched figure. */
  readonly costBudgetPerMillion?: CostBudgetSetting;
  /** A custom domain for the widget's distribution, with its ACM certificate (us-east-1); default *.cloudfront.net. */
  readonly widgetDomain?: { readonly domainName: string; readonly certificateArn: string };
  /** Sign-in (Cognito) for the dashboard routes; default userAccountsSettings of an empty context. */
  readonly userAccounts?: UserAccountsSettings;
  /** A built dashboard app (index.html, assets/); default the build of the current sources (dashboard/build.ts). */
  readonly dashboardBuildDir?: string;
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
  readonly importProcessor: ApiFunction;
  readonly webhookWorker: ApiFunction;
  readonly operations: Operations;
  readonly api: HttpApi;
  /** The API's access log group (JSON lines, ACCESS_LOG_FORMAT). */
  readonly accessLogs: LogGroup;
  /** The widget's bucket, distribution and loaders. */
  readonly widget: WidgetHosting;
  /** The user pool, its domain and dashboard client, and the JWT authorizer of the dashboard routes. */
  readonly userAccounts: UserAccounts;
  /** The dashboard app's bucket and distribution (which also proxies its API), and its config.json. */
  readonly dashboard: DashboardHosting;

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
      // Embed status tokens and per-client embed counters delete themselves (free TTL deletes).
      timeToLiveAttribute: TTL_ATTRIBUTE,
      removalPolicy,
    });
    table.addGlobalSecondaryIndex({
      indexName: LISTING_INDEX.name,
      partitionKey: { name: LISTING_INDEX.partitionKey, type: AttributeType.STRING },
      sortKey: { name: LISTING_INDEX.sortKey, type: AttributeType.STRING },
      projectionType: ProjectionType.KEYS_ONLY,
    });
    this.table = table;

    const webhookQueue = this.queueWithDeadLetters('Webhook', names.webhookQueueName, names.webhookDeadLetterQueueName, {
      visibilityTimeout: WEBHOOK_VISIBILITY_TIMEOUT_SECONDS,
      maxReceiveCount: WEBHOOK_MAX_RECEIVE_COUNT,
    });

    // cdk-nag accepts a log-destination bucket without logs of its own (S1).
    const accessLogsBucket = new Bucket(this, 'FilesAccessLogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [{ expiration: Duration.days(S3_ACCESS_LOG_DAYS) }],
      removalPolicy,
    });
    const retentionDays = props.retentionDays ?? DEFAULT_RETENTION_DAYS;
    const filesBucket = new Bucket(this, 'FilesBucket', {
      // Bucket names are shared by all AWS accounts: the account id keeps this one ours.
      bucketName: `${names.bucketName}-${this.account}`,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: accessLogsBucket,
      // The widget PUTs files straight from the browser to presigned URLs.
      cors: [
        {
          allowedMethods: UPLOAD_CORS.allowedMethods.map((method) => HttpMethods[method]),
          allowedOrigins: [...UPLOAD_CORS.allowedOrigins],
          allowedHeaders: [...UPLOAD_CORS.allowedHeaders],
          exposedHeaders: [...UPLOAD_CORS.exposedHeaders],
          maxAge: UPLOAD_CORS.maxAgeSeconds,
        },
      ],
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Uploaded files and stored rows expire (free); the import record and its counts stay.
        ...Object.values(BUCKET_PREFIXES).map((prefix) => ({ prefix, expiration: Duration.days(retentionDays) })),
      ],
      removalPolicy,
    });

    // Uploads announce themselves to the imports queue; its consumer processes the file.
    // SSE-SQS (not KMS): S3 event notifications can deliver to it without a key policy.
    const importsQueue = this.queueWithDeadLetters('Imports', names.importsQueueName, names.importsDeadLetterQueueName, {
      visibilityTimeout: IMPORTS_VISIBILITY_TIMEOUT_SECONDS,
      maxReceiveCount: IMPORTS_MAX_RECEIVE_COUNT,
    });
    filesBucket.addEventNotification(EventType.OBJECT_CREATED, new SqsDestination(importsQueue), {
      prefix: BUCKET_PREFIXES.uploads,
    });
    // CDK applies the notification at deploy time through its own singleton Lambda (a custom resource).
    for (const handler of this.node.children.filter((child) => child.node.id.startsWith('BucketNotificationsHandler'))) {
      for (const id of [
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        'AwsSolutions-IAM5',
      ]) {
        Validations.of(handler).acknowledge({
          id,
          reason:
            'CDK-owned custom resource that applies the bucket notification at deploy time: it runs with the Lambda ' +
            'basic execution role and the s3:PutBucketNotification grant CDK gives it, never at request time.',
        });
      }
    }

    const importProcessor = new ApiFunction(this, 'ImportProcessorFunction', {
      entry: path.join('functions', 'import-processor', 'handler.ts'),
      projectRoot: props.projectRoot,
      stage,
      description: `Import Service ${stage}: processes uploaded files (imports queue consumer)`,
      memorySize: IMPORT_PROCESSOR_MEMORY_MB,
      timeout: Duration.seconds(IMPORT_PROCESSOR_TIMEOUT_SECONDS),
      // The XLS reader's worker thread loads SheetJS by path (shared/engine/readers/xls.ts).
      shippedModuleFiles: { '@e965/xlsx': ['package.json', 'xlsx.js', 'dist/cpexcel.js'] },
    });
    importProcessor.bindTable(table, FUNCTION_TABLE_ACCESS['import-processor']);
    // Reads uploads; writes rows and, for imports with a webhook, the first delivery's payload.
    importProcessor.bindBucket(filesBucket, {
      read: [BUCKET_PREFIXES.uploads, BUCKET_PREFIXES.rows, BUCKET_PREFIXES.webhooks],
      write: [BUCKET_PREFIXES.rows, BUCKET_PREFIXES.webhooks],
    });
    webhookQueue.grantSendMessages(importProcessor);
    importProcessor.addEnvironment('WEBHOOK_QUEUE_URL', webhookQueue.queueUrl);
    // Deadline messages travel in hops of at most 15 minutes on the imports queue itself.
    importsQueue.grantSendMessages(importProcessor);
    importProcessor.addEnvironment('IMPORTS_QUEUE_URL', importsQueue.queueUrl);
    importProcessor.addEnvironment('RETENTION_DAYS', String(retentionDays));
    importProcessor.addEventSource(
      new SqsEventSource(importsQueue, {
        // One file per invocation: its memory and time are the file's alone.
        batchSize: 1,
        reportBatchItemFailures: true,
      }),
    );
    this.importProcessor = importProcessor;

    // The import-finished queue's consumer: signs, POSTs, records and reschedules each attempt.
    const webhookWorker = new ApiFunction(this, 'WebhookWorkerFunction', {
      entry: path.join('functions', 'webhook-worker', 'handler.ts'),
      projectRoot: props.projectRoot,
      stage,
      description: `Import Service ${stage}: delivers signed webhooks (webhook queue consumer)`,
      memorySize: WEBHOOK_WORKER_MEMORY_MB,
      timeout: Duration.seconds(WEBHOOK_WORKER_TIMEOUT_SECONDS),
    });
    webhookWorker.bindTable(table, FUNCTION_TABLE_ACCESS['webhook-worker']);
    webhookWorker.bindBucket(filesBucket, {
      read: [BUCKET_PREFIXES.rows, BUCKET_PREFIXES.webhooks],
      write: [BUCKET_PREFIXES.webhooks],
    });
    webhookQueue.grantSendMessages(webhookWorker);
    webhookWorker.addEnvironment('WEBHOOK_QUEUE_URL', webhookQueue.queueUrl);
    webhookWorker.addEventSource(
      new SqsEventSource(webhookQueue, {
        batchSize: WEBHOOK_BATCH_SIZE,
        maxBatchingWindow: Duration.seconds(1),
        reportBatchItemFailures: true,
        // Caps what slow receivers can cost and how hard the service can hit receivers at once
        // (WEBHOOK_BATCH_SIZE deliveries per invocation).
        maxConcurrency: WEBHOOK_WORKER_CONCURRENCY,
      }),
    );
    this.webhookWorker = webhookWorker;
    this.queueAlarms('Webhook', webhookQueue, stage);
    this.queueAlarms('Imports', importsQueue, stage);

    const accessLogs = new LogGroup(this, 'ApiAccessLogs', { retention: LOG_RETENTION, removalPolicy });
    const api = new HttpApi(this, 'Api', {
      apiName: `import-service-${stage}`,
      // The stage is created below so that it can carry access logging.
      createDefaultStage: false,
    });
    this.api = api;
    this.accessLogs = accessLogs;
    const apiStage = new HttpStage(this, 'ApiDefaultStage', {
      httpApi: api,
      stageName: '$default',
      autoDeploy: true,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: ACCESS_LOG_FORMAT },
    });

    const userAccounts = new UserAccounts(this, 'UserAccounts', {
      stage,
      removalPolicy,
      projectRoot: props.projectRoot,
      settings: props.userAccounts ?? userAccountsSettings(() => undefined),
    });
    this.userAccounts = userAccounts;

    const integrations = new Map<FunctionGroup, HttpLambdaIntegration>();
    for (const group of FUNCTION_GROUPS) {
      const fn = new ApiFunction(this, functionId(group), {
        entry: path.join('functions', group, 'handler.ts'),
        projectRoot: props.projectRoot,
        stage,
        description: `Import Service ${stage}: ${group} endpoints`,
        // A bulk correction (find & replace, remove) passes over every row of an import: a million rows
        // take seconds and ~200 MB. The dashboard's webhook test event waits up to ~10 s for the receiver.
        // API Gateway waits at most 30 s for an answer.
        memorySize: apiFunctionMemoryMb(group),
        ...(group === 'embed' || group === 'dashboard' ? { timeout: Duration.seconds(29) } : {}),
      });
      fn.bindTable(table, FUNCTION_TABLE_ACCESS[group]);
      if (group === 'imports' || group === 'dashboard') {
        // Both read an import's rows and errors (the dashboard for the signed-in person's organizations).
        fn.bindBucket(filesBucket, { read: [BUCKET_PREFIXES.rows] });
        fn.addEnvironment('RETENTION_DAYS', String(retentionDays));
        // A webhook resend queues a new delivery's first attempt.
        webhookQueue.grantSendMessages(fn);
        fn.addEnvironment('WEBHOOK_QUEUE_URL', webhookQueue.queueUrl);
      }
      if (group === 'imports') {
        // POST /api/v1/imports: presigned uploads under uploads/ (the signer's permission) and each new
        // import's deadline message, as the embed function's; review links point at the dashboard's page.
        fn.bindBucket(filesBucket, { write: [BUCKET_PREFIXES.uploads] });
        importsQueue.grantSendMessages(fn);
        fn.addEnvironment('IMPORTS_QUEUE_URL', importsQueue.queueUrl);
      }
      if (group === 'dashboard') userAccounts.bindDashboardFunction(fn);
      if (group === 'embed') {
        // Presigned upload URLs carry the signer's permission: PutObject under uploads/. The errors
        // endpoint reads error rows; the correction step reads its source rows and writes its
        // generations and change log under rows/<org>/<import>/fix/ only.
        fn.bindBucket(filesBucket, { read: [BUCKET_PREFIXES.rows], write: [BUCKET_PREFIXES.uploads, CORRECTIONS_OBJECTS_PREFIX] });
        fn.addEnvironment('RETENTION_DAYS', String(retentionDays));
        // Each new import's deadline message.
        importsQueue.grantSendMessages(fn);
        fn.addEnvironment('IMPORTS_QUEUE_URL', importsQueue.queueUrl);
      }
      this.apiFunctions.set(group, fn);
      integrations.set(group, new HttpLambdaIntegration(`${functionId(group)}Integration`, fn));
    }

    for (const route of ROUTES) {
      const jwt = route.authorizer === 'jwt';
      const [httpRoute] = api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: integrations.get(route.group)!,
        // A signed-in person's access token, checked before the function runs (lib/user-accounts.ts).
        ...(jwt ? { authorizer: userAccounts.authorizer, authorizationScopes: DASHBOARD_ROUTE_SCOPES } : {}),
      });
      // An authorizer route is authorized by API Gateway: nothing to acknowledge.
      if (jwt) continue;
      Validations.of(httpRoute).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          route.group === 'embed'
            ? `${routeKey(route)} is the widget's public API (an end user's browser holds no API key): its function ` +
              'admits embed-enabled templates only, checks the import\'s status token on /imports routes and the ' +
              'template\'s allowed origins, and counts a rate limit per template and client address (shared/http/embed-pipeline.ts).'
            : `${routeKey(route)} authenticates in its function: the shared HTTP pipeline (shared/http/authenticate.ts) ` +
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

    // The widget's files behind CloudFront; its loaders default the widget's `api` to this stage's API.
    const widget = new WidgetHosting(this, 'Widget', {
      removalPolicy,
      apiUrl: api.apiEndpoint,
      accessLogsBucket,
      domain: props.widgetDomain,
    });
    this.widget = widget;

    // The dashboard app, configured at deploy time with this stage's addresses.
    const widgetHost = props.widgetDomain?.domainName ?? widget.distribution.distributionDomainName;
    const dashboard = new DashboardHosting(this, 'Dashboard', {
      removalPolicy,
      accessLogsBucket,
      apiId: api.apiId,
      origins: {
        api: api.apiEndpoint,
        issuer: `https://cognito-idp.${this.region}.${this.urlSuffix}`,
        login: userAccounts.loginBaseUrl,
        widget: `https://${widgetHost}`,
        // Presigned PUTs address the bucket virtual-hosted at its regional endpoint (shared/imports/upload-url.ts).
        upload: `https://${filesBucket.bucketRegionalDomainName}`,
      },
      config: {
        issuer: userAccounts.issuer,
        clientId: userAccounts.client.userPoolClientId,
        widgetScriptUrl: widget.loaderUrl,
        embedApiUrl: api.apiEndpoint,
        logoutUrl: `${userAccounts.loginBaseUrl}/logout`,
      },
      buildDir: props.dashboardBuildDir,
      projectRoot: props.projectRoot,
    });
    this.dashboard = dashboard;
    // Sign-in returns to this distribution, and invitation links open it, unless the context names another URL.
    userAccounts.serveDashboardAt(dashboard.url);
    // Review links open the dashboard's public /review page.
    this.apiFunctions.get('imports')!.addEnvironment('DASHBOARD_URL', Lazy.string({ produce: () => userAccounts.dashboardUrl }));

    new CfnOutput(this, 'ApiUrl', { value: apiStage.url });
    new CfnOutput(this, 'DashboardUrl', { value: `${dashboard.url}/`, description: 'The dashboard app (sign in there)' });
    // Embed snippets the dashboard API hands out load this stage's widget.
    this.apiFunctions.get('dashboard')!.addEnvironment('WIDGET_URL', widget.loaderUrl);
    new CfnOutput(this, 'WidgetUrl', { value: widget.loaderUrl, description: 'The widget loader (ES module, cached 5 minutes)' });
    new CfnOutput(this, 'WidgetSnippet', {
      value: `<script type="module" src="${widget.loaderUrl}"></script>\n<import-widget template="TEMPLATE_ID"></import-widget>`,
      description: 'Paste into a page whose origin the template allows (importctl template embed --enable --origins ...)',
    });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'WebhookQueueUrl', { value: webhookQueue.queueUrl });
    new CfnOutput(this, 'FilesBucketName', { value: filesBucket.bucketName });
    new CfnOutput(this, 'ImportsQueueUrl', { value: importsQueue.queueUrl });

    const watched = (service: string, fn: ApiFunction): WatchedFunction => ({
      service,
      fn,
      logGroup: fn.logGroup,
      timeoutSeconds: fn.timeout!.toSeconds(),
    });
    this.operations = new Operations(this, 'Operations', {
      stage,
      removalPolicy,
      retentionDays,
      api,
      accessLogs,
      table,
      apiFunctions: new Map([
        ...[...this.apiFunctions].map(([group, fn]) => [group, watched(group, fn)] as const),
        ['not-found', watched('not-found', notFound)] as const,
      ]),
      processor: watched('import-processor', importProcessor),
      worker: watched('webhook-worker', webhookWorker),
      queues: [
        { name: 'imports', queue: importsQueue, deadLetterQueue: importsQueue.deadLetterQueue!.queue },
        { name: 'webhooks', queue: webhookQueue, deadLetterQueue: webhookQueue.deadLetterQueue!.queue },
      ],
      alarmEmail: props.alarmEmail,
      monthlyBudgetUsd: props.monthlyBudgetUsd,
      costBudgetPerMillion: props.costBudgetPerMillion,
    });
  }

  /**
   * Alarms (they notify the alarm topic, lib/operations/operations.ts): any message in the dead-letter
   * queue (a message that kept failing its consumer), and a message waiting too long (the consumer is
   * down or throttled; delayed retry messages wait at most 15 minutes per hop).
   */
  private queueAlarms(id: string, queue: Queue, stage: string): void {
    const name = id.toLowerCase();
    new Alarm(this, `${id}DeadLetterAlarm`, {
      alarmName: `import-service-${stage}-${name}-dead-letters`,
      alarmDescription: alarmDescription(`Messages in the ${name} dead-letter queue: inspect and redrive.`, RUNBOOK.deadLetters),
      metric: queue.deadLetterQueue!.queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    new Alarm(this, `${id}OldestMessageAlarm`, {
      alarmName: `import-service-${stage}-${name}-oldest-message`,
      alarmDescription: alarmDescription(
        `The oldest ${name} message has waited over 30 minutes in 2 five-minute periods in a row: is its consumer running?`,
        RUNBOOK.oldestMessage,
      ),
      metric: queue.metricApproximateAgeOfOldestMessage({ period: Duration.minutes(5) }),
      threshold: 30 * 60,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 2,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }

  /** A queue whose poison messages go to a dead-letter queue kept 14 days (the longest SQS allows). */
  private queueWithDeadLetters(
    id: string,
    queueName: string,
    deadLetterQueueName: string,
    options: { visibilityTimeout: number; maxReceiveCount: number },
  ): Queue {
    const common = { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true };
    const deadLetterQueue = new Queue(this, `${id}DeadLetterQueue`, {
      ...common,
      queueName: deadLetterQueueName,
      retentionPeriod: Duration.days(14),
    });
    return new Queue(this, `${id}Queue`, {
      ...common,
      queueName,
      visibilityTimeout: Duration.seconds(options.visibilityTimeout),
      deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: options.maxReceiveCount },
    });
  }
}

/** templates -> TemplatesFunction; not-found style names become PascalCase. */
function functionId(group: string): string {
  return `${group.replace(/(^|-)([a-z])/g, (_, _dash, letter: string) => letter.toUpperCase())}Function`;
}
