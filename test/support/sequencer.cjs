// The order in which jest starts the test files: the longest first, so that no 40-second file starts last
// while the other workers sit idle. Jest does this itself from the durations it keeps in its cache
// (node_modules is not where it keeps them: a fresh clone, or CI, has none), and without them orders by
// file size, which put the slowest files (cfn-lint, the stacks started and stopped, the browser pages)
// among the last. Here a file's duration is jest's own when it has one, else the estimate below; files
// with neither go last, largest first, as jest would order them. As jest does, files that failed last
// time go first. Loaded by jest.config.cjs (testSequencer).
const { default: Sequencer } = require('@jest/test-sequencer');
const { basename } = require('node:path');

/**
 * Files that take 25 s or more, in seconds: one fresh-clone `.ci/run` on the 2-core machine (three workers,
 * 2026-11-29, with the run's shared CDK synthesis process and Chromium). Only the order matters: a new slow
 * file belongs here, a file that became fast may stay until the next measurement.
 */
const ESTIMATED_SECONDS = {
  'cfn-lint.test.ts': 105,
  'widget-values.test.ts': 78,
  'dashboard-pages.test.ts': 70,
  'dashboard-templates.test.ts': 70,
  'dashboard-settings.test.ts': 69,
  'dashboard-hooks.test.ts': 58,
  'local-stop.test.ts': 55,
  'importctl.test.ts': 53,
  'widget-failures.test.ts': 45,
  'cdk.test.ts': 42,
  'validation-hooks.test.ts': 41,
  'local-stack.test.ts': 40,
  'import-listing.test.ts': 36,
  'dashboard-team.test.ts': 35,
  'webhooks.test.ts': 31,
  'import-deadlines.test.ts': 31,
  'widget-scenarios.test.ts': 29,
  'clients.test.ts': 27,
  'widget-hooks.test.ts': 26,
  'dashboard-auth.test.ts': 25,
  'mapping-review.test.ts': 25,
};

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
    return keyed.map(({ test, duration }) => Object.assign(test, { duration }));
  }
}

module.exports = LongestFirstSequencer;
