import preset from '../../../tools/jest/preset.js';

export default { ...preset, displayName: 'master-data', testEnvironment: '<rootDir>/../../../libs/web/jest.environment.js' };
