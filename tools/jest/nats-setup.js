// Jest globalSetup of the projects whose tests talk to NATS: one authenticated nats-server
// for the run (generated configuration, free port, temporary folder) and each service's request key,
// handed to the tests through FREIGHT_TEST_NATS (read by libs/server/testing). Stopped by
// nats-teardown.js. Its identities are those of every service of the registry (services.mjs).
import { SERVICES } from '../dev/services.mjs';
import { startTestNats } from '../dev/nats.mjs';

export default async function natsSetup() {
  const nats = await startTestNats(SERVICES);
  globalThis.__FREIGHT_TEST_NATS__ = nats;
  process.env.FREIGHT_TEST_NATS = JSON.stringify(nats.env);
}
