import preset from './jest/preset.js';

// Unit tests of the tooling; the e2e suite has its own config (e2e/jest.config.js).
export default { ...preset, displayName: 'tools', testPathIgnorePatterns: [...preset.testPathIgnorePatterns, '<rootDir>/e2e/'] };
