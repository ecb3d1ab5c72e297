import preset from '../../../tools/jest/preset.js';

export default { ...preset, displayName: 'web-session', testEnvironment: '<rootDir>/../jest.environment.js' };
