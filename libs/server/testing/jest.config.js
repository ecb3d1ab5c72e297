import preset, { withTestNats } from '../../../tools/jest/preset.js';

// Unit (*.spec.ts) and integration (*.int-spec.ts, real Postgres and NATS) tests.
export default { ...preset, ...withTestNats, displayName: 'server-testing', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'] };
