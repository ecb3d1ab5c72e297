import preset from '../../../tools/jest/preset.js';

// Unit (*.spec.ts) and integration (*.int-spec.ts, real Postgres) tests.
export default { ...preset, displayName: 'server-database', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'] };
