import 'reflect-metadata';
import { createNestLogger } from '@freight/server';
import { createGateway } from './app.factory.js';
import { loadGatewayConfig } from './config/gateway.config.js';

async function main(): Promise<void> {
  const config = loadGatewayConfig();
  const logger = createNestLogger('gateway', config.LOG_LEVEL);
  const app = await createGateway(config, logger);
  await app.listen({ host: config.GATEWAY_HOST, port: config.GATEWAY_PORT });
  logger.log(`Gateway listening on http://${config.GATEWAY_HOST}:${config.GATEWAY_PORT}/api`, 'Bootstrap');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
