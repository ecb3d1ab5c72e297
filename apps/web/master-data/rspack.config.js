import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { sharedModules } from '../../../libs/web/federation.shared.js';

const dir = (path) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The master-data remote: users and branches. It builds and deploys on its own;
 * the console finds it through /remotes.json. publicPath 'auto' makes its chunks
 * load from wherever remoteEntry.js is served (e.g. /remotes/master-data/).
 */
export default (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    entry: {},
    output: {
      path: dir('./dist'),
      publicPath: 'auto',
      uniqueName: 'masterData',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.ts', '.tsx', '.js'],
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
      new ModuleFederationPlugin({
        name: 'masterData',
        filename: 'remoteEntry.js',
        exposes: { './routes': './src/routes.tsx' },
        shared: sharedModules,
        manifest: true,
        dts: false,
      }),
    ],
    devServer: {
      port: 4201,
      headers: { 'Access-Control-Allow-Origin': '*' },
    },
    performance: { hints: false },
  };
};
