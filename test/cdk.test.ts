// The CDK stack as synthesized, with the cdk.json context and cdk-nag exactly as `cdk synth` runs them.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, type CfnElement, type Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { buildApp } from '../lib/app';
import type { ImportServiceStack } from '../lib/import-service-stack';
import { FUNCTION_GROUPS, ROUTES, routeKey } from '../shared/http/routes';
import { LISTING_INDEX } from '../shared/resources';
import { CDK_CONTEXT, synthesize } from './support/cdk-synth';
import { scratchDir } from './support/scratch';

const PROJECT_ROOT = path.resolve(__dirname, '..');

/** What each API function may do: on the table, and Query on the listing index (never Scan). */
const EXPECTED_DYNAMODB_ACTIONS: Record<string, { table: string[]; index: string[] }> = {
  templates: {
    table: ['dynamodb:BatchGetItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem'],
    index: ['dynamodb:Query'],
  },
  imports: {
    table: ['dynamodb:BatchGetItem', 'dynamodb:BatchWriteItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem'],
    index: [],
  },
  branding: { table: ['dynamodb:GetItem', 'dynamodb:UpdateItem'], index: [] },
  embed: {
    table: ['dynamodb:BatchGetItem', 'dynamodb:BatchWriteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem'],
    index: [],
  },
  dashboard: {
    table: [
      'dynamodb:BatchGetItem',
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ],
    index: ['dynamodb:Query'],
  },
};

type Resource = { Type: string; Properties: Record<string, any> };
type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

/** The cloud assemblies of the apps synthesized in this process, removed when the suite ends. */
const scratch = scratchDir('cdk-test');

/**
 * An app to synthesize in this process: no bundling, and no CloudFormation template validation, whose
 * validator costs ~10 s of CPU to start in a process; the apps of test/support/cdk-synth.ts have it.
 */
