// jest's Node environment, plus Playwright loaded by Node itself, outside the test files' sandboxes
// (test/support/browser.ts takes it from there). Inside a sandbox, jest compiles Playwright's 7 MB of
// bundles again for every browser test file, and Playwright captures a 50-frame stack trace on every call
// (for its logs), which jest's source-map support formats frame by frame. Loaded by Node, it is compiled
// once per worker and its stack traces are Node's own. Only Playwright: the service's code and the SDK
// stay in each file's sandbox, as jest isolates them.
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
