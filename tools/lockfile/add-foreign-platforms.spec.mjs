import { readFileSync } from 'node:fs';
import { addForeignPlatforms, platformOf } from './add-foreign-platforms.mjs';

describe('platformOf', () => {
  it.each([
    ['@swc/core-darwin-arm64', { os: ['darwin'], cpu: ['arm64'] }],
    ['@swc/core-linux-arm-gnueabihf', { os: ['linux'], cpu: ['arm'], libc: ['glibc'] }],
    ['@nx/nx-linux-x64-musl', { os: ['linux'], cpu: ['x64'], libc: ['musl'] }],
    ['@unrs/resolver-binding-linux-arm-musleabihf', { os: ['linux'], cpu: ['arm'], libc: ['musl'] }],
    ['@swc/core-win32-ia32-msvc', { os: ['win32'], cpu: ['ia32'] }],
  ])('reads %s', (name, platform) => {
    expect(platformOf(name)).toEqual(platform);
  });

  it('leaves packages that name no platform alone', () => {
    expect(platformOf('@rspack/binding-wasm32-wasi')).toBeUndefined();
    expect(platformOf('left-pad')).toBeUndefined();
  });
});

describe('addForeignPlatforms', () => {
  it('adds only the missing platform entries, marked optional, dev when the parent is', () => {
    const lock = {
      packages: {
        '': { name: 'x' },
        'node_modules/@swc/core': {
          version: '1.0.0',
          dev: true,
          optionalDependencies: { '@swc/core-darwin-arm64': '1.0.0', '@swc/core-linux-x64-gnu': '1.0.0' },
        },
        'node_modules/@swc/core-linux-x64-gnu': { version: '1.0.0', integrity: 'sha512-x', optional: true },
      },
    };
    expect(addForeignPlatforms(lock)).toEqual(['@swc/core-darwin-arm64@1.0.0 (for @swc/core)']);
    expect(lock.packages['node_modules/@swc/core-darwin-arm64']).toEqual({ version: '1.0.0', os: ['darwin'], cpu: ['arm64'], dev: true, optional: true });
    expect(lock.packages['node_modules/@swc/core-linux-x64-gnu']).toEqual({ version: '1.0.0', integrity: 'sha512-x', optional: true });
    expect(Object.keys(lock.packages)[0]).toBe('');
  });

  it('finds nothing missing in the committed lockfile (run `npm run lockfile:fix` after npm install)', () => {
    const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8'));
    expect(addForeignPlatforms(lock)).toEqual([]);
  });
});
