import preset from '../../../tools/jest/preset.js';

export default { ...preset, displayName: 'web-kit', testEnvironment: '<rootDir>/../jest.environment.js' };
