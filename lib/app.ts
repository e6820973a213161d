// Builds the CDK app for one stage; bin/app.ts and the tests share it so both see the same checks.
import { Tags, Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ImportServiceStack } from './import-service-stack';
import { parseCostBudget } from './operations/cost-budget';
import { costTags } from './operations/notifications';
import { userAccountsSettings } from './user-accounts';

export const DEFAULT_STAGE = 'dev';

/** A numeric context value (`-c name=N` arrives as a string); undefined when absent. */
function numberContext(app: App, name: string): number | undefined {
  const raw = app.node.tryGetContext(name);
  if (raw === undefined || raw === null || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`Context ${name} must be a number, got ${JSON.stringify(raw)}`);
  return value;
}

/** `widgetDomainName` and `widgetCertificateArn` come together (the certificate must be in us-east-1). */
function widgetDomain(app: App): { domainName: string; certificateArn: string } | undefined {
  const domainName = app.node.tryGetContext('widgetDomainName');
  const certificateArn = app.node.tryGetContext('widgetCertificateArn');
  if (!domainName && !certificateArn) return undefined;
  if (!domainName || !certificateArn) throw new Error('Context widgetDomainName and widgetCertificateArn go together');
  if (!/^arn:aws[\w-]*:acm:us-east-1:/.test(String(certificateArn))) {
    throw new Error(`Context widgetCertificateArn must be an ACM certificate in us-east-1 (CloudFront's region), got ${certificateArn}`);
  }
  return { domainName: String(domainName), certificateArn: String(certificateArn) };
}

/**
 * Adds the `ImportService-<stage>` stack and cdk-nag, which fails synth on unacknowledged findings.
 * Context: `stage` (default dev), `retentionDays`, `alarmEmail` (subscribed to the alarm topic),
 * `monthlyBudgetUsd` (an AWS Budgets cost budget; none when absent) and `costBudgetPerMillion` (a
 * number, or a JSON object per operationId, for the cost alarms; default 1.5 x the benched figure),
 * `widgetDomainName` with `widgetCertificateArn` (the widget's own domain; default *.cloudfront.net),
 * and sign-in's (lib/user-accounts.ts userAccountsSettings): `mfa`, `threatProtection`,
 * `authDomainPrefix` or `authDomainName` with `authCertificateArn`, `dashboardUrl`,
 * `dashboardCallbackUrls`, `dashboardLogoutUrls`, `ssoProviders`, `sesFromAddress`, `sesDomain`.
 */
export function buildApp(app: App, projectRoot: string): ImportServiceStack {
  const stage = String(app.node.tryGetContext('stage') ?? DEFAULT_STAGE);
  const alarmEmail = app.node.tryGetContext('alarmEmail');
  const stack = new ImportServiceStack(app, `ImportService-${stage}`, {
    stage,
    retentionDays: numberContext(app, 'retentionDays'),
    projectRoot,
    description: `Import Service (${stage}): templates, imports and webhooks`,
    alarmEmail: alarmEmail === undefined || alarmEmail === '' ? undefined : String(alarmEmail),
    monthlyBudgetUsd: numberContext(app, 'monthlyBudgetUsd'),
    costBudgetPerMillion: parseCostBudget(app.node.tryGetContext('costBudgetPerMillion')),
    widgetDomain: widgetDomain(app),
    userAccounts: userAccountsSettings((key) => app.node.tryGetContext(key)),
  });
  // Cost-allocation tags on every taggable resource (the budget filters on both).
  for (const [key, value] of Object.entries(costTags(stage))) Tags.of(stack).add(key, value);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return stack;
}
