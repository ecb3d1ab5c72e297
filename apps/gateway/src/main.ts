import 'reflect-metadata';
import { createNestLogger, drainOnSignals, pause } from '@freight/server';
import { createGateway } from './app.factory.js';
import { loadGatewayConfig } from './config/gateway.config.js';
import { GatewayDrain } from './health/drain.service.js';

async function main(): Promise<void> {
  const config = loadGatewayConfig();
  const logger = createNestLogger('gateway', config.LOG_LEVEL);
  const app = await createGateway(config, logger);
  await app.listen({ host: config.GATEWAY_HOST, port: config.GATEWAY_PORT });
  logger.log(`Gateway listening on http://${config.GATEWAY_HOST}:${config.GATEWAY_PORT}/api`, 'Bootstrap');
  // The drain (docs/adr/0051-drain-and-probes.md): not ready at once, still answering for
  // DRAIN_DELAY_MS, then the listener closed, the requests in flight answered, the live streams
  // ended with a reconnect hint, the NATS connections drained; exit 0.
  drainOnSignals(async () => {
    app.get(GatewayDrain).start();
    await pause(config.DRAIN_DELAY_MS);
    await app.close();
  }, config.DRAIN_TIMEOUT_MS);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
