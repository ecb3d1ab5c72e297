// Module federation `shared` option for the console host and every remote (their rspack
// configs get it through rspack.base.js). It sits beside the web projects, in none of them,
// so that build configs can share it without reaching into a project. ADR 0018 has the
// measurements behind every choice here (`npm run audit:web` takes them).
//
// The third-party libraries that the console and the remotes both use are shared, each with
// the semver range of the version the app was built with (`^x.y.z`): a remote takes the
// console's copy when it satisfies the range and loads its own when not. Singletons, where
// state must be one per page: react and react-dom, the router, the query client, Mantine's
// notifications and modals stores, and @freight/web-session (the stored session, its
// listeners, the one expiry timer, logout, the API base). Every singleton is strict
// (`strictVersion`): a remote whose range the page's copy does not satisfy (built apart, for
// react ^20 on a page with 19.3.0) is refused when it loads — its slot says so in words
// (the kit's RemoteSlot) and the rest of the page works — rather than run against a copy it
// was not built for. A remote built apart with a range the page satisfies loads as any other.
//
// A shared module is bundled whole: no tree shaking, since the app that provides it cannot
// know what another app will use. Where the whole is much larger than what the apps use, the
// apps share a curated entry instead (shared-entries/): a module that re-exports what they
// use, so tree shaking happens inside it. The web apps' imports of the package resolve to it
// (the `alias` below, web builds only; tests, type checks and servers see the real package).
// Gzipped, whole → curated: react-router-dom 61 → 30 KB, @mantine/core 169 → 50 KB, zod
// 89 → 27 KB (classic API; the contracts moved to zod/mini: ≈10 KB), @tanstack/react-query 13 → 10 KB, react-hook-form 16 → 13.5 KB.
// tools/web-audit/shared-entries.spec.mjs checks that each entry has every name the bundles
// import from its package.
//
// Not shared, so each app bundles the copy it was built with: @mantine/hooks (stateless,
// small), @freight/web-kit (stateless components, hooks and the API client), @freight/web-domain
// (the screens' shared domain pieces: booking columns, the statement, …) and
// @freight/contracts (schemas, routes, texts: a console's older copy would lack what a newer
// remote uses). A remote wraps its screens in its own MantineProvider with the kit's theme.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ENTRIES = fileURLToPath(new URL('./shared-entries/', import.meta.url));

/**
 * Mantine is shared as two curated entries: what the console itself shows (mantine-core.js, loaded
 * with the sign-in form) and the components only remote screens use (mantine-core-extras.js: tables,
 * checkboxes, …, loaded with the first remote screen). A remote's `@mantine/core` is a facade that
 * re-exports both (mantine-core-remote.js); the console's is the first alone. Both keys carry one
 * digest of all three files, so an app never mixes its own copy of one with another's copy of the
 * other (two copies of Mantine's internals would mean two theme contexts).
 */
const MANTINE_ENTRIES = ['mantine-core.js', 'mantine-core-extras.js', 'mantine-core-remote.js', 'mantine-core-combobox.js', 'mantine-core-picker.js'];

/**
 * Modules whose `@mantine/core` is a facade of their own: the kit's reference picker takes Mantine's
 * Combobox from a third entry (mantine-core-combobox.js), so that only a screen showing a picker
 * loads it and the other remote screens stay as light as before (docs/adr/0047).
 */
export const MANTINE_FACADES = [{ issuer: /[\\/]reference-picker\.[jt]sx?$/, facade: 'mantine-core-picker.js', entry: '@freight/mantine-core-combobox' }];

/**
 * Modules that take a package from a second file of it, so that they get a module of their own.
 * Rspack keeps one set of used exports per module and build: Mantine's ScrollArea (in the console's
 * Modal, so in every host's first load) imports one small hook, `useMergeRefs`, from
 * @floating-ui/react, which Popover, and so the Combobox entry, uses for all its positioning. With
 * the Combobox entry provided by the same build, that one module carried the positioning too
 * (about 11 KB gzipped) into the chunk the first load needs. ScrollArea's copy (the package's
 * identical `.esm.js` build, tree shaken to the hook) holds no state, so two copies are harmless:
 * every stateful part (contexts, trees) stays in the one the Combobox uses (docs/adr/0047).
 */
const OWN_COPIES = [
  {
    issuer: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
    request: '@floating-ui/react',
    file: 'dist/floating-ui.react.esm.js',
  },
];

