import preset, { withTestNats } from '../../tools/jest/preset.js';

// The gateway's own code: unit tests, and its NATS client against the run's nats-server. The
// gateway in front of the real services is tested in apps/system-tests.
export default {
  ...preset,
  ...withTestNats,
  displayName: 'gateway',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
};
