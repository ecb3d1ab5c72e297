import { startSystem } from '../dev/start.mjs';

/**
 * Starts the system for the e2e run; the tests read where it is from E2E_* variables. SMTP_URL
 * is cleared, so the run's e-mail goes to its own mail catcher, never to a configured server.
 */
export default async function globalSetup() {
  const system = await startSystem({ isolated: { label: 'e2e' }, build: process.env.E2E_BUILD === '1', out: process.stderr, env: { SMTP_URL: '' } });
  globalThis.__FREIGHT_SYSTEM__ = system;
  process.env.E2E_BASE_URL = system.url;
  process.env.E2E_PORTAL_URL = system.portalUrl;
  process.env.E2E_HEAD_USERNAME = system.headLogin.username;
  process.env.E2E_HEAD_PASSWORD = system.headLogin.password ?? '';
  process.env.E2E_MAIL_INBOX_URL = system.mailInboxUrl ?? '';
  process.env.E2E_SUPPORT_EMAIL = system.env.SUPPORT_EMAIL ?? '';
}
