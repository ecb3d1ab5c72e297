import preset from '../../../tools/jest/preset.js';

export default { ...preset, displayName: 'portal', testEnvironment: '<rootDir>/../../../libs/web/jest.environment.js' };
