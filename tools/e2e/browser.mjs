import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless Debian Chromium with a fresh profile (Playwright makes a new empty user-data-dir per
 * launch). The flags keep it off the network beyond the page under test.
 */
export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Where the system under test is and who its Head is (set by global-setup). */
export function target() {
  const { E2E_BASE_URL: url, E2E_HEAD_USERNAME: username, E2E_HEAD_PASSWORD: password } = process.env;
  if (!url || !username || !password) throw new Error('E2E_BASE_URL and the Head login are set by tools/e2e/global-setup.mjs: run through jest -c tools/e2e/jest.config.js');
  return { url, head: { username, password } };
}
