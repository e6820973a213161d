// One synthesis per distinct CDK app per test run, shared by the CDK test files (test/cdk*.test.ts,
// test/cfn-lint.test.ts, test/cost-model.test.ts). A synthesis runs the validation plugins that `cdk synth`
// runs: cdk-nag and CloudFormation's own rules (cdk.json's "@aws-cdk/core:validateAgainstDefaultRules"),
// whose rule engine takes ~10 s of CPU to start in each fresh process, and several files synthesized the
// same app (stage test without context: three files; dev: two; prod with an alarm email and a budget: two).
//
// The first file to need an app synthesizes it, with the same context and checks as before, into this run's
// directory (CDK_SYNTH_DIR, made by global-setup.ts and removed by global-teardown.ts) under a hash of its
// context; a later file, in any worker, reads that cloud assembly (template, validation report, assets)
// instead. Each file still builds its own construct tree (about a second) for what only the tree says:
// logical ids, construct metadata. The tree is the same one: synthesis only adds the template file's name,
// the bootstrap-version parameter and rule, and the tree file.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../lib/app';
import type { ImportServiceStack } from '../../lib/import-service-stack';

const PROJECT_ROOT = resolve(__dirname, '..', '..');
const CDK_CONTEXT = JSON.parse(readFileSync(join(PROJECT_ROOT, 'cdk.json'), 'utf8')).context;

export interface Synthesized {
  stack: ImportServiceStack;
  template: Template;
  resources: Record<string, any>;
  /** The cloud assembly: templates, validation-report.json, the assets. */
  outdir: string;
  /** The validation plugins' errors (cdk-nag's, CloudFormation's rules'): `<rule> <construct paths>`. */
  validationErrors: string[];
}

/** The key's JSON with object keys in order, so the same context always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

let ownDir: string | undefined;
/** This run's directory; outside jest's global setup (none configured), one of this process's own. */
function synthDir(): string {
  if (process.env.CDK_SYNTH_DIR) return process.env.CDK_SYNTH_DIR;
  ownDir ??= mkdtempSync(join(tmpdir(), 'import-service-synth-'));
  return ownDir;
}

/**
 * The app of `context` (over cdk.json's; `stage` included) synthesized: Lambda bundling skipped unless
 * `bundle`. Synthesis fails as `cdk synth` does on an unacknowledged cdk-nag finding.
 */
export function synthesize(context: Record<string, unknown>, { bundle = false }: { bundle?: boolean } = {}): Synthesized {
  const fullContext = { ...CDK_CONTEXT, ...context, ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }) };
  const outdir = join(synthDir(), createHash('sha256').update(canonical(fullContext)).digest('hex').slice(0, 16));
  // Written beside its final name and renamed into place: another worker never reads half an assembly.
  const partial = `${outdir}.${process.pid}.partial`;
  const app = new App({ outdir: partial, context: fullContext });
  const stack = buildApp(app, PROJECT_ROOT);
  if (!existsSync(join(outdir, 'manifest.json'))) {
    app.synth();
    try {
      renameSync(partial, outdir);
    } catch (error) {
      // Another worker synthesized the same app meanwhile: its assembly is the same.
      if (!existsSync(join(outdir, 'manifest.json'))) throw error;
      rmSync(partial, { recursive: true, force: true });
    }
  }
  const template = Template.fromJSON(JSON.parse(readFileSync(join(outdir, stack.templateFile), 'utf8')));
  const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8'));
  const validationErrors: string[] = report.pluginReports.flatMap((plugin: any) =>
    plugin.violations
      .filter((v: any) => v.severity === 'error')
      .map((v: any) => `${v.ruleName} ${v.violatingConstructs.map((c: any) => c.constructPath).join(', ')}`),
  );
  return { stack, template, resources: template.toJSON().Resources, outdir, validationErrors };
}
