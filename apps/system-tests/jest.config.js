import preset, { withTestNats } from '../../tools/jest/preset.js';

// The whole back end over real HTTP, NATS and Postgres: every registered service started from
// its `dist`, built first (services-setup.js), with the gateway in process in front of them.
export default {
  ...preset,
  ...withTestNats,
  globalSetup: '<rootDir>/../../tools/jest/services-setup.js',
  displayName: 'system-tests',
  testMatch: ['<rootDir>/src/**/*.int-spec.ts'],
};
