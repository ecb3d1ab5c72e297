import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { favicon, heroFiles, renderPage } from './pages.js';

/**
 * The public microsite (ADR 38): the landing page `/` (dist/index.html) and Track & Trace
 * `/Searchbl` (dist/searchbl.html), static HTML with the content in it, the CSS inlined, one
 * small script each; assets under `/site/` with hashed names; no federation, no UI framework.
 */
export default (_env, argv) => ({
  target: ['web', 'es2022'],
  entry: { home: './src/home.ts', searchbl: './src/searchbl.ts' },
  output: {
    path: fileURLToPath(new URL('./dist', import.meta.url)),
    publicPath: '/site/',
    filename: '[name].[contenthash:8].js',
    chunkFilename: '[name].[contenthash:8].js',
    clean: true,
  },
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
  plugins: [
    // The contracts' password-strength estimator loads its dictionaries on demand; the microsite never
    // calls it, so they are not emitted with it (they would only sit under /site/ unused).
    new rspack.IgnorePlugin({ resourceRegExp: /^@zxcvbn-ts\// }),
    new rspack.HtmlRspackPlugin({
      templateContent: renderPage('index'),
      filename: 'index.html',
      chunks: ['home'],
      scriptLoading: 'module',
      minify: argv.mode !== 'development',
    }),
    new rspack.HtmlRspackPlugin({
      templateContent: renderPage('searchbl'),
      filename: 'searchbl.html',
      chunks: ['searchbl'],
      scriptLoading: 'module',
      minify: argv.mode !== 'development',
    }),
    new rspack.CopyRspackPlugin({
      patterns: [
        { from: fileURLToPath(new URL('./src/robots.txt', import.meta.url)), to: 'robots.txt' },
        favicon,
        ...heroFiles.flat().map(({ from, to }) => ({ from, to })),
      ],
    }),
  ],
  // One script per page: each page is a first visit's only page more often than not.
  optimization: { splitChunks: false },
  // No source maps in production: dist is what the edges serve (docs/adr/0004).
  devtool: argv.mode === 'development' ? 'eval-cheap-module-source-map' : false,
  performance: { hints: false },
});
