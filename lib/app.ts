// Builds the CDK app for one stage; bin/app.ts and the tests share it so both see the same checks.
import { Tags, Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ImportServiceStack } from './import-service-stack';

export const DEFAULT_STAGE = 'dev';

/** Adds the `ImportService-<stage>` stack (stage from context `-c stage=...`) and cdk-nag, which fails synth on unacknowledged findings. */
export function buildApp(app: App, projectRoot: string): ImportServiceStack {
  const stage = String(app.node.tryGetContext('stage') ?? DEFAULT_STAGE);
  const retentionDays = app.node.tryGetContext('retentionDays');
  const stack = new ImportServiceStack(app, `ImportService-${stage}`, {
    stage,
    retentionDays: retentionDays === undefined ? undefined : Number(retentionDays),
    projectRoot,
    description: `Import Service (${stage}): templates, imports and webhooks`,
  });
  Tags.of(stack).add('service', 'import-service');
  Tags.of(stack).add('stage', stage);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return stack;
}
