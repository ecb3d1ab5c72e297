import preset from '../../../tools/jest/preset.js';

export default { ...preset, displayName: 'jobs', testEnvironment: '<rootDir>/../../../libs/web/jest.environment.js' };
