// Jest: TypeScript through @swc/jest (type-checking is TypeScript 7's `tsc --noEmit`, run first by `npm test`: scripts/test.ts).
// The global setup starts the real local stack (DynamoDB Local + SQS/S3 emulator + gateway) once.
const swc = [
  '@swc/jest',
  { jsc: { target: 'es2023', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } },
];

module.exports = {
  // jest's Node environment, with Playwright loaded once per worker outside the sandboxes (see the file).
  testEnvironment: '<rootDir>/test/support/test-environment.cjs',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(ts|js|mjs)$': swc },
  // ESM-only packages are compiled to CommonJS for the test runtime.
  transformIgnorePatterns: ['/node_modules/(?!(@middy|jose)/)'],
  moduleNameMapper: {
    '^@middy/([a-z-]+)$': '<rootDir>/node_modules/@middy/$1/index.js',
    // numfmt 4.0.1's "require" export names dist/index.cjs, which its package does not ship; its
    // dist/index.js (the "default" export, what Node and esbuild load) is the CommonJS build.
    '^numfmt$': '<rootDir>/node_modules/numfmt/dist/index.js',
  },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // The service's log lines and the in-process local stack's messages go to test-results/logs/, not the output.
  setupFilesAfterEnv: ['<rootDir>/test/support/test-logs.ts', '<rootDir>/test/support/release-connections.ts'],
  testTimeout: 30000,
  // The longest files first, also on a fresh clone where jest has no durations of its own yet.
  testSequencer: '<rootDir>/test/support/sequencer.cjs',
  // Four workers on two cores: a third of the suites mostly wait (webhook retry schedules, deadlines, stacks
  // started and stopped, rate-limit minutes, browsers), and the other workers' files use the cores meanwhile.
  // Measured on this 2-core machine, a fresh clone's `.ci/run`: 541 s with four (jest 469 s), against
  // 579-598 s with three (jest 503-504 s); earlier, three against two: 392 s against 486-511 s.
  maxWorkers: 4,
  // How long jest waits for a worker to end before it kills it and warns that it "failed to exit
  // gracefully". Measured at the end of a full run: each worker's last handle (jest's own IPC pipe) was
  // gone and its 'exit' event fired 1-2 ms after jest asked it to end, but the process, holding ~1.1 GB
  // after 26 files, took 438-519 ms more to be torn down on the busy machine, over jest's default 500.
  // A worker that really hangs (a leaked server or timer) is still killed and reported, after 5 s.
  workerGracefulExitTimeout: 5000,
};
