import { describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENTRIES, MANTINE_FACADES, SHARED, federationShared, packageDir } from '../../libs/web/federation.shared.js';
import { entryExports, importsOf, packageModuleFiles, readAll, shown, webSourceFiles, zodMembersUsed } from './shared-entries.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const console_ = join(root, 'apps/web/console');
const curated = Object.entries(SHARED).filter(([, config]) => config.entry);
const sources = readAll(webSourceFiles(root));

describe('what the web apps share through module federation', () => {
  const { shared, alias } = federationShared(console_);

  it('shares each library with the semver range of the installed version; singletons where state is one per page', () => {
    expect(Object.keys(shared).sort()).toEqual(Object.keys(SHARED).sort());
    for (const [request, config] of Object.entries(shared))
      expect([request, config.requiredVersion]).toEqual([request, expect.stringMatching(/^\^\d+\.\d+\.\d+/)]);
    const singletons = Object.entries(shared)
      .filter(([, c]) => c.singleton)
      .map(([r]) => r);
    expect(singletons.sort()).toEqual([
      '@freight/web-session',
      '@mantine/modals',
      '@mantine/notifications',
      '@tanstack/react-query',
      'react',
      'react-dom',
      'react-router-dom',
    ]);
    expect(shared['@mantine/core'].requiredVersion).toBe(
      `^${JSON.parse(readAll([join(packageDir('@mantine/core', console_), 'package.json')])[0].text).version}`,
    );
  });

  it('a curated entry stands for its package: the shared module, the fallback and what the apps import resolve to it', () => {
    for (const [request, { entry, of }] of curated) {
      expect(shared[request].import).toBe(join(ENTRIES, entry));
      expect(alias[`${request}$`]).toBe(join(ENTRIES, entry));
      expect(alias[`real-package/${of ?? request}`]).toBe(packageDir(of ?? request, console_));
      expect(shared[request].version).toBe(shared[request].requiredVersion.slice(1));
    }
  });

  it("in a remote, @mantine/core is a facade over the console's two Mantine entries, each shared under the console's key", () => {
    const remote = federationShared(join(root, 'apps/web/master-data'), { remote: true });
    expect(remote.alias['@mantine/core$']).toBe(join(ENTRIES, 'mantine-core-remote.js'));
    expect(remote.shared['@mantine/core']).toBeUndefined();
    expect(remote.shared['@freight/mantine-core'].shareKey).toBe(shared['@mantine/core'].shareKey);
    expect(remote.shared['@freight/mantine-core-extras'].shareKey).toBe(shared['@freight/mantine-core-extras'].shareKey);
    expect(remote.shared['@freight/mantine-core-combobox'].shareKey).toBe(shared['@freight/mantine-core-combobox'].shareKey);
    // One digest for all: an app never mixes its copy of one entry with another's copy of the other.
    expect(shared['@mantine/core'].shareKey.split('#')[1]).toBe(shared['@freight/mantine-core-extras'].shareKey.split('#')[1]);
    expect(shared['@mantine/core'].shareKey.split('#')[1]).toBe(shared['@freight/mantine-core-combobox'].shareKey.split('#')[1]);
    // The reference picker's '@mantine/core' is its own facade over the Combobox entry.
    const [picker] = remote.rules;
    expect(picker.test.test(join(root, 'libs/web/kit/src/reference-picker.tsx'))).toBe(true);
    expect(picker.resolve.alias['@mantine/core$']).toBe(join(ENTRIES, 'mantine-core-picker.js'));
  });

  it('a non-singleton curated entry is shared under a key with a digest of its list; a singleton keeps the package name', () => {
    expect(shared['zod/mini'].shareKey).toMatch(/^zod\/mini#[0-9a-f]{8}$/);
    expect(shared['@mantine/core'].shareKey).toMatch(/^@mantine\/core#[0-9a-f]{8}$/);
    expect(shared['react-router-dom'].shareKey).toBeUndefined();
    for (const [, { singleton, digest }] of curated) expect(Boolean(singleton && digest)).toBe(false);
    // Every app of one build computes the same key.
    expect(federationShared(join(root, 'apps/web/master-data')).shared['zod/mini'].shareKey).toBe(shared['zod/mini'].shareKey);
  });
});

describe('the curated entries have every name the bundles import', () => {
  const exported = entryExports(root, Object.fromEntries(curated.map(([request, { entry }]) => [request, join(ENTRIES, entry)])));

  // What a remote's '@mantine/core' offers: the console's entry and the extras (mantine-core-remote.js);
  // a module with a facade of its own (the reference picker), only its entry.
  const offered = (request, file) => {
    const facade = MANTINE_FACADES.find(({ issuer }) => issuer.test(file));
    if (request === '@mantine/core' && facade) return exported[facade.entry].exports;
    return request === '@mantine/core' && !file.startsWith(join(root, 'apps/web/console'))
      ? [...exported[request].exports, ...exported['@freight/mantine-core-extras'].exports]
      : exported[request].exports;
  };

  it.each(curated.map(([request]) => [request]))('%s: every name the web apps import from it', (request) => {
    const missing = [];
    const unchecked = [];
    for (const { file, text } of sources) {
      const found = importsOf(text, request);
      for (const name of found.names) if (!offered(request, file).includes(name)) missing.push(`${name} (${shown(root, file)})`);
      for (const form of found.unchecked) unchecked.push(`${form} (${shown(root, file)})`);
    }
    expect({ missing, unchecked }).toEqual({ missing: [], unchecked: [] });
  });

  it.each(curated.filter(([, c]) => c.importedBy).map(([request, c]) => [request, c.importedBy]))('%s: every name %j import from it', (request, importers) => {
    const missing = [];
    for (const importer of importers) {
      for (const { file, text } of readAll(packageModuleFiles(packageDir(importer, console_)))) {
        for (const name of importsOf(text, request).names) if (!exported[request].exports.includes(name)) missing.push(`${name} (${shown(root, file)})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('zod: every member of `z` the web apps and the contracts call', () => {
    const missing = sources.flatMap(({ file, text }) =>
      zodMembersUsed(text)
        .filter((name) => !exported['zod/mini'].z.includes(name))
        .map((name) => `z.${name} (${shown(root, file)})`),
    );
    expect(missing).toEqual([]);
  });

  it('the web apps and the contracts take zod/mini only: one value import of classic zod would bundle all of it (26 KB)', () => {
    const classic = sources
      .filter(({ text }) => importsOf(text, 'zod').names.length + importsOf(text, 'zod').unchecked.length > 0)
      .map(({ file }) => shown(root, file));
    expect(classic).toEqual([]);
  });

  it("nothing reaches past the router entry to react-router itself (a second router would not see the console's)", () => {
    const direct = sources.filter(({ text }) => /from\s*['"]react-router(\/[^'"]*)?['"]/.test(text)).map(({ file }) => shown(root, file));
    expect(direct).toEqual([]);
  });
});

describe('reading imports', () => {
  it('finds value imports in source and minified forms, not type imports', () => {
    const text = [
      "import { Button, type ButtonProps, Group as G } from '@mantine/core';",
      "import type { MantineTheme } from '@mantine/core';",
      'import{get as e,set as r}from"react-hook-form";',
      "import * as M from '@mantine/core';",
      "export * from '@mantine/core';",
    ].join('\n');
    expect(importsOf(text, '@mantine/core')).toEqual({
      names: ['Button', 'Group'],
      unchecked: ["import * as M from '@mantine/core'", "export * from '@mantine/core'"],
    });
    expect(importsOf(text, 'react-hook-form').names).toEqual(['get', 'set']);
    expect(importsOf("import { z } from 'zod';", 'zod/mini').names).toEqual([]);
  });

  it('finds the members of z that are called or read, not types', () => {
    const text = 'const a = z.object({ n: z.coerce.number(), s: z.string().min(1) }); type A = z.infer<typeof a>; let b: z.ZodType; x.z.foo();';
    expect(zodMembersUsed(text)).toEqual(['object', 'coerce', 'string']);
  });

  it('finds them when the call is on the next line, as formatters write chains', () => {
    expect(zodMembersUsed('const m = z\n  .union([a, b])\n  .pipe(z.string());')).toEqual(['union', 'string']);
  });
});