function appWithoutTemplateValidation(stage: string): App {
  return new App({
    outdir: fs.mkdtempSync(path.join(scratch, 'cdk.out-')),
    context: { ...CDK_CONTEXT, stage, 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
  });
}

function logicalId(stack: Stack, construct: { node: { defaultChild?: unknown } }): string {
  return stack.getLogicalId(construct.node.defaultChild as CfnElement);
}

const actionsOf = (statement: Statement) => [statement.Action].flat();

describe('ImportService stack', () => {
  let outdir: string;
  let validationErrors: string[];
  let stack: ImportServiceStack;
  let template: Template;
  let resources: Record<string, Resource>;

  /** Every statement of the policies attached to the function's role, inline or separate. */
  function roleStatements(functionLogicalId: string): Statement[] {
    const roleId = resources[functionLogicalId].Properties.Role['Fn::GetAtt'][0];
    const role = resources[roleId].Properties;
    expect(role.ManagedPolicyArns).toBeUndefined();
    const inline = (role.Policies ?? []).flatMap((p: any) => p.PolicyDocument.Statement);
    const attached = Object.values(resources)
      .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((ref: any) => ref.Ref === roleId))
      .flatMap((r) => r.Properties.PolicyDocument.Statement);
    return [...inline, ...attached];
  }

  beforeAll(() => {
    // Synthesis runs the cdk-nag plugin; in a test process an unacknowledged error makes it throw. With
    // bundling: the only file that bundles the functions (test/support/cdk-synth.ts).
    ({ stack, template, resources, outdir, validationErrors } = synthesize({ stage: 'test' }, { bundle: true }));
  });

  test('cdk-nag reports no unacknowledged error', () => {
    expect(validationErrors).toEqual([]);
  });

  test('an unacknowledged cdk-nag finding fails synthesis', () => {
    // Prepare: a queue without enforceSSL (AwsSolutions-SQS4) and without a dead-letter queue (SQS3).
    const badApp = appWithoutTemplateValidation('test');
    const badStack = buildApp(badApp, PROJECT_ROOT);
    new Queue(badStack, 'UncheckedQueue');

    // Act + Assess
    expect(() => badApp.synth()).toThrow(/AwsSolutions-SQS4/);
  });

  test('every route of the route table, and $default, is an API route to its group function', () => {
    const routes = template.findResources('AWS::ApiGatewayV2::Route');
    const integrations = template.findResources('AWS::ApiGatewayV2::Integration');
    const functionByRouteKey = new Map<string, string>();
    for (const route of Object.values(routes)) {
      const target = route.Properties.Target['Fn::Join'][1][1].Ref;
      functionByRouteKey.set(route.Properties.RouteKey, integrations[target].Properties.IntegrationUri['Fn::GetAtt'][0]);
    }

    expect([...functionByRouteKey.keys()].sort()).toEqual([...ROUTES.map(routeKey), '$default'].sort());
    for (const route of ROUTES) {
      expect(functionByRouteKey.get(routeKey(route))).toBe(logicalId(stack, stack.apiFunctions.get(route.group)!));
    }
    expect(functionByRouteKey.get('$default')).toBe(logicalId(stack, stack.notFoundFunction));
  });

  test('one arm64 nodejs24.x function per endpoint group plus the not-found function', () => {
    const apiFunctionIds = new Set([...stack.apiFunctions.values(), stack.notFoundFunction].map((fn) => logicalId(stack, fn)));
    const functions = Object.entries(template.findResources('AWS::Lambda::Function'))
      .filter(([id]) => apiFunctionIds.has(id))
      .map(([, fn]) => fn);

    expect(functions).toHaveLength(FUNCTION_GROUPS.length + 1);
    expect([...stack.apiFunctions.keys()].sort()).toEqual([...FUNCTION_GROUPS].sort());
    const embedId = logicalId(stack, stack.apiFunctions.get('embed')!);
    const dashboardId = logicalId(stack, stack.apiFunctions.get('dashboard')!);
    for (const [id, fn] of Object.entries(template.findResources('AWS::Lambda::Function')).filter(([id]) => apiFunctionIds.has(id))) {
      // The embed function runs the correction step's bulk passes over up to a million rows; the
      // dashboard's webhook test event waits up to ~10 s for a receiver.
      const embed = id === embedId;
      expect(fn.Properties).toMatchObject({
        Architectures: ['arm64'],
        Runtime: 'nodejs24.x',
        Handler: 'index.handler',
        MemorySize: embed ? 1024 : 256,
        Timeout: embed || id === dashboardId ? 29 : 10,
        LoggingConfig: { LogFormat: 'JSON' },
        Environment: { Variables: { STAGE: 'test' } },
      });
    }
  });

  test('the table has point-in-time recovery and the KEYS_ONLY listing index', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true },
      DeletionProtectionEnabled: true,
      GlobalSecondaryIndexes: [
        Match.objectLike({ IndexName: LISTING_INDEX.name, Projection: { ProjectionType: 'KEYS_ONLY' } }),
      ],
    });
  });

  test('each API function gets exactly the actions its code uses on the table and index', () => {
    const tableArn = stack.resolve(stack.table.tableArn);
    const indexArn = { 'Fn::Join': ['', [tableArn, `/index/${LISTING_INDEX.name}`]] };

    expect([...stack.apiFunctions.keys()].sort()).toEqual(Object.keys(EXPECTED_DYNAMODB_ACTIONS).sort());
    for (const [group, fn] of stack.apiFunctions) {
      const dynamo = roleStatements(logicalId(stack, fn)).filter((s) =>
        actionsOf(s).some((a) => a.startsWith('dynamodb:')),
      );

      expect(dynamo.every((s) => s.Effect === 'Allow')).toBe(true);
      expect(dynamo.flatMap(actionsOf)).not.toContain('dynamodb:*');
      expect(dynamo.flatMap(actionsOf)).not.toContain('dynamodb:Scan');
      const onTable = dynamo.filter((s) => JSON.stringify(s.Resource) === JSON.stringify(tableArn));
      const onIndex = dynamo.filter((s) => JSON.stringify(s.Resource) === JSON.stringify(indexArn));
      expect(onTable.length + onIndex.length).toBe(dynamo.length);
      expect(onTable.flatMap(actionsOf).sort()).toEqual(EXPECTED_DYNAMODB_ACTIONS[group].table);
      expect(onIndex.flatMap(actionsOf)).toEqual(EXPECTED_DYNAMODB_ACTIONS[group].index);
      expect(resources[logicalId(stack, fn)].Properties.Environment.Variables.TABLE_NAME).toEqual(
        stack.resolve(stack.table.tableName),
      );
    }
  });

  test('uploads under uploads/ notify the imports queue, whose consumer is the processor (one file per invocation)', () => {
    template.hasResourceProperties('Custom::S3BucketNotifications', {
      NotificationConfiguration: {
        QueueConfigurations: [
          Match.objectLike({
            Events: ['s3:ObjectCreated:*'],
            Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'uploads/' }] } },
          }),
        ],
      },
    });
    const processorId = logicalId(stack, stack.importProcessor);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: processorId },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    expect(resources[processorId].Properties).toMatchObject({ MemorySize: 1769, Timeout: 900, Architectures: ['arm64'] });
    const queue = Object.values(template.findResources('AWS::SQS::Queue')).find((q) => /-imports$/.test(q.Properties.QueueName));
    expect(queue!.Properties.VisibilityTimeout).toBeGreaterThan(900);
    expect(queue!.Properties.RedrivePolicy.maxReceiveCount).toBe(3);
  });

  test('the processor bundle loads, and ships the SheetJS files its XLS worker loads by path', async () => {
    const shipping = fs
      .readdirSync(outdir)
      .map((name) => path.join(outdir, name))
      .filter((dir) => fs.existsSync(path.join(dir, 'node_modules', '@e965', 'xlsx')));
    expect(shipping).toHaveLength(1);
    const [assetDir] = shipping;
    for (const file of ['package.json', 'xlsx.js', 'dist/cpexcel.js']) {
      expect(fs.existsSync(path.join(assetDir, 'node_modules', '@e965', 'xlsx', file))).toBe(true);
    }
    // The bundle is valid ESM with its banner (a duplicate top-level name would make it fail to load).
    const { execFileSync } = await import('node:child_process');
    const check = "import('./index.mjs').then((m) => console.log(typeof m.handler))";
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', check], { cwd: assetDir, encoding: 'utf8' }).trim()).toBe('function');
  });

  test('every function bundle takes its credentials from the environment, without the default chain', () => {
    const bundles = fs
      .readdirSync(outdir)
      .map((name) => path.join(outdir, name, 'index.mjs'))
      .filter((file) => fs.existsSync(file));
    expect(bundles.length).toBeGreaterThanOrEqual(7);
    for (const file of bundles) expect(fs.readFileSync(file, 'utf8')).not.toContain('AWS_CONTAINER_CREDENTIALS');
    // Each function deploys its own bundle (CDK caches bundles by their options, the same for all: lib/api-function.ts).
    const code = Object.values(template.findResources('AWS::Lambda::Function', { Properties: { Handler: 'index.handler' } })).map((fn) => JSON.stringify(fn.Properties.Code));
    expect(code.length).toBeGreaterThanOrEqual(7);
    expect(new Set(code).size).toBe(code.length);
  });

  test('the processor reads uploads and writes rows and payloads only; the imports API reads rows and presigns uploads only', () => {
    const s3Statements = (fn: { node: { defaultChild?: unknown } }) =>
      roleStatements(logicalId(stack, fn)).filter((s) => actionsOf(s).some((a) => a.startsWith('s3:')));
    const prefixes = (statement: Statement) => JSON.stringify(statement.Resource);

    const processor = s3Statements(stack.importProcessor);
    expect(processor.map((s) => actionsOf(s))).toEqual([['s3:GetObject'], ['s3:PutObject']]);
    for (const prefix of ['/uploads/*', '/rows/*', '/webhooks/*']) expect(prefixes(processor[0])).toContain(prefix);
    for (const prefix of ['/rows/*', '/webhooks/*']) expect(prefixes(processor[1])).toContain(prefix);
    expect(prefixes(processor[1])).not.toContain('/uploads/*');
    const api = s3Statements(stack.apiFunctions.get('imports')!);
    expect(api.map((s) => actionsOf(s))).toEqual([['s3:GetObject'], ['s3:PutObject']]);
    expect(prefixes(api[0])).toContain('/rows/*');
    // PutObject is the presigned upload's permission (POST /api/v1/imports), under uploads/ only.
    expect(prefixes(api[1])).toContain('/uploads/*');
    expect(prefixes(api[1])).not.toContain('/rows/*');
  });

  test('the webhook worker consumes the webhook queue ten messages at a time, capped, with partial failures', () => {
    const workerId = logicalId(stack, stack.webhookWorker);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: workerId },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 20 },
    });
    expect(resources[workerId].Properties).toMatchObject({ MemorySize: 256, Timeout: 60, Architectures: ['arm64'] });
    const s3 = roleStatements(workerId).filter((s) => actionsOf(s).some((a) => a.startsWith('s3:')));
    expect(s3.map((s) => actionsOf(s))).toEqual([['s3:GetObject'], ['s3:PutObject']]);
    expect(JSON.stringify(s3[0].Resource)).toContain('/rows/*');
    expect(JSON.stringify(s3[0].Resource)).toContain('/webhooks/*');
    expect(JSON.stringify(s3[1].Resource)).toContain('/webhooks/*');
    const sends = (id: string) => roleStatements(id).filter((s) => actionsOf(s).includes('sqs:SendMessage'));
    expect(sends(workerId)).toHaveLength(1);
    expect(sends(logicalId(stack, stack.apiFunctions.get('imports')!))).toHaveLength(1);
    expect(sends(logicalId(stack, stack.apiFunctions.get('templates')!))).toHaveLength(0);
  });

  test('the embed API signs uploads under uploads/ only, reads rows, writes only its corrections, queues deadlines; the bucket answers CORS for the PUT', () => {
    const embedId = logicalId(stack, stack.apiFunctions.get('embed')!);
    const s3 = roleStatements(embedId).filter((s) => actionsOf(s).some((a) => a.startsWith('s3:')));
    expect(s3.map((s) => actionsOf(s))).toEqual([['s3:GetObject'], ['s3:PutObject']]);
    expect(JSON.stringify(s3[0].Resource)).toContain('/rows/*');
    expect(JSON.stringify(s3[1].Resource)).toContain('/uploads/*');
    // Under rows/, only the correction step's own objects (rows/<org>/<import>/fix/...): never the delivered rows.
    expect(JSON.stringify(s3[1].Resource)).toContain('/rows/*/*/fix/*');
    expect(JSON.stringify(s3[1].Resource).replace('/rows/*/*/fix/*', '')).not.toContain('/rows/');
    const importsQueueId = Object.entries(template.findResources('AWS::SQS::Queue')).find(([, q]) => /-imports$/.test(q.Properties.QueueName))![0];
    const sendsToImports = (id: string) =>
      roleStatements(id).filter((s) => actionsOf(s).includes('sqs:SendMessage') && JSON.stringify(s.Resource).includes(importsQueueId));
    expect(sendsToImports(embedId)).toHaveLength(1);
    expect(sendsToImports(logicalId(stack, stack.importProcessor))).toHaveLength(1);
    expect(resources[embedId].Properties.Environment.Variables.IMPORTS_QUEUE_URL).toEqual({ Ref: importsQueueId });
    // The API's import creation queues its deadline as the widget's does, and its review links open the dashboard.
    const importsId = logicalId(stack, stack.apiFunctions.get('imports')!);
    expect(sendsToImports(importsId)).toHaveLength(1);
    expect(resources[importsId].Properties.Environment.Variables.IMPORTS_QUEUE_URL).toEqual({ Ref: importsQueueId });
    expect(JSON.stringify(resources[importsId].Properties.Environment.Variables.DASHBOARD_URL)).toContain('/dashboard');
    template.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedMethods: ['PUT'], AllowedOrigins: ['*'], AllowedHeaders: ['content-type'], ExposedHeaders: ['ETag'] })],
      },
    });
    template.hasResourceProperties('AWS::DynamoDB::Table', { TimeToLiveSpecification: { AttributeName: 'expiresAtEpoch', Enabled: true } });
  });

  test('alarms on dead-letter depth and oldest message age for both queues', () => {
    const queueAlarms = Object.values(template.findResources('AWS::CloudWatch::Alarm'))
      .filter((a) => a.Properties.Namespace === 'AWS/SQS')
      .map((a) => `${a.Properties.AlarmName} ${a.Properties.MetricName} > ${a.Properties.Threshold}`);
    expect(queueAlarms.sort()).toEqual([
      'import-service-test-imports-dead-letters ApproximateNumberOfMessagesVisible > 0',
      'import-service-test-imports-oldest-message ApproximateAgeOfOldestMessage > 1800',
      'import-service-test-webhook-dead-letters ApproximateNumberOfMessagesVisible > 0',
      'import-service-test-webhook-oldest-message ApproximateAgeOfOldestMessage > 1800',
    ]);
  });

  test('uploads and stored rows expire after the retention period', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ Prefix: 'uploads/', ExpirationInDays: 30, Status: 'Enabled' }),
          Match.objectLike({ Prefix: 'rows/', ExpirationInDays: 30, Status: 'Enabled' }),
          Match.objectLike({ Prefix: 'webhooks/', ExpirationInDays: 30, Status: 'Enabled' }),
        ]),
      },
    });
  });

  test('the not-found function has no data access', () => {
    const id = logicalId(stack, stack.notFoundFunction);
    const actions = roleStatements(id).flatMap(actionsOf);

    expect(actions.filter((a) => !a.startsWith('logs:'))).toEqual([]);
    expect(resources[id].Properties.Environment.Variables.TABLE_NAME).toBeUndefined();
  });

  test('the API stage writes JSON access logs', () => {
    const stage = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'));

    expect(stage).toHaveLength(1);
    expect(stage[0].Properties.StageName).toBe('$default');
    const format = JSON.parse(stage[0].Properties.AccessLogSettings.Format);
    expect(format).toMatchObject({
      requestId: '$context.requestId',
      routeKey: '$context.routeKey',
      status: '$context.status',
      ip: '$context.identity.sourceIp',
    });
  });

  test('only the dev stage can be deleted with its data', () => {
    // The dev app as test/cfn-lint.test.ts lints it: synthesized once per test run.
    const devTemplate = synthesize({ stage: 'dev' }).template;

    devTemplate.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
    });
    template.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain' });
    template.allResources('AWS::Logs::LogGroup', { DeletionPolicy: 'Retain' });
  });
});
