import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';

// The portal composes the client-portal remote at run time (module federation). Here the kit's
// registry hands the remote's real routes module to the host's slot (a path held in a variable:
// hosts and remotes never import each other in code that ships), mocked before the kit loads.
const REMOTE_ROUTES = '../../client-portal/src/routes.js';
const loaded: string[] = [];
jest.unstable_mockModule('../../../../libs/web/kit/src/remote-registry.js', () => ({
  REGISTRY_URL: '/remotes.json',
  parseRegistry: (value: unknown) => value,
  loadRegistry: async () => ({ clientPortal: '/remotes/client-portal/remoteEntry.js' }),
  loadRemoteModule: async (remote: string, exposed: string) => {
    loaded.push(`${remote}/${exposed}`);
    return (await import(REMOTE_ROUTES)) as { default: ComponentType };
  },
}));
const { aClientBooking, axeProblems, fakeGateway, renderAsClient, reply, CLIENT } = await import('@freight/web-kit/testing');
const { setSessionNavigator } = await import('@freight/web-kit');
const { routes } = await import('./router.js');
const { clientLoginRoute } = await import('./pages/client-login.page.js');
const { SIGN_IN_REASONS, api } = await import('@freight/contracts');

const gateway = fakeGateway();
const at = (router: { state: { location: { pathname: string } } }) => router.state.location.pathname;

function signInReply(role: 'consignee' | 'shipper') {
  return () =>
    reply({ username: CLIENT.username, role, ourfullname: CLIENT.fullName, client_id: CLIENT.id, token: 'tok-c', expiresAt: Date.now() + 3_600_000 });
}

function clientPagesFake() {
  gateway.routes['GET /api/clientnews/active'] = () => reply([{ _id: 'n1', news: 'Port of Colombo closed on Poya day', isActive: true }]);
  gateway.routes[`GET /api/consigneeanc/active/${CLIENT.username}`] = () => reply({ data: [] });
  gateway.routes[`GET /api/shipments/allbooklistconsignee/${CLIENT.username}`] = () => reply([aClientBooking()], 200, { 'X-Total-Count': '1' });
  gateway.routes[`GET /api/shipments/allbooklistshipper/${CLIENT.username}`] = () =>
    reply([aClientBooking({ jobNo: 'IMP-000009' })], 200, { 'X-Total-Count': '1' });
}

