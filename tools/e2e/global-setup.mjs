import { freePort } from '../dev/net.mjs';
import { startSystem } from '../dev/start.mjs';

/**
 * Starts the system for the e2e run, in cluster mode (docs/adr/0049-cluster-mode.md): two
 * gateways behind the edge, two replicas of every service, three NATS nodes with every stream on
 * all three, so every journey runs across replicas; the tests read where it is from E2E_* variables. SMTP_URL
 * is cleared, so the run's e-mail goes to its own mail catcher, never to a configured server.
 * Two more ports are set aside for a test's own edge over the same gateway (the independent
 * deployment test): the gateway accepts calls from their origins too (PUBLIC_ORIGINS).
 */
export default async function globalSetup() {
  const sparePorts = [await freePort('127.0.0.1'), await freePort('127.0.0.1')];
  const system = await startSystem({
    isolated: { label: 'e2e' },
    replicas: 2,
    natsNodes: 3,
    // Built first (Nx's cache: seconds when nothing changed), so an edit without a rebuild is never tested as the old code; E2E_BUILD=0 skips it.
    build: process.env.E2E_BUILD !== '0',
    out: process.stderr,
    env: { SMTP_URL: '', PUBLIC_ORIGINS: sparePorts.map((port) => `http://127.0.0.1:${port}`).join(',') },
  });
  globalThis.__FREIGHT_SYSTEM__ = system;
  process.env.E2E_BASE_URL = system.url;
  process.env.E2E_PORTAL_URL = system.portalUrl;
  process.env.E2E_GATEWAY_URLS = system.gatewayUrls.join(',');
  process.env.E2E_BODY_LIMIT_BYTES = system.env.BODY_LIMIT_BYTES;
  process.env.E2E_SPARE_PORTS = sparePorts.join(',');
  process.env.E2E_HEAD_USERNAME = system.headLogin.username;
  process.env.E2E_HEAD_PASSWORD = system.headLogin.password ?? '';
  process.env.E2E_MAIL_INBOX_URL = system.mailInboxUrl ?? '';
  process.env.E2E_SUPPORT_EMAIL = system.env.SUPPORT_EMAIL ?? '';
}
