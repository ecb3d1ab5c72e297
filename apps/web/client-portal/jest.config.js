import preset from '../../../tools/jest/preset.js';

export default { ...preset, displayName: 'client-portal', testEnvironment: '<rootDir>/../../../libs/web/jest.environment.js' };
