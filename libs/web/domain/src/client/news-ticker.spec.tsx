import { screen, waitFor } from '@testing-library/react';
import { jest } from '@jest/globals';
import { Route, Routes } from 'react-router-dom';
import { fakeGateway, renderAsClient, reply } from '@freight/web-kit/testing';
import { RequireClient } from '@freight/web-kit';
import { NewsTicker, TICKER_LOOP_SECONDS } from './news-ticker.js';

const gateway = fakeGateway();

describe('NewsTicker', () => {
  it('scrolls the active news 45 s a loop, pausing on hover and focus, still for reduced motion; asks without a token', async () => {
    gateway.routes['GET /api/clientnews/active'] = () =>
      reply([
        { _id: 'n1', news: 'First item', isActive: true },
        { _id: 'n2', news: '  ', isActive: true },
        { _id: 'n3', news: 'Second item', isActive: true },
      ]);
    renderAsClient('consignee', '/', [{ path: '/', element: <NewsTicker /> }]);
    expect(screen.getByText('Loading...')).toBeTruthy();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['First item', 'Second item']);
    expect(TICKER_LOOP_SECONDS).toBe(45);
    const css = document.querySelector('section[aria-label="Client news"] style')!.textContent!;
    expect(css).toContain('animation: freight-ticker 45s linear infinite');
    expect(css).toMatch(
      /\.freight-ticker:hover \.freight-ticker__items, \.freight-ticker:focus-within \.freight-ticker__items \{ animation-play-state: paused; \}/,
    );
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\) \{\s*\.freight-ticker__items \{ animation: none;/);
    expect(screen.getByRole('group').getAttribute('tabindex')).toBe('0');
    const call = (globalThis.fetch as jest.Mock<typeof fetch>).mock.calls.find(([url]) => String(url).includes('clientnews'))!;
    expect((call[1]?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('says "No news available" when there is none, and when the call fails (only logged)', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    gateway.routes['GET /api/clientnews/active'] = () => reply({ message: 'down' }, 503);
    renderAsClient(null, '/', [{ path: '/', element: <NewsTicker /> }]);
    expect(await screen.findByText('No news available')).toBeTruthy();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});

describe('RequireClient', () => {
  const routes = [
    {
      path: '/*',
      element: (
        <Routes>
          <Route path="/consigneeshipmentview" element={<RequireClient role="consignee">consignee screen</RequireClient>} />
          <Route path="/clientlogin" element={<p>sign-in</p>} />
        </Routes>
      ),
    },
  ];

  it('lets the right kind of client in', async () => {
    renderAsClient('consignee', '/consigneeshipmentview', routes);
    expect(await screen.findByText('consignee screen')).toBeTruthy();
  });

  it.each([
    ['a visitor signed out', null],
    ['a shipper', 'shipper'],
  ] as const)('sends %s to /clientlogin', async (_who, role) => {
    const router = renderAsClient(role, '/consigneeshipmentview', routes);
    await waitFor(() => expect(router.state.location.pathname).toBe('/clientlogin'));
    expect(screen.queryByText('consignee screen')).toBeNull();
  });

  it('ends a client session past its 60 minutes: keys cleared, /clientlogin', async () => {
    // A session restored from storage, its hour over (no timer of this page armed for it).
    const stored = { token: 'old', username: 'lanka', myfullname: 'Lanka Traders', role: 'consignee', client_login: 'true', client_id: 'c1' };
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    localStorage.setItem('loginTime', String(Date.now() - 61 * 60 * 1000));
    const router = renderAsClient(null, '/consigneeshipmentview', routes);
    await waitFor(() => expect(router.state.location.pathname).toBe('/clientlogin'));
    await waitFor(() => expect(localStorage.getItem('client_login')).toBeNull());
    expect(gateway.calls.some((c) => c.url === '/api/clientlogin/logout')).toBe(true);
  });
});
