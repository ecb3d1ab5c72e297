import preset from '../../../tools/jest/preset.js';

export default {
  ...preset,
  displayName: 'accounts',
  testEnvironment: '<rootDir>/../../../libs/web/jest.environment.js',
  // A style sheet (the charts') is rspack's to bundle; jsdom lays nothing out.
  moduleNameMapper: { '\\.css$': '<rootDir>/style.stub.js', ...preset.moduleNameMapper },
};
