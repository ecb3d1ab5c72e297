import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { webAppConfig } from '../../../libs/web/rspack.base.js';

/** The client portal: a module federation host of the client-portal remote alone, found through its own /remotes.json. */
export default (_env, argv) =>
  webAppConfig({
    path: fileURLToPath(new URL('./dist', import.meta.url)),
    production: argv.mode !== 'development',
    entry: { main: './src/main.ts' },
    output: { publicPath: '/' },
    federation: { name: 'portal', remotes: {} },
    plugins: [new rspack.HtmlRspackPlugin({ template: './src/index.html' }), new rspack.CopyRspackPlugin({ patterns: [{ from: 'public' }] })],
    devServer: {
      port: 4210,
      historyApiFallback: true,
      proxy: [{ context: ['/api'], target: `http://${process.env.GATEWAY_HOST ?? '127.0.0.1'}:${process.env.GATEWAY_PORT ?? 3000}` }],
    },
  });
