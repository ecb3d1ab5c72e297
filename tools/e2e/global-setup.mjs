import { startSystem } from '../dev/start.mjs';

/** Starts the system for the e2e run; the tests read where it is from E2E_* variables. */
export default async function globalSetup() {
  const system = await startSystem({ isolated: { label: 'e2e' }, build: process.env.E2E_BUILD === '1', out: process.stderr });
  globalThis.__FREIGHT_SYSTEM__ = system;
  process.env.E2E_BASE_URL = system.url;
  process.env.E2E_HEAD_USERNAME = system.headLogin.username;
  process.env.E2E_HEAD_PASSWORD = system.headLogin.password ?? '';
}
