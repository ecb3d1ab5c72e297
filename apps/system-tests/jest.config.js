import preset, { withTestNats } from '../../tools/jest/preset.js';

// The whole back end over real HTTP, NATS and Postgres: every registered service started from
// its `dist`, built first (services-setup.js), with the gateway in process in front of them.
export default {
  ...preset,
  ...withTestNats,
  globalSetup: '<rootDir>/../../tools/jest/services-setup.js',
  displayName: 'system-tests',
  // Two files at a time, each with its own stack (databases, NATS namespace): much of a file's time
  // is spent waiting (services starting, events crossing NATS), not on the CPU. Jest's default on
  // 2 cores is one.
  maxWorkers: 2,
  testMatch: ['<rootDir>/src/**/*.int-spec.ts'],
};
