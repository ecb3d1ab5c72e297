import { fileURLToPath } from 'node:url';
import { webAppConfig } from '../../../libs/web/rspack.base.js';

/**
 * The master-data remote: users and branches. It builds and deploys on its own;
 * the console finds it through /remotes.json. publicPath 'auto' makes its chunks
 * load from wherever remoteEntry.js is served (e.g. /remotes/master-data/).
 */
export default (_env, argv) =>
  webAppConfig({
    path: fileURLToPath(new URL('./dist', import.meta.url)),
    production: argv.mode !== 'development',
    output: { publicPath: 'auto', uniqueName: 'masterData' },
    federation: {
      name: 'masterData',
      filename: 'remoteEntry.js',
      exposes: { './routes': './src/routes.tsx', './menu': './src/menu.ts' },
    },
    devServer: { port: 4201, headers: { 'Access-Control-Allow-Origin': '*' } },
  });
