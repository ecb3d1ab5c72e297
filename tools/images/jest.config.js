// The image test (tools/images/*.images-spec.mjs): the whole system from the images of `npm run images`.
// Slow (minutes), so outside `npm test`: `FREIGHT_IMAGE_TESTS=1 bash .ci/run`, or alone
// `node --experimental-vm-modules node_modules/jest/bin/jest.js -c tools/images/jest.config.js`.
export default {
  displayName: 'images',
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.images-spec.mjs'],
  transform: {},
  maxWorkers: 1,
  testTimeout: 60_000,
};
