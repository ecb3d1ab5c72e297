// The rspack configuration every web app of the console shares: TypeScript/TSX
// through SWC, CSS, hashed file names in production and module federation with
// the shared libraries. Each app's rspack.config.js passes only what differs.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { federationShared } from './federation.shared.js';

/**
 * @param {object} app
 * @param {string} app.path       absolute output folder (the app's dist)
 * @param {boolean} app.production
 * @param {object} app.output     output options of this app (publicPath, uniqueName, ...)
 * @param {object} app.federation ModuleFederationPlugin options of this app (name, remotes or exposes, ...)
 * @param {object} [app.entry]
 * @param {object[]} [app.plugins] plugins besides module federation
 * @param {object} [app.devServer]
 */
export function webAppConfig({ path, production, output, federation, entry = {}, plugins = [], devServer }) {
  const fileName = production ? '[name].[contenthash:8].js' : '[name].js';
  // The console is the only host and every remote runs inside it: the remotes use the console's
  // federation runtime instead of carrying their own (remoteEntry.js 29 KB → 10 KB gzipped).
  const remote = Boolean(federation.exposes);
  const { shared, alias, rules } = federationShared(dirname(path), { remote });
  return {
    // ES2022 (every browser the console supports: React 19 and Mantine 9 ship it already): our
    // code and the bundler's runtime unlowered, no ES5 helpers, template literals kept and
    // Unicode property escapes (\p{Cc}) left to the browser instead of expanded to ranges.
    target: ['web', 'es2022'],
    entry,
    output: { path, filename: fileName, chunkFilename: fileName, clean: true, ...output },
    // No source maps in production: the build folder is what the edges serve, and a map there
    // hands anyone our sources (docs/adr/0004).
    devtool: production ? false : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.ts', '.tsx', '.js'],
      // Workspace libraries are bundled from their sources (their package.json "source" condition).
      conditionNames: ['source', 'browser', 'import', 'module', 'default'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      // Curated shared entries in place of whole packages (federation.shared.js).
      alias,
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              target: 'es2022',
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
        ...rules,
      ],
    },
    // dts: false: the type plugin needs a tsconfig per app and prints a spurious EPIPE trace.
    plugins: [
      ...plugins,
      // The build's label (FREIGHT_BUILD_LABEL at build time, '' by default), shown by the kit's PageFrame:
      // which build of a remote a page runs is visible without a developer tool.
      new rspack.DefinePlugin({ 'process.env.FREIGHT_BUILD_LABEL': JSON.stringify(process.env.FREIGHT_BUILD_LABEL ?? '') }),
      new ModuleFederationPlugin({
        ...federation,
        shared,
        // The console loads some shared modules late (the query client, dialogs and toasts, with
        // the first remote screen or toast): it takes a copy already loaded or its own, without
        // first starting every remote to compare versions ('version-first'), which fails while a
        // remote is down and races a remote being loaded. A remote offers its copies as before.
        ...(remote ? {} : { shareStrategy: 'loaded-first' }),
        dts: false,
        experiments: {
          ...(remote ? { externalRuntime: true } : { provideExternalRuntime: true }),
          // target web: leave out the runtime's Node.js paths; disableSnapshot: leave out the manifest
          // reader and preloader (remotes.json names each remote's remoteEntry.js, not its manifest).
          optimization: { target: 'web', disableSnapshot: true },
        },
      }),
    ],
    devServer,
    performance: { hints: false },
  };
}

/**
 * A remote's configuration: built into its own `dist`, its chunks loaded from wherever its
 * remoteEntry.js is served (publicPath 'auto', e.g. /remotes/jobs/); the console finds it
 * through /remotes.json. Every remote exposes `./routes` (its screens) and `./menu` (ADR 20).
 * @param {object} remote
 * @param {string} remote.configUrl the remote's rspack.config.js (`import.meta.url`)
 * @param {string} remote.name      its federation name, the key of /remotes.json
 * @param {number} remote.port      its development server's port
 * @param {object} argv             rspack's arguments (mode)
 */
export function remoteAppConfig({ configUrl, name, port }, argv) {
  return webAppConfig({
    path: fileURLToPath(new URL('./dist', configUrl)),
    production: argv.mode !== 'development',
    output: { publicPath: 'auto', uniqueName: name },
    federation: {
      name,
      filename: 'remoteEntry.js',
      exposes: { './routes': './src/routes.tsx', './menu': './src/menu.ts' },
    },
    devServer: { port, headers: { 'Access-Control-Allow-Origin': '*' } },
  });
}
