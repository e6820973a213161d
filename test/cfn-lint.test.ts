// cfn-lint (AWS's CloudFormation linter, a Python tool) on the synthesized dev and prod templates, prod
// with an alarm email and a monthly budget: no errors. Its resource schemas also say which resource
// types take tags: every resource of such a type must carry the cost-allocation tags. Skipped, saying
// so, only where neither cfn-lint nor Python is installed (.ci/run installs cfn-lint when it can).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { synthesize } from './support/cdk-synth';

const run = (command: string, args: string[]) => spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
const works = (command: string, args: string[]) => {
  const result = run(command, args);
  return !result.error && result.status === 0;
};

/** How to run cfn-lint here, or why it cannot run. */
function findCfnLint(): { command: string; args: string[]; python?: string } | { missing: string } {
  const python = ['python3', 'python'].find((candidate) => works(candidate, ['--version']));
  const importable = python !== undefined && works(python, ['-c', 'import cfnlint']);
  if (works('cfn-lint', ['--version'])) return { command: 'cfn-lint', args: [], python: importable ? python : undefined };
  if (importable) return { command: python!, args: ['-m', 'cfnlint'], python };
  return {
    missing: python
      ? `cfn-lint is not installed (${python} has no cfnlint module): pip install cfn-lint`
      : 'neither cfn-lint nor Python is installed: install Python 3, then pip install cfn-lint',
  };
}

const CFN_LINT = findCfnLint();
if ('missing' in CFN_LINT) console.warn(`test/cfn-lint.test.ts skipped: ${CFN_LINT.missing}`);

/** Resource types whose CloudFormation schema (cfn-lint's copy) has a tags property, and its name. */
const TAGGABLE_TYPES = `
import json, sys
from cfnlint.schema import PROVIDER_SCHEMA_MANAGER as manager
out = {}
for resource_type in json.load(sys.stdin):
    try:
        properties = manager.get_resource_schema('us-east-1', resource_type).schema.get('properties', {})
    except Exception:
        continue
    names = [name for name in ('Tags', 'ResourceTags') if name in properties]
    if names:
        out[resource_type] = names[0]
print(json.dumps(out))
`;

type Template = { Resources: Record<string, { Type: string; Properties?: Record<string, any> }> };

if ('missing' in CFN_LINT) {
  describe('cfn-lint', () => {
    test.skip(`cfn-lint on the dev and prod templates: SKIPPED because ${CFN_LINT.missing}`, () => undefined);
  });
} else {
  const lint = CFN_LINT;

  describe('cfn-lint', () => {
    const templates: Record<string, string> = {};

    beforeAll(() => {
      // The prod context is test/cdk-operations.test.ts's, the dev app test/cdk.test.ts's: each synthesized
      // once per test run (test/support/cdk-synth.ts).
      const stages: Record<string, Record<string, string>> = {
        dev: {},
        prod: { alarmEmail: 'ops@example.com', monthlyBudgetUsd: '200' },
      };
      for (const [stage, context] of Object.entries(stages)) {
        const { stack, outdir } = synthesize({ stage, ...context });
        templates[stage] = path.join(outdir, stack.templateFile);
      }
    });

    test('the dev and prod templates have no cfn-lint errors', () => {
      const result = run(lint.command, [...lint.args, '--format', 'json', '--', templates.dev, templates.prod]);
      expect(result.error).toBeUndefined();
      const matches = JSON.parse(result.stdout || '[]') as { Level: string; Rule: { Id: string }; Message: string; Filename: string; Location: { Path: unknown[] } }[];
      const errors = matches
        .filter((m) => m.Level === 'Error')
        .map((m) => `${path.basename(m.Filename)} ${m.Rule.Id} ${m.Location.Path.join('/')}: ${m.Message}`);

      expect(errors).toEqual([]);
      // Exit status: a bit mask, 2 = errors (4 warnings, 8 informational).
      expect(result.status! & 2).toBe(0);
    }, 60_000);

    test('every resource whose type takes tags carries the cost-allocation tags service and stage', () => {
      if (!lint.python) {
        console.warn('tag check skipped: cfn-lint runs, but no Python here imports its schemas');
        return;
      }
      for (const [stage, file] of Object.entries(templates)) {
        const template = JSON.parse(fs.readFileSync(file, 'utf8')) as Template;
        const types = [...new Set(Object.values(template.Resources).map((r) => r.Type))];
        const result = spawnSync(lint.python, ['-c', TAGGABLE_TYPES], { input: JSON.stringify(types), encoding: 'utf8' });
        expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
        const taggable = JSON.parse(result.stdout) as Record<string, string>;
        expect(Object.keys(taggable)).toEqual(expect.arrayContaining(['AWS::Lambda::Function', 'AWS::CloudWatch::Alarm', 'AWS::SNS::Topic']));
        for (const [id, resource] of Object.entries(template.Resources)) {
          const property = taggable[resource.Type];
          if (!property) continue;
          const tags = resource.Properties?.[property];
          const values = Array.isArray(tags) ? Object.fromEntries(tags.map((t: { Key: string; Value: string }) => [t.Key, t.Value])) : (tags ?? {});
          expect({ stage, id, service: values.service, stageTag: values.stage }).toEqual({ stage, id, service: 'import-service', stageTag: stage });
        }
      }
    });
  });
}
