import { describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInstance } from '@module-federation/enhanced/runtime';
import { SHARED, federationShared } from '../../libs/web/federation.shared.js';

// The shared singletons of the web apps (libs/web/federation.shared.js, ADR 18): each declared
// with the range of the version it was built with and strict, so that the federation runtime
// lets a remote built apart load when the page's copy satisfies its range and refuses it when not.
const root = fileURLToPath(new URL('../..', import.meta.url));
const singletons = Object.keys(SHARED).filter((name) => SHARED[name].singleton);

describe('federationShared', () => {
  it.each([
    ['the console (host)', 'apps/web/console', false],
    ['a remote', 'apps/web/jobs', true],
  ])('%s declares every singleton strict, with the range of its installed version', (_app, dir, remote) => {
    const { shared } = federationShared(join(root, dir), { remote });
    expect(singletons.length).toBeGreaterThanOrEqual(7);
    for (const name of singletons) {
      expect([name, shared[name]]).toEqual([
        name,
        expect.objectContaining({ singleton: true, strictVersion: true, requiredVersion: expect.stringMatching(/^\^\d+\.\d+\.\d+/) }),
      ]);
    }
    for (const [name, config] of Object.entries(shared).filter(([name]) => !singletons.includes(name))) {
      expect([name, config.singleton, config.strictVersion]).toEqual([name, false, undefined]);
    }
  });
});

describe('the federation runtime with these declarations', () => {
  const page = federationShared(join(root, 'apps/web/console')).shared.react;
  const version = page.requiredVersion.slice(1);
  const major = Number(version.split('.')[0]);

  /** A page (host) that has loaded its react, and a remote built apart asking for `range`. */
  async function remoteAsking(range) {
    const lib = { copy: 'the page’s' };
    const host = createInstance({
      name: 'console',
      remotes: [],
      shareStrategy: 'loaded-first',
      shared: { react: { version, lib: () => lib, shareConfig: { singleton: true, requiredVersion: page.requiredVersion, strictVersion: true } } },
    });
    await host.loadShare('react');
    const factory = await host.loadShare('react', {
      customShareInfo: {
        version: range.replace(/^\^/, ''),
        from: 'clientPortal',
        shareConfig: { singleton: true, requiredVersion: range, strictVersion: true },
      },
    });
    return factory && factory();
  }

  it('a remote built apart with a range the page satisfies gets the page’s copy', async () => {
    await expect(remoteAsking(`^${major}.0.0`)).resolves.toEqual({ copy: 'the page’s' });
    await expect(remoteAsking(page.requiredVersion)).resolves.toEqual({ copy: 'the page’s' });
  });

  it('a remote built for another major is refused, in words the slot reads back', async () => {
    await expect(remoteAsking(`^${major + 1}.0.0`)).rejects.toThrow(
      `Version ${version} from console of shared singleton module react does not satisfy the requirement of clientPortal which needs ^${major + 1}.0.0`,
    );
  });
});