async function signIn(username: string, password: string) {
  fireEvent.change(await screen.findByLabelText(/^Username/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('the portal: /clientlogin in the host, the client screens from the client-portal remote', () => {
  beforeEach(() => {
    loaded.length = 0;
    localStorage.clear();
  });

  it("every page ends with the company's footer: the current year and the configured name (GET /api/company)", async () => {
    clientPagesFake();
    gateway.routes['GET /api/company'] = () =>
      reply({ name: 'Lanka Ocean Lines', address: '45 Harbour Street', phone: '+94 11 234 5678', email: 'hello@lanka.example', logoUrl: '' });
    renderAsClient(null, '/clientlogin', routes, { asHost: true });
    const footer = await screen.findByText(`© ${new Date().getFullYear()} Lanka Ocean Lines. All rights reserved.`, { exact: false });
    expect(footer.closest('footer')!.textContent).toContain('45 Harbour Street');
  });

  it('a consignee signs in and lands on Ocean Visibility, drawn by the remote with the client token', async () => {
    clientPagesFake();
    gateway.routes['POST /api/clientlogin/myclientlogin'] = signInReply('consignee');
    const router = renderAsClient(null, '/clientlogin', routes, { asHost: true });
    expect(await screen.findByRole('heading', { name: 'Client Login' })).toBeTruthy();
    expect(await screen.findByText('Port of Colombo closed on Poya day')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'HOME' }).getAttribute('href')).toBe('/');
    expect(await axeProblems()).toEqual([]);

    await signIn('lanka', 'secret-pass');
    await waitFor(() => expect(at(router)).toBe('/consigneeshipmentview'));
    expect(await screen.findByRole('heading', { name: 'Ocean Visibility' })).toBeTruthy();
    expect(await screen.findByText('IMP-000001')).toBeTruthy();
    expect(loaded).toEqual(['clientPortal/./routes']);
    expect(gateway.calls.find((c) => c.url === '/api/clientlogin/myclientlogin')?.body).toEqual({ username: 'lanka', password: 'secret-pass' });
    expect(localStorage.getItem('client_login')).toBe('true');
    expect(localStorage.getItem('myfullname')).toBe(CLIENT.fullName);
    expect(localStorage.getItem('client_id')).toBe(CLIENT.id);
    const bookings = (globalThis.fetch as jest.Mock<typeof fetch>).mock.calls.find(([url]) => String(url).includes('allbooklistconsignee'));
    expect((bookings?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok-c');
  });

  it('a shipper lands on their bookings', async () => {
    clientPagesFake();
    gateway.routes['POST /api/clientlogin/myclientlogin'] = signInReply('shipper');
    const router = renderAsClient(null, '/clientlogin', routes, { asHost: true });
    await signIn('lanka', 'secret-pass');
    await waitFor(() => expect(at(router)).toBe('/shippershipmentview'));
    expect(await screen.findByText('IMP-000009')).toBeTruthy();
  });

  it.each([401, 500, 0])('any failure of the sign-in (%s) says "Invalid username or password" and leaves client_login false', async (status) => {
    clientPagesFake();
    gateway.routes['POST /api/clientlogin/myclientlogin'] = () => {
      if (status === 0) throw new TypeError('Failed to fetch');
      return reply({ message: 'Some other server text', code: 'X' }, status);
    };
    const router = renderAsClient(null, '/clientlogin', routes, { asHost: true });
    await signIn('lanka', 'wrong');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Invalid username or password');
    expect(localStorage.getItem('client_login')).toBe('false');
    expect(localStorage.getItem('token')).toBeNull();
    expect(at(router)).toBe('/clientlogin');
  });

  it("signs in through the contracts' client sign-in route", () => {
    const { method, path, body, reply: answer } = api.clientLogin;
    expect(clientLoginRoute).toEqual({ method, path, body, reply: answer });
  });

  it('asks for both fields before calling the server', async () => {
    clientPagesFake();
    renderAsClient(null, '/clientlogin', routes, { asHost: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(gateway.calls.some((c) => c.url.includes('myclientlogin'))).toBe(false);
  });

  it('the ticker says "No news available" when there is none, and "Loading..." before', async () => {
    gateway.routes['GET /api/clientnews/active'] = () => reply([]);
    renderAsClient(null, '/clientlogin', routes, { asHost: true });
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('No news available')).toBeTruthy();
  });

  it.each(['/consigneeshipmentview', '/viewbookingconsignee/IMP-000001', '/consigneeaccounts', '/shippershipmentview', '/viewbookingshipper/IMP-1'])(
    'a signed-out visit to %s lands on /clientlogin, which says why and, signed in, returns there',
    async (path) => {
      clientPagesFake();
      gateway.routes['GET /api/shipments/clientbooking/IMP-000001'] = () => reply({ success: true, booking: aClientBooking(), timeline: [] });
      gateway.routes['POST /api/clientlogin/myclientlogin'] = signInReply(path.includes('shipper') ? 'shipper' : 'consignee');
      const router = renderAsClient(null, path, routes, { asHost: true });
      expect(await screen.findByRole('heading', { name: 'Client Login' })).toBeTruthy();
      expect(at(router)).toBe('/clientlogin');
      expect(router.state.location.search).toBe(`?reason=signed-out&next=${encodeURIComponent(path)}`);
      expect(screen.getByRole('status').textContent).toBe(SIGN_IN_REASONS['signed-out']);
      expect(loaded).toEqual([]);
      await signIn('lanka', 'secret-pass');
      await waitFor(() => expect(at(router)).toBe(path));
    },
  );

  it.each(['https://evil.example/x', '//evil.example', '/clientlogin'])('a sign-in never follows %s: the landing page instead', async (next) => {
    clientPagesFake();
    gateway.routes['POST /api/clientlogin/myclientlogin'] = signInReply('consignee');
    const router = renderAsClient(null, `/clientlogin?reason=signed-out&next=${encodeURIComponent(next)}`, routes, { asHost: true });
    await signIn('lanka', 'secret-pass');
    await waitFor(() => expect(at(router)).toBe('/consigneeshipmentview'));
  });

  it('a shipper on a consignee page lands on /clientlogin, and from there on their own bookings', async () => {
    clientPagesFake();
    const router = renderAsClient('shipper', '/consigneeaccounts', routes, { asHost: true });
    await waitFor(() => expect(at(router)).toBe('/shippershipmentview'));
    expect(await screen.findByText('IMP-000009')).toBeTruthy();
    expect(gateway.calls.some((c) => c.url.includes('/api/accounts/'))).toBe(false);
  });

  it('an unknown address is "Page not found"', async () => {
    renderAsClient('consignee', '/no-such-page', routes, { asHost: true });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the start page' }).getAttribute('href')).toBe('/clientlogin');
  });

  it('Log Out clears every key, revokes the token and goes to /clientlogin', async () => {
    clientPagesFake();
    gateway.routes['POST /api/clientlogin/logout'] = () => reply({ message: 'Logged out' });
    const router = renderAsClient('consignee', '/consigneeshipmentview', routes, { asHost: true });
    setSessionNavigator((path) => void router.navigate(path, { replace: true }));
    fireEvent.click(await screen.findByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(at(router)).toBe('/clientlogin'));
    for (const key of ['token', 'username', 'myfullname', 'role', 'client_login', 'loginTime', 'client_id']) expect(localStorage.getItem(key)).toBeNull();
    await waitFor(() => expect(gateway.calls.some((c) => c.method === 'POST' && c.url === '/api/clientlogin/logout')).toBe(true));
    expect(await screen.findByRole('heading', { name: 'Client Login' })).toBeTruthy();
  });
});
