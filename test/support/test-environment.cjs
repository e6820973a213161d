// jest's Node environment, plus Playwright loaded by Node itself, outside the test files' sandboxes
// (test/support/browser.ts takes it from there). Inside a sandbox jest loads and compiles Playwright's
// 7 MB of bundles again for every browser test file: 0.6 s of CPU each time, measured here, for 19
// files a run. Loaded by Node, it is compiled once per worker. Only Playwright, a client of the run's
// one Chromium with no state of its own between files: the service's code and the SDK stay in each
// file's sandbox, as jest isolates them.
const { TestEnvironment } = require('jest-environment-node');

const PLAYWRIGHT = Symbol.for('import-service.playwright');

class ServiceTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    // A getter: files that drive no browser never load it.
    Object.defineProperty(this.global, PLAYWRIGHT, { get: () => require('playwright-core') });
  }
}

module.exports = ServiceTestEnvironment;
