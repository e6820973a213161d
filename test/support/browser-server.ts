// The one Chromium of a test run (test/support/browser.ts starts it on the first launchBrowser()): each
// browser test file connects to it and gets contexts of its own, instead of starting and stopping a
// Chromium of its own (~1.5 s of CPU each, 22 files). It writes its endpoint to <dir>/browser.ws and ends,
// closing Chromium, on SIGTERM (global-teardown.ts) or when the run is over (run-process.ts whenRunEnds).
// Run with tsx: `node --import tsx test/support/browser-server.ts <dir>`.
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../../scripts/prerequisites';
import { CHROMIUM_ARGS } from './browser';
import { whenRunEnds } from './run-process';

const dir = process.argv[2];
const server = await chromium.launchServer({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
writeFileSync(join(dir, 'browser.ws.tmp'), server.wsEndpoint());
renameSync(join(dir, 'browser.ws.tmp'), join(dir, 'browser.ws'));

let closing = false;
const close = () => {
  if (closing) return;
  closing = true;
  void server.close().finally(() => process.exit(0));
};
process.on('SIGTERM', close);
whenRunEnds(dir, close);
