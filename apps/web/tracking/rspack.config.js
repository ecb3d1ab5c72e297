import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';

/** The public microsite (landing page, contact, staff sign-in, Track & Trace): no federation, no UI framework. */
export default (_env, argv) => ({
  target: ['web', 'es2022'],
  entry: { main: './src/main.ts' },
  output: { path: fileURLToPath(new URL('./dist', import.meta.url)), publicPath: '/site/', filename: '[name].[contenthash:8].js', clean: true },
  resolve: { extensions: ['.ts', '.js'], conditionNames: ['source', 'browser', 'import', 'module', 'default'], extensionAlias: { '.js': ['.ts', '.js'] } },
  module: {
    rules: [
      {
        test: /\.ts$/,
        exclude: /node_modules/,
        loader: 'builtin:swc-loader',
        options: { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } },
        type: 'javascript/auto',
      },
    ],
  },
  plugins: [new rspack.HtmlRspackPlugin({ template: './src/index.html', filename: 'index.html' })],
  devtool: argv.mode === 'development' ? 'eval-cheap-module-source-map' : 'source-map',
  performance: { hints: false },
});
