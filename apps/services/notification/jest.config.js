import preset, { withTestNats } from '../../../tools/jest/preset.js';

// Unit (*.spec.ts[x]) and integration (*.int-spec.ts, real Postgres, the run's authenticated NATS and an SMTP server in the test process) tests.
export default {
  ...preset,
  ...withTestNats,
  displayName: 'notification-service',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx', '<rootDir>/src/**/*.int-spec.ts'],
};
