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

/**
 * How to run cfn-lint here, or why it cannot run. Where Python imports cfnlint, one Python process does
 * everything (LINT_AND_TAGS): importing cfnlint costs ~2.7 CPU-s, and this file used to pay it five times
 * (the check that it imports, `cfn-lint --version`, the lint, a schema look-up per template). Finding the
 * module does not import it. A cfn-lint command that no Python here can import (pipx) still lints.
 */
function findCfnLint(): { python: string } | { command: string } | { missing: string } {
  const python = ['python3', 'python'].find((candidate) => works(candidate, ['--version']));
  if (python && works(python, ['-c', 'import importlib.util, sys; sys.exit(0 if importlib.util.find_spec("cfnlint") else 1)'])) return { python };
  if (works('cfn-lint', ['--version'])) return { command: 'cfn-lint' };
  return {
    missing: python
      ? `cfn-lint is not installed (${python} has no cfnlint module): pip install cfn-lint`
      : 'neither cfn-lint nor Python is installed: install Python 3, then pip install cfn-lint',
  };
}

const CFN_LINT = findCfnLint();
if ('missing' in CFN_LINT) console.warn(`test/cfn-lint.test.ts skipped: ${CFN_LINT.missing}`);

/**
 * The cfn-lint command itself (its console script, cfnlint.runner:main) on the templates, with its JSON
 * output and exit status; then, from the same import, which resource types of each template take tags
 * (cfn-lint's copy of the CloudFormation schemas) and under which property.
 */
const LINT_AND_TAGS = `
import contextlib, io, json, sys
from cfnlint.runner import main
from cfnlint.schema import PROVIDER_SCHEMA_MANAGER as manager
job = json.load(sys.stdin)
output = io.StringIO()
sys.argv = ['cfn-lint', '--format', 'json', '--', *job['templates']]
with contextlib.redirect_stdout(output):
    try:
        main()
        status = 0
    except SystemExit as end:
        status = end.code if isinstance(end.code, int) else (0 if end.code is None else 1)
taggable = {}
for resource_type in job['types']:
    try:
        properties = manager.get_resource_schema('us-east-1', resource_type).schema.get('properties', {})
    except Exception:
        continue
    names = [name for name in ('Tags', 'ResourceTags') if name in properties]
    if names:
        taggable[resource_type] = names[0]
print(json.dumps({'status': status, 'stdout': output.getvalue(), 'taggable': taggable}))
`;

type Template = { Resources: Record<string, { Type: string; Properties?: Record<string, any> }> };

if ('missing' in CFN_LINT) {
  describe('cfn-lint', () => {
    test.skip(`cfn-lint on the dev and prod templates: SKIPPED because ${CFN_LINT.missing}`, () => undefined);
  });
} else {
  const found = CFN_LINT;

  describe('cfn-lint', () => {
    /** Each stage's template file, and its content. */
    const templates: Record<string, string> = {};
    const parsed: Record<string, Template> = {};
    let lint: { status: number | null; stdout: string; error?: Error };
    /** Tag property by resource type; undefined where only a cfn-lint command (no importable module) runs. */
    let taggable: Record<string, string> | undefined;

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
        parsed[stage] = JSON.parse(fs.readFileSync(templates[stage], 'utf8')) as Template;
      }
      const files = [templates.dev, templates.prod];
      if ('python' in found) {
        const types = [...new Set(Object.values(parsed).flatMap((template) => Object.values(template.Resources).map((r) => r.Type)))];
        const result = spawnSync(found.python, ['-c', LINT_AND_TAGS], { input: JSON.stringify({ templates: files, types }), encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
        if (result.status !== 0) throw new Error(`cfn-lint's Python ended with ${result.error ?? `status ${result.status}`}:\n${result.stderr}`);
        ({ taggable, ...lint } = JSON.parse(result.stdout) as { status: number; stdout: string; taggable: Record<string, string> });
      } else {
        lint = run(found.command, ['--format', 'json', '--', ...files]);
      }
      // The synthesis (30 s) and the lint (60 s) had a limit each.
    }, 90_000);

    test('the dev and prod templates have no cfn-lint errors', () => {
      expect(lint.error).toBeUndefined();
      const matches = JSON.parse(lint.stdout || '[]') as { Level: string; Rule: { Id: string }; Message: string; Filename: string; Location: { Path: unknown[] } }[];
      const errors = matches
        .filter((m) => m.Level === 'Error')
        .map((m) => `${path.basename(m.Filename)} ${m.Rule.Id} ${m.Location.Path.join('/')}: ${m.Message}`);

      expect(errors).toEqual([]);
      // Exit status: a bit mask, 2 = errors (4 warnings, 8 informational).
      expect(lint.status! & 2).toBe(0);
    });

    test('every resource whose type takes tags carries the cost-allocation tags service and stage', () => {
      if (!taggable) {
        console.warn('tag check skipped: cfn-lint runs, but no Python here imports its schemas');
        return;
      }
      expect(Object.keys(taggable)).toEqual(expect.arrayContaining(['AWS::Lambda::Function', 'AWS::CloudWatch::Alarm', 'AWS::SNS::Topic']));
      for (const [stage, template] of Object.entries(parsed)) {
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
