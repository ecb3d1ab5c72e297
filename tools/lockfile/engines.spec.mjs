import { readFileSync } from 'node:fs';
import semver from 'semver';

// README and package.json name the oldest Node we support; `npm ci` must not warn that
// an installed package wants a newer one (EBADENGINE). Pin a compatible version with
// "overrides" in package.json when a dependency moves on.
const read = (path) => JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'));

describe('Node engines', () => {
  const supported = semver.minVersion(read('package.json').engines.node);

  it('README names the same oldest Node as package.json', () => {
    expect(readFileSync(new URL('../../README.md', import.meta.url), 'utf8')).toContain(`Node ${supported.major}.${supported.minor}+`);
  });

  it('every package in the lockfile runs on the oldest supported Node', () => {
    const wantNewer = Object.entries(read('package-lock.json').packages)
      .filter(([path, entry]) => path !== '' && !entry.optional && entry.engines?.node)
      .filter(([, entry]) => !semver.satisfies(supported, entry.engines.node))
      .map(([path, entry]) => `${path.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${entry.engines.node}`);
    expect(wantNewer).toEqual([]);
  });
});
