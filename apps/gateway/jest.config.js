import preset from '../../tools/jest/preset.js';

export default { ...preset, displayName: 'gateway', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts'] };