/**
 * Every shared library. `entry`: a curated entry in shared-entries/ shared in place of the
 * package; `digest`: the share key carries a digest of the entry's files, so an app built
 * with a different list never takes another's copy (non-singletons only: an app that does
 * not find its list loads its own copy); `importedBy`: packages in the bundles that import
 * this one, so the entry has their names too; `of`: the package a second entry of one package belongs to;
 * `inRemotes`: in a remote, the package is a facade (`facade`) over this entry, shared as `request`.
 * @type {Record<string, { singleton?: boolean, entry?: string, digest?: string[], importedBy?: string[], of?: string, inRemotes?: { request: string, facade: string } }>}
 */
export const SHARED = {
  react: { singleton: true },
  'react-dom': { singleton: true },
  'react-router-dom': { singleton: true, entry: 'react-router-dom.js' },
  '@tanstack/react-query': { singleton: true, entry: 'react-query.js' },
  '@mantine/modals': { singleton: true },
  '@mantine/notifications': { singleton: true },
  '@freight/web-session': { singleton: true },
  '@mantine/core': {
    entry: 'mantine-core.js',
    digest: MANTINE_ENTRIES,
    importedBy: ['@mantine/modals', '@mantine/notifications'],
    inRemotes: { request: '@freight/mantine-core', facade: 'mantine-core-remote.js' },
  },
  '@freight/mantine-core-extras': { entry: 'mantine-core-extras.js', digest: MANTINE_ENTRIES, of: '@mantine/core' },
  '@freight/mantine-core-combobox': { entry: 'mantine-core-combobox.js', digest: MANTINE_ENTRIES, of: '@mantine/core' },
  'zod/mini': { entry: 'zod-mini.js', digest: ['zod-mini.js', 'zod-mini-names.js'] },
  'react-hook-form': { entry: 'react-hook-form.js', digest: ['react-hook-form.js'], importedBy: ['@hookform/resolvers'] },
  '@hookform/resolvers': {},
  '@hookform/resolvers/zod': {},
};

/** The package a request belongs to: '@hookform/resolvers/zod' → '@hookform/resolvers'. */
export const packageOf = (request) =>
  request
    .split('/')
    .slice(0, request.startsWith('@') ? 2 : 1)
    .join('/');

/** The folder of a package as Node would find it from `fromDir` (workspace packages are linked into node_modules). */
export function packageDir(name, fromDir) {
  for (let dir = resolve(fromDir); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`${name} is not installed for ${fromDir}`);
  }
}

const versionIn = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;

function digestOf(files) {
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(join(ENTRIES, file)));
  return hash.digest('hex').slice(0, 8);
}

/**
 * The `shared` option of ModuleFederationPlugin and the resolve aliases of one web app.
 * @param {string} appDir the app's folder: versions are those installed for it
 * @typedef {{ singleton: boolean, requiredVersion: string, strictVersion?: boolean, import?: string, version?: string, shareKey?: string }} SharedConfig
 * @returns {{ shared: Record<string, SharedConfig>, alias: Record<string, string>, rules: object[] }}
 */
export function federationShared(appDir, { remote = false } = {}) {
  const shared = /** @type {Record<string, SharedConfig>} */ ({});
  const alias = /** @type {Record<string, string>} */ ({});
  for (const [request, { singleton = false, entry, digest, of, inRemotes }] of Object.entries(SHARED)) {
    const dir = packageDir(packageOf(of ?? request), appDir);
    const version = versionIn(dir);
    // In a remote, a package with a facade is shared under another request (the facade's import of it).
    const sharedAs = remote && inRemotes ? inRemotes.request : request;
    shared[sharedAs] = {
      singleton,
      requiredVersion: `^${version}`,
      ...(singleton && { strictVersion: true }),
      ...(entry && { import: join(ENTRIES, entry), version }),
      ...(digest && { shareKey: `${request}#${digestOf(digest)}` }),
    };
    if (entry) {
      alias[`${sharedAs}$`] = join(ENTRIES, entry);
      if (sharedAs !== request) alias[`${request}$`] = join(ENTRIES, inRemotes.facade);
      // How the curated entry reaches the package's own files (the request itself now leads to the entry);
      // a subpath ('zod/mini') to its own folder.
      if (!of) alias[`real-package/${request}`] = request === packageOf(request) ? dir : packageDir(request, appDir);
    }
  }
  // A module rule per facade: its `import … from '@mantine/core'` resolves to the facade.
  // And one per module that takes a package from a file of its own (OWN_COPIES).
  /** @type {{ test: RegExp, resolve: { alias: Record<string, string> } }[]} */
  const rules = [
    ...MANTINE_FACADES.map(({ issuer, facade }) => ({ test: issuer, resolve: { alias: { '@mantine/core$': join(ENTRIES, facade) } } })),
    ...OWN_COPIES.map(({ issuer, request, file }) => ({ test: issuer, resolve: { alias: { [`${request}$`]: join(packageDir(request, appDir), file) } } })),
  ];
  return { shared, alias, rules };
}
