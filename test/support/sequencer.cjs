// The order in which jest starts the test files: the longest first, so that no 40-second file starts last
// while the other workers sit idle, and the files that mostly wait spread among them (MOSTLY_WAITING).
// Jest orders by duration itself from the durations it keeps in its cache (node_modules is not where it
// keeps them: a fresh clone, or CI, has none), and without them orders by
// file size, which put the slowest files (cfn-lint, the stacks started and stopped, the browser pages)
// among the last. Here a file's duration is jest's own when it has one, else the estimate below; files
// with neither go last, largest first, as jest would order them. As jest does, files that failed last
// time go first. Loaded by jest.config.cjs (testSequencer).
const { default: Sequencer } = require('@jest/test-sequencer');
const { basename } = require('node:path');

/**
 * Files that take 25 s or more, in seconds: one full `npm test` on the 2-core machine (three workers then,
 * another project's tests running beside it, so about twice the idle machine's figures). Only the order
 * matters: a new slow file belongs here, a file that became fast may stay until the next measurement.
 */
const ESTIMATED_SECONDS = {
  'importctl.test.ts': 150,
  // 202 in that run, synthesizing two apps; it now shares them with cdk-operations and cdk (cdk-synth.ts).
  'cfn-lint.test.ts': 100,
  'dashboard-auth.test.ts': 98,
  'cdk.test.ts': 93,
  'cdk-widget.test.ts': 86,
  'dashboard-pages.test.ts': 84,
  'local-stack.test.ts': 84,
  'cdk-operations.test.ts': 76,
  'dashboard-templates.test.ts': 66,
  'local-stop.test.ts': 66,
  'dashboard-settings.test.ts': 63,
  'widget-values.test.ts': 61,
  'dashboard-hooks.test.ts': 61,
  'validation-hooks.test.ts': 48,
  'engine-readers.test.ts': 48,
  'dashboard-account.test.ts': 48,
  'widget-failures.test.ts': 42,
  'dashboard-team.test.ts': 41,
  'cdk-accounts.test.ts': 40,
  'widget-flow.test.ts': 37,
  'import-listing.test.ts': 36,
  'widget-scenarios.test.ts': 35,
  'clients.test.ts': 35,
  'webhooks.test.ts': 34,
  'import-deadlines.test.ts': 34,
  'webhook-faults.test.ts': 32,
  'embed.test.ts': 31,
  'dashboard-app.test.ts': 31,
  'widget-hooks.test.ts': 29,
  'dashboard-imports.test.ts': 28,
  'lambda-bundle.test.ts': 28,
  'openapi.test.ts': 28,
  'aws-signatures.test.ts': 27,
  'dashboard-roles.test.ts': 26,
};

/**
 * Files that mostly wait: webhook retry schedules and deadlines of seconds, a fresh rate-limit minute
 * (freshWindow in support/api.ts, up to 20 s), stacks started and stopped with their grace periods. Their
 * jest workers used 0.4-3.4 CPU-s in 20-80 s each. Side by side they leave the cores idle (a run spent 25 s
 * at ~45 % with five of them together), and as the last file one held the run's end for 28 s. So they are
 * spread over the first two thirds of the order, one every few files, each waiting beside files that compute.
 */
const MOSTLY_WAITING = new Set([
  'local-stop.test.ts',
  'local-stack.test.ts',
  'validation-hooks.test.ts',
  'webhooks.test.ts',
  'import-deadlines.test.ts',
  'webhook-faults.test.ts',
  'embed.test.ts',
  'usage.test.ts',
  'auth-rate-limit.test.ts',
  'dynamodb-calls.test.ts',
]);

/** `tests` with the files that mostly wait, longest first, spread evenly over its first two thirds. */
function spreadWaiting(tests) {
  const waits = (test) => MOSTLY_WAITING.has(basename(test.path));
  const waiting = tests.filter(waits);
  const working = tests.filter((test) => !waits(test));
  const span = Math.ceil((working.length * 2) / 3);
  // From the last one, so that the positions of the earlier ones stay as computed.
  for (let i = waiting.length - 1; i >= 0; i--) working.splice(Math.round((i * span) / waiting.length), 0, waiting[i]);
  return working;
}

class LongestFirstSequencer extends Sequencer {
  sort(tests) {
    const size = (test) => test.context.hasteFS.getSize(test.path) ?? 0;
    const duration = (test) => {
      const measured = this.time(test);
      if (measured != null) return measured;
      const estimate = ESTIMATED_SECONDS[basename(test.path)];
      return estimate === undefined ? undefined : estimate * 1000;
    };
    const keyed = tests.map((test) => ({ test, failed: this.hasFailed(test), duration: duration(test) }));
    keyed.sort((a, b) => {
      if (a.failed !== b.failed) return a.failed ? -1 : 1;
      if ((a.duration != null) !== (b.duration != null)) return a.duration != null ? -1 : 1;
      if (a.duration != null && a.duration !== b.duration) return b.duration - a.duration;
      return size(b.test) - size(a.test);
    });
    const ordered = keyed.map(({ test, duration }) => Object.assign(test, { duration }));
    // As jest does, the files that failed last time stay first.
    const failedFirst = keyed.filter(({ failed }) => failed).length;
    return [...ordered.slice(0, failedFirst), ...spreadWaiting(ordered.slice(failedFirst))];
  }
}

module.exports = LongestFirstSequencer;
