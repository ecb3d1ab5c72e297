import preset from '../../../tools/jest/preset.js';

export default { ...preset, displayName: 'tracking', testEnvironment: '<rootDir>/../../../libs/web/jest.environment.js' };
