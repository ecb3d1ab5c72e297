import preset, { withTestNats } from '../../tools/jest/preset.js';

// Its integration tests start every registered service from `dist`: built first (services-setup.js).
export default {
  ...preset,
  ...withTestNats,
  globalSetup: '<rootDir>/../../tools/jest/services-setup.js',
  displayName: 'gateway',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'],
};
