// `npm run bench`: every benchmark module in order, each in its own Node process (each starts its own
// local stack, and the service reads its configuration once per process), all of them even if one fails.
// Arguments go to the request benchmark; run a module alone (`npm run bench:engine -- --runs 3`) to give
// it its own.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarize } from './summary';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const TSX_CLI = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const MODULES: { script: string; args: string[] }[] = [
  { script: 'bench/requests.ts', args: process.argv.slice(2) },
  { script: 'bench/cold-start.ts', args: [] },
  { script: 'bench/engine.ts', args: [] },
  { script: 'bench/webhooks.ts', args: [] },
  { script: 'bench/review.ts', args: [] },
  { script: 'bench/corrections.ts', args: [] },
  { script: 'bench/validation-hooks.ts', args: [] },
  { script: 'bench/widget.ts', args: [] },
  { script: 'bench/dashboard.ts', args: [] },
  { script: 'bench/api-imports.ts', args: [] },
];

// The modules are independent: one that fails does not keep the others from running.
const startedMs = Date.now();
const failed: string[] = [];
for (const { script, args } of MODULES) {
  const result = spawnSync(process.execPath, [TSX_CLI, '--disable-warning=ExperimentalWarning', join(ROOT, script), ...args], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) failed.push(`${script} (${result.signal ?? `exit code ${result.status}`})`);
}
// The headline figures against their targets, from the results this run wrote.
summarize(failed, startedMs);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
