import 'reflect-metadata';
import { runMain, startService } from '@freight/server';
import { AppModule } from './app.module.js';
import { SERVICE, loadAccountsConfig } from './config.js';

runMain(async () => {
  const config = loadAccountsConfig();
  await startService({ service: SERVICE, module: AppModule.register(config), config });
});
