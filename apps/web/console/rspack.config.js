import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { sharedModules } from '../../../libs/web/federation.shared.js';

const dir = (path) => fileURLToPath(new URL(path, import.meta.url));

/** The staff console: the module federation host. Remote URLs come from /remotes.json at run time. */
export default (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    entry: { main: './src/main.ts' },
    output: {
      path: dir('./dist'),
      publicPath: '/', // deep routes (/admindashboard/...) must still find the scripts
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.ts', '.tsx', '.js'],
      // Workspace libraries are bundled from their sources (their package.json "source" condition).
      conditionNames: ['source', 'browser', 'import', 'module', 'default'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({ template: './src/index.html' }),
      new rspack.CopyRspackPlugin({ patterns: [{ from: 'public' }] }),
      new ModuleFederationPlugin({
        name: 'console',
        remotes: {},
        shared: sharedModules,
        dts: false,
      }),
    ],
    devServer: {
      port: 4200,
      historyApiFallback: true,
      proxy: [{ context: ['/api'], target: `http://${process.env.GATEWAY_HOST ?? '127.0.0.1'}:${process.env.GATEWAY_PORT ?? 3000}` }],
    },
    performance: { hints: false },
  };
};
