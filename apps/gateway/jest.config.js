import preset, { withTestNats } from '../../tools/jest/preset.js';

export default { ...preset, ...withTestNats, displayName: 'gateway', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'] };
