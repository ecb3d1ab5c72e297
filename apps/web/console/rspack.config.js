import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { webAppConfig } from '../../../libs/web/rspack.base.js';

/** The staff console: the module federation host. Remote URLs come from /remotes.json at run time. */
export default (_env, argv) =>
  webAppConfig({
    path: fileURLToPath(new URL('./dist', import.meta.url)),
    production: argv.mode !== 'development',
    entry: { main: './src/main.ts' },
    output: { publicPath: '/' }, // deep routes (/admindashboard/...) must still find the scripts
    federation: { name: 'console', remotes: {} },
    plugins: [new rspack.HtmlRspackPlugin({ template: './src/index.html' }), new rspack.CopyRspackPlugin({ patterns: [{ from: 'public' }] })],
    devServer: {
      port: 4200,
      historyApiFallback: true,
      proxy: [{ context: ['/api'], target: `http://${process.env.GATEWAY_HOST ?? '127.0.0.1'}:${process.env.GATEWAY_PORT ?? 3000}` }],
    },
  });
