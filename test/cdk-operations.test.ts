// The stage's operations as synthesized (prod-like context: alarm email and monthly budget): every alarm
// notifies the topic and names a runbook section that exists, metric math within CloudWatch's limits,
// the dashboard's graphs valid, the saved queries, the budget and the cost-allocation tags. Synthesized
// once, without bundling (nothing here depends on the code assets).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { apiOperations, API_SERVICES, operationsOf } from '../lib/operations/catalog';
import { BENCH_SCENARIOS, BENCHED_COST_PER_MILLION } from '../lib/operations/benched-costs';
import { COST_BUDGET_FACTOR, operationBudgets, parseCostBudget } from '../lib/operations/cost-budget';
import { Notifications } from '../lib/operations/notifications';
import { queryName, RUNBOOK, RUNBOOK_FILE, SAVED_QUERIES } from '../lib/operations/runbooks';
import { meteredOperation, ROUTES } from '../shared/http/routes';
import {
  alarmEntries,
  dashboardBody,
  evaluateEntries,
  graphEntries,
  METRIC_ID,
  referencedIds,
  type DashboardWidget,
  type MetricEntry,
} from './support/metric-math';
import { synthesize } from './support/cdk-synth';
import { scratchDir } from './support/scratch';

const PROJECT_ROOT = path.resolve(__dirname, '..');
const RUNBOOKS = fs.readFileSync(path.join(PROJECT_ROOT, RUNBOOK_FILE), 'utf8');
const STAGE = 'prod';
const EMAIL = 'ops@example.com';

type Resource = { Type: string; Properties: any; Metadata?: any };

/** GitHub's anchor of a Markdown heading. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const ANCHORS = new Set([...RUNBOOKS.matchAll(/^#{1,6}\s+(.+)$/gm)].map(([, heading]) => slug(heading)));

/** The in-process apps' cloud assemblies, removed when the suite ends. */
const scratch = scratchDir('cdk-operations');
const outdir = () => fs.mkdtempSync(path.join(scratch, 'cdk.out-'));

