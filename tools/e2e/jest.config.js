// End-to-end tests: headless Chromium against the whole system, started once for the run
// (its own database, NATS namespace and ports) by global-setup and removed by global-teardown.
export default {
  displayName: 'e2e',
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.e2e-spec.mjs'],
  transform: {},
  globalSetup: '<rootDir>/global-setup.mjs',
  globalTeardown: '<rootDir>/global-teardown.mjs',
  // The shipment journey first (its job is IMP-000001), then by name.
  testSequencer: '<rootDir>/sequencer.mjs',
  maxWorkers: 1,
  testTimeout: 60_000,
};
