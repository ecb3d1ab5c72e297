import preset from '../../../tools/jest/preset.js';

export default { ...preset, displayName: 'web-domain', testEnvironment: '<rootDir>/../jest.environment.js' };
