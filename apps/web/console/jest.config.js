import preset from '../../../tools/jest/preset.js';

export default { ...preset, displayName: 'console', testEnvironment: '<rootDir>/../../../libs/web/jest.environment.js' };
