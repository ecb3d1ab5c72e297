import preset from '../../../tools/jest/preset.js';

export default { ...preset, displayName: 'accounts', testEnvironment: '<rootDir>/../../../libs/web/jest.environment.js' };
