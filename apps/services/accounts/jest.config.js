import preset, { withTestNats } from '../../../tools/jest/preset.js';

// Unit (*.spec.ts) and integration (*.int-spec.ts, real Postgres and the run's authenticated NATS) tests.
export default {
  ...preset,
  ...withTestNats,
  displayName: 'accounts-service',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
};
