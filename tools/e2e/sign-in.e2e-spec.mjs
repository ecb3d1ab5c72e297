import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { launchBrowser, target } from './browser.mjs';

describe('staff sign-in (smoke)', () => {
  let browser;
  let page;
  const { url, head } = target();

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the sign-in form at / and lands the Head on /admindashboard', async () => {
    await page.goto(url);
    const username = page.getByLabel(/username/i);
    const password = page.getByLabel(/password/i);
    await username.waitFor({ state: 'visible' });
    await password.waitFor({ state: 'visible' });

    await username.fill(head.username);
    await password.fill(head.password);
    await page.getByRole('button', { name: /sign in|log ?in/i }).click();

    await page.waitForURL((u) => u.pathname === '/admindashboard');
    expect(await page.evaluate(() => localStorage.getItem('user_role'))).toBe('Head');
  });
});