describe('operations of a stage', () => {
  let resources: Record<string, Resource>;
  let template: Template;
  let validationErrors: string[];
  let topicRef: { Ref: string };
  let alarms: [string, Resource][];

  const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

  beforeAll(() => {
    // Synthesized once per test run (test/support/cdk-synth.ts): cfn-lint.test.ts lints the same prod app.
    ({ template, resources, validationErrors } = synthesize({ stage: STAGE, alarmEmail: EMAIL, monthlyBudgetUsd: '200' }));
    topicRef = { Ref: ofType('AWS::SNS::Topic')[0][0] };
    alarms = ofType('AWS::CloudWatch::Alarm');
  });

  test('cdk-nag reports no unacknowledged error with the alarm email and the budget', () => {
    expect(validationErrors).toEqual([]);
  });

  test('every alarm of the stack, the queue alarms included, notifies the topic on ALARM and on OK', () => {
    // 65: the dashboard function's three and its two operations' cost alarms, and the token-claims trigger's errors, since 59;
    // 66: the cost alarms of the validation hook's test batch and call log;
    // 70: those of the API's import creation, its review link (open, close) and the embed API's import template.
    expect(alarms).toHaveLength(70);
    for (const [, alarm] of alarms) {
      expect({ name: alarm.Properties.AlarmName, actions: alarm.Properties.AlarmActions }).toEqual({ name: alarm.Properties.AlarmName, actions: [topicRef] });
      expect(alarm.Properties.OKActions).toEqual([topicRef]);
      expect(alarm.Properties.AlarmName).toMatch(new RegExp(`^import-service-${STAGE}-[A-Za-z0-9-]+$`));
    }
    expect(new Set(alarms.map(([, a]) => a.Properties.AlarmName)).size).toBe(alarms.length);
  });

  test(`every alarm names its runbook section, and the section exists in ${RUNBOOK_FILE}`, () => {
    const pattern = new RegExp(`Runbook: ${RUNBOOK_FILE.replace('.', '\\.')}#([a-z0-9_-]+)$`);
    const named = new Set<string>();
    for (const [, alarm] of alarms) {
      const match = pattern.exec(alarm.Properties.AlarmDescription);
      expect({ alarm: alarm.Properties.AlarmName, section: match?.[1] }).toEqual({ alarm: alarm.Properties.AlarmName, section: expect.any(String) });
      expect({ alarm: alarm.Properties.AlarmName, exists: ANCHORS.has(match![1]) }).toEqual({ alarm: alarm.Properties.AlarmName, exists: true });
      expect(alarm.Properties.AlarmDescription.length).toBeLessThanOrEqual(1024);
      named.add(match![1]);
    }
    // Every section an alarm can name exists, and the finance page too.
    for (const section of [...Object.values(RUNBOOK), 'reading-the-dashboard']) expect({ section, exists: ANCHORS.has(section) }).toEqual({ section, exists: true });
    expect([...named].sort()).toEqual(Object.values(RUNBOOK).filter((s) => s !== RUNBOOK.budget).sort());
  });

  test('a saved Logs Insights query per runbook section, named import-service-<stage>/<section>, on existing log groups', () => {
    const queries = ofType('AWS::Logs::QueryDefinition').map(([, q]) => q.Properties);
    const logGroups = new Set(ofType('AWS::Logs::LogGroup').map(([id]) => id));

    expect(queries.map((q) => q.Name).sort()).toEqual(SAVED_QUERIES.map((q) => queryName(STAGE, q.section)).sort());
    for (const query of queries) {
      expect(query.LogGroupNames.length).toBeGreaterThan(0);
      for (const group of query.LogGroupNames) expect(logGroups.has(group.Ref)).toBe(true);
      expect(RUNBOOKS).toContain(`import-service-<stage>/${query.Name.split('/')[1]}`);
    }
  });

  test('metric-math alarms stay within CloudWatch: 10 metrics, one returned expression of at most 1,024 characters, valid ids, one day of evaluation', () => {
    for (const [, alarm] of alarms) {
      const p = alarm.Properties;
      const period = p.Period ?? p.Metrics?.find((m: any) => m.MetricStat)?.MetricStat.Period;
      expect(period * p.EvaluationPeriods).toBeLessThanOrEqual(86_400);
      if (!p.Metrics) continue;
      const entries = alarmEntries(p);
      expect(entries.filter((e) => e.metric).length).toBeLessThanOrEqual(10);
      expect(entries.filter((e) => e.expression !== undefined).length).toBeLessThanOrEqual(10);
      expect(entries.filter((e) => e.visible)).toHaveLength(1);
      for (const entry of entries) {
        expect(entry.id).toMatch(METRIC_ID);
        if (entry.expression !== undefined) expect(entry.expression.length).toBeLessThanOrEqual(1024);
      }
      // Every id resolves within the alarm (the evaluator throws on an unknown id or unreadable syntax).
      const evaluated = evaluateEntries(entries, () => 1);
      expect(() => evaluated.value(entries.find((e) => e.visible)!)).not.toThrow();
    }
  });

  test("each API operation has a cost alarm at its budget: 1.5 x its benched $ per million requests by default", () => {
    const budgets = operationBudgets(undefined);
    expect(budgets).toHaveLength(apiOperations().length);
    for (const budget of budgets) {
      const alarm = alarms.find(([, a]) => a.Properties.AlarmName === `import-service-${STAGE}-cost-${budget.service}-${budget.operation}`);
      expect(alarm?.[1].Properties.Threshold).toBe(budget.budgetPerMillion);
      const benched = BENCHED_COST_PER_MILLION[budget.operation];
      if (benched !== undefined) expect(budget.budgetPerMillion).toBeCloseTo(benched * COST_BUDGET_FACTOR, 2);
    }
  });

  test('every benched scenario maps to a real operationId (or to none, for error answers)', () => {
    const operationIds = new Set(apiOperations().map((op) => op.operation));
    for (const { operation } of BENCH_SCENARIOS) if (operation !== null) expect(operationIds.has(operation)).toBe(true);
    // One per route's operationId (a group observed as one counts once), plus notFound.
    expect(new Set(ROUTES.map(meteredOperation)).size + 1).toBe(operationIds.size);
  });

  test(`the default budgets in ${RUNBOOK_FILE} are the ones the alarms use`, () => {
    for (const budget of operationBudgets(undefined)) {
      const row = RUNBOOKS.split('\n').find((l) => l.startsWith(`| \`${budget.service}\` | \`${budget.operation}\` |`));
      expect({ operation: budget.operation, budget: row?.split('|')[4].trim() }).toEqual({ operation: budget.operation, budget: String(budget.budgetPerMillion) });
    }
  });

  test('costBudgetPerMillion: one number for all, or a JSON object per operation with "*" for the rest', () => {
    expect(parseCostBudget(undefined)).toBeUndefined();
    expect(parseCostBudget('6')).toBe(6);
    expect(parseCostBudget('{"createEmbedImport":25,"*":6}')).toEqual({ createEmbedImport: 25, '*': 6 });
    expect(() => parseCostBudget('{"createEmbedImports":25}')).toThrow(/unknown operation "createEmbedImports"/);
    expect(() => parseCostBudget('-1')).toThrow(/positive number/);
    expect(() => parseCostBudget('{"getTemplate":"x"}')).toThrow(/positive number/);

    const all = operationBudgets(6);
    expect(new Set(all.map((b) => b.budgetPerMillion))).toEqual(new Set([6]));
    const some = operationBudgets({ createEmbedImport: 25 });
    expect(some.find((b) => b.operation === 'createEmbedImport')!.budgetPerMillion).toBe(25);
    expect(some.find((b) => b.operation === 'getTemplate')!.budgetPerMillion).toBe(operationBudgets(undefined).find((b) => b.operation === 'getTemplate')!.budgetPerMillion);
    expect(operationBudgets({ '*': 4, getTemplate: 3 }).every((b) => b.budgetPerMillion === (b.operation === 'getTemplate' ? 3 : 4))).toBe(true);
  });

  describe('the dashboard', () => {
    let body: { widgets: DashboardWidget[]; [key: string]: unknown };
    let graphs: DashboardWidget[];

    beforeAll(() => {
      const [[, dashboard]] = ofType('AWS::CloudWatch::Dashboard');
      expect(dashboard.Properties.DashboardName).toBe(`import-service-${STAGE}`);
      body = dashboardBody(dashboard);
      graphs = body.widgets.filter((w) => w.type === 'metric');
    });

    test('valid: at most 500 metrics a graph and 2,500 in all, ids valid and unique per graph, every expression resolving within its graph', () => {
      let total = 0;
      for (const graph of graphs) {
        const entries: MetricEntry[] = graphEntries(graph);
        total += entries.length;
        expect({ graph: graph.properties.title, metrics: entries.length <= 500 }).toEqual({ graph: graph.properties.title, metrics: true });
        const ids = entries.filter((e) => e.id !== undefined).map((e) => e.id!);
        expect(new Set(ids).size).toBe(ids.length);
        for (const id of ids) expect(id).toMatch(METRIC_ID);
        const evaluated = evaluateEntries(entries, () => 1);
        for (const entry of entries.filter((e) => e.expression !== undefined)) {
          for (const id of referencedIds(entry.expression!)) expect(ids).toContain(id);
          expect(() => evaluated.value(entry)).not.toThrow();
          if (entry.visible) expect(entry.label).toBeTruthy();
        }
        expect(graph.x + graph.width).toBeLessThanOrEqual(24);
      }
      expect(total).toBeLessThanOrEqual(2500);
      expect(body.widgets.length).toBeLessThanOrEqual(500);
      expect(body.periodOverride).toBe('inherit');
    });

    test('$ per million requests and $ per day of every operation, one row per function', () => {
      for (const service of API_SERVICES) {
        for (const title of [`${service}: $ per million requests`, `${service}: $ per day`]) {
          const graph = graphs.find((g) => g.properties.title === title)!;
          const lines = graphEntries(graph).filter((e) => e.visible && e.expression !== undefined).map((e) => e.label);
          expect(lines).toEqual(operationsOf(service).map((op) => op.operation));
        }
      }
      const titles = graphs.map((g) => g.properties.title);
      for (const title of ['$ per day, by function (stacked)', 'Imports: $ per import', 'Imports: $ per million rows', 'Webhooks: $ per million deliveries', 'Webhook deliveries by state (per hour)', 'Imports by outcome (per hour)', 'Dead-letter queues: messages', 'Queues: oldest message (s)', 'Queues: messages waiting']) {
        expect(titles).toContain(title);
      }
      const alarmWidget = body.widgets.find((w) => w.type === 'alarm')!;
      expect((alarmWidget.properties.alarms as unknown[]).length).toBe(alarms.length);
    });
  });

  test('the topic: its own rotated KMS key (CloudWatch and Budgets may use it), TLS only, the email subscribed, its ARN an output', () => {
    const [[topicId, topic]] = ofType('AWS::SNS::Topic');
    const [[keyId, key]] = ofType('AWS::KMS::Key');
    expect(topic.Properties.KmsMasterKeyId).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
    expect(key.Properties.EnableKeyRotation).toBe(true);
    const keyStatement = key.Properties.KeyPolicy.Statement.find((s: any) => s.Sid === 'AlarmAndBudgetPublishers');
    expect(keyStatement.Principal.Service.sort()).toEqual(['budgets.amazonaws.com', 'cloudwatch.amazonaws.com']);
    const policy = ofType('AWS::SNS::TopicPolicy')[0][1].Properties.PolicyDocument.Statement;
    expect(policy).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        expect.objectContaining({ Sid: 'CloudWatchAlarms', Principal: { Service: 'cloudwatch.amazonaws.com' }, Action: 'sns:Publish' }),
        expect.objectContaining({ Sid: 'Budgets', Principal: { Service: 'budgets.amazonaws.com' }, Action: 'sns:Publish' }),
      ]),
    );
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: EMAIL, TopicArn: { Ref: topicId } });
    template.hasOutput('AlarmTopicArn', { Value: { Ref: topicId } });
  });

  test('the monthly budget: the stage\'s tags both, 80 % and 100 % actual and 100 % forecast to the topic', () => {
    const [[, budget]] = ofType('AWS::Budgets::Budget');
    expect(budget.Properties.Budget).toMatchObject({
      BudgetName: `import-service-${STAGE}`,
      BudgetType: 'COST',
      TimeUnit: 'MONTHLY',
      BudgetLimit: { Amount: 200, Unit: 'USD' },
      FilterExpression: {
        And: [
          { Tags: { Key: 'service', Values: ['import-service'], MatchOptions: ['EQUALS'] } },
          { Tags: { Key: 'stage', Values: [STAGE], MatchOptions: ['EQUALS'] } },
        ],
      },
    });
    expect(budget.Properties.NotificationsWithSubscribers.map((n: any) => `${n.Notification.NotificationType} ${n.Notification.Threshold}`)).toEqual([
      'ACTUAL 80',
      'ACTUAL 100',
      'FORECASTED 100',
    ]);
    for (const n of budget.Properties.NotificationsWithSubscribers) expect(n.Subscribers).toEqual([{ SubscriptionType: 'SNS', Address: topicRef }]);
  });

  test('cost-allocation tags service and stage on every tagged resource: alarms, dashboard, topic, key and budget included', () => {
    const tagsOf = (r: Resource) => {
      const tags = r.Properties?.Tags ?? r.Properties?.ResourceTags;
      if (!tags) return undefined;
      return Array.isArray(tags) ? Object.fromEntries(tags.map((t: any) => [t.Key, t.Value])) : tags;
    };
    for (const [id, resource] of Object.entries(resources)) {
      const tags = tagsOf(resource);
      if (tags) expect({ id, service: tags.service, stage: tags.stage }).toEqual({ id, service: 'import-service', stage: STAGE });
    }
    for (const type of ['AWS::CloudWatch::Alarm', 'AWS::CloudWatch::Dashboard', 'AWS::SNS::Topic', 'AWS::KMS::Key', 'AWS::Budgets::Budget', 'AWS::Lambda::Function', 'AWS::DynamoDB::Table']) {
      for (const [id, resource] of ofType(type)) expect({ id, tagged: tagsOf(resource) !== undefined }).toEqual({ id, tagged: true });
    }
  });

  test('without an email or a budget: no subscription, no budget; a malformed email or budget fails synthesis', () => {
    // No CloudFormation template validation in this process: its validator costs ~10 s of CPU to start.
    const stack = new Stack(new App({ outdir: outdir(), builtinCloudFormationValidation: false }), 'Bare');
    new Notifications(stack, 'Notifications', { stage: 'dev', removalPolicy: RemovalPolicy.DESTROY });
    const bare = Template.fromStack(stack);
    bare.resourceCountIs('AWS::SNS::Topic', 1);
    bare.resourceCountIs('AWS::SNS::Subscription', 0);
    bare.resourceCountIs('AWS::Budgets::Budget', 0);
    expect(() => new Notifications(new Stack(new App({ outdir: outdir() }), 'Bad'), 'N', { stage: 'dev', removalPolicy: RemovalPolicy.DESTROY, alarmEmail: 'ops' })).toThrow(/not an email/);
    expect(
      () => new Notifications(new Stack(new App({ outdir: outdir() }), 'Bad'), 'N', { stage: 'dev', removalPolicy: RemovalPolicy.DESTROY, monthlyBudgetUsd: 0 }),
    ).toThrow(/positive number/);
  });
});
