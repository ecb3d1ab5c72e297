import { jest } from '@jest/globals';
import { IDEMPOTENCY_KEY_HEADER, Messages, api, type Branch, type LoginResponse, type User } from '@freight/contracts';
import { getClientSession, getSession, setApiBase, setSessionKind, setSessionNavigator, startClientSession, startSession } from '@freight/web-session';
import {
  ApiError,
  DOWNLOAD_CUT_SHORT_MESSAGE,
  NETWORK_MESSAGE,
  NOT_JSON_MESSAGE,
  apiRequest,
  attachmentName,
  callApi,
  downloadFile,
  isApiError,
  type ListPage,
} from './api-client.js';

const login: LoginResponse = { token: 'tok-9', user_id: 'u', user_role: 'Head', user_username: 'h', user_fullName: 'H', expiresAt: 0 };
const newBranch = { BranchCity: 'Galle', Location: 'Fort', Contact: '0912223344', Code: 'GAL' };
const newUser = {
  fullName: 'A B',
  username: 'ab',
  email: 'a@b.co',
  password: 'quiet-harbour-lantern',
  branchCity: 'Kandy',
  contact: '0771234567',
  role: 'Admin',
  department: 'Import',
} as const;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('api client', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  let navigated: string[];

  beforeEach(() => {
    localStorage.clear();
    setApiBase('/api');
    navigated = [];
    setSessionNavigator((p) => navigated.push(p));
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
  });

  it('sends the bearer token of the session and JSON bodies to the configured base', async () => {
    startSession(login);
    setApiBase('https://api.example.com/api/');
    fetchMock.mockResolvedValue(json({ ok: true }));
    await apiRequest('/api/users/add', { method: 'POST', body: { a: 1 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://api.example.com/api/users/add');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-9');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it('turns a JSON error body into an ApiError with message, code, status and details', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Email is taken', code: 'CONFLICT', details: { email: 'Email is taken' } }, 409));
    const error = await apiRequest('/api/users/add', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Email is taken', code: 'CONFLICT', status: 409, details: { email: 'Email is taken' } });
  });

  it('falls back to the catalogue texts when the error body is not JSON', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>oops</html>', { status: 502 }));
    await expect(apiRequest('/api/users/all')).rejects.toMatchObject({ message: 'HTTP error! Status: 502', status: 502, fromServer: false });
    fetchMock.mockResolvedValueOnce(new Response('', { status: 403 }));
    await expect(apiRequest('/api/users/all')).rejects.toMatchObject({ message: Messages.forbidden, status: 403, fromServer: false });
    fetchMock.mockResolvedValueOnce(json({ message: ' ' }, 500));
    await expect(apiRequest('/api/users/all')).rejects.toMatchObject({ message: 'HTTP error! Status: 500', fromServer: false });
  });

  it("marks a message the server wrote, with or without a code, as the server's", async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'The gateway is not reachable right now.' }, 502));
    await expect(apiRequest('/api/users/all')).rejects.toMatchObject({ message: 'The gateway is not reachable right now.', fromServer: true });
    fetchMock.mockResolvedValueOnce(json({ message: 'Email is taken', code: 'CONFLICT' }, 409));
    await expect(apiRequest('/api/users/all')).rejects.toMatchObject({ fromServer: true });
  });

  it('refuses a success answer that is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('<html></html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    await expect(apiRequest('/api/users/all')).rejects.toMatchObject({ message: NOT_JSON_MESSAGE });
  });

  it('reports an unreachable server as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await apiRequest('/api/users/all').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ message: NETWORK_MESSAGE, status: 0, answered: false, fromServer: false });
  });

  it('logs out on a 401 to a call that carried the token', async () => {
    startSession(login);
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/users/logout') ? json({ message: 'ok' }) : json({ message: Messages.unauthorized, code: 'UNAUTHORIZED' }, 401),
    );
    await expect(apiRequest('/api/users/all')).rejects.toMatchObject({ status: 401, message: Messages.unauthorized });
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigated).toEqual(['/']);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/users/all', '/api/users/logout']);
  });

  describe('on the client portal (session kind client)', () => {
    const clientLogin = { token: 'ctok', username: 'lanka', role: 'consignee', ourfullname: 'Lanka Traders', client_id: 'c1', expiresAt: 0 } as const;
    beforeEach(() => setSessionKind('client'));
    afterEach(() => setSessionKind('staff'));

    it("sends the client's token, on calls and on downloads", async () => {
      startClientSession(clientLogin);
      fetchMock.mockResolvedValueOnce(json([], 200, { 'X-Total-Count': '0' }));
      await callApi(api.shipmentsListConsigneeBookings, { params: { username: 'lanka' }, query: { page: 1, pageSize: 50 } });
      expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBe('Bearer ctok');
      URL.createObjectURL = () => 'blob:x';
      URL.revokeObjectURL = () => {};
      fetchMock.mockResolvedValueOnce(new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }));
      await downloadFile(api.accountsStatementPdf, { from: '2026-01-01', to: '2026-01-31' }, 'statement.pdf', { consignee_id: 'c1' });
      const [url, init] = fetchMock.mock.calls[1]!;
      expect(url).toBe('/api/accounts/statement/c1/statement.pdf?from=2026-01-01&to=2026-01-31');
      expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer ctok');
    });

    it('a 401 ends the client session: the client logout call, then /clientlogin', async () => {
      startClientSession(clientLogin);
      fetchMock.mockImplementation(async (input) =>
        String(input).endsWith('/clientlogin/logout') ? json({ message: 'ok' }) : json({ message: Messages.unauthorized, code: 'UNAUTHORIZED' }, 401),
      );
      await expect(apiRequest('/api/shipments/allbooklistconsignee/lanka')).rejects.toMatchObject({ status: 401 });
      expect(getClientSession()).toBeNull();
      expect(localStorage.getItem('client_login')).toBeNull();
      expect(navigated).toEqual(['/clientlogin']);
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/shipments/allbooklistconsignee/lanka', '/api/clientlogin/logout']);
    });
  });

  it('does not log out on a 401 to a call without a token (a failed sign-in)', async () => {
    startSession(login);
    fetchMock.mockResolvedValue(json({ message: 'Invalid username or password', code: 'INVALID_CREDENTIALS' }, 401));
    await expect(apiRequest('/api/users/login', { method: 'POST', body: {}, auth: false })).rejects.toMatchObject({
      message: 'Invalid username or password',
    });
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(getSession()).not.toBeNull();
    expect(navigated).toEqual([]);
  });

  it('reads a page of a list with its total from X-Total-Count and sends the list parameters', async () => {
    fetchMock.mockResolvedValue(json([{ id: 1 }, { id: 2 }], 200, { 'X-Total-Count': '42' }));
    const page = await callApi(api.usersAll, { query: { q: 'ad', sort: 'username', order: 'desc', page: 2, pageSize: 2 } });
    expect(page).toEqual({ items: [{ id: 1 }, { id: 2 }], total: 42 });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/users/all?q=ad&sort=username&order=desc&page=2&pageSize=2');
  });

  it('counts the array when a list answers without X-Total-Count', async () => {
    fetchMock.mockResolvedValue(json([{ id: 1 }]));
    await expect(callApi(api.branchesAll, { query: {} })).resolves.toEqual({ items: [{ id: 1 }], total: 1 });
  });

  it('refuses a list answer that is not an array', async () => {
    fetchMock.mockResolvedValue(json({ items: [] }));
    await expect(callApi(api.branchesAll, { query: {} })).rejects.toMatchObject({ message: NOT_JSON_MESSAGE });
  });

  describe('callApi: the route of the api table says where and how', () => {
    const call = (n = 0) => ({ url: String(fetchMock.mock.calls[n]![0]), init: fetchMock.mock.calls[n]![1]! });

    it('fills the path parameters, encoded, and sends the method of the route', async () => {
      fetchMock.mockResolvedValue(json({ _id: '1', BranchCity: 'Galle Fort/2', Location: 'x', Contact: 'y', Code: 'G' }));
      const branch: Branch = await callApi(api.branchesGet, { params: { BranchCity: 'Galle Fort/2' } });
      expect(branch.BranchCity).toBe('Galle Fort/2');
      expect(call()).toMatchObject({ url: '/api/branches/get/Galle%20Fort%2F2', init: { method: 'GET', body: undefined } });

      fetchMock.mockResolvedValue(json({ message: 'Branch deleted successfully' }));
      await expect(callApi(api.branchesDelete, { params: { BranchCity: 'Kandy' } })).resolves.toEqual({ message: 'Branch deleted successfully' });
      expect(call(1)).toMatchObject({ url: '/api/branches/delete/Kandy', init: { method: 'DELETE' } });
    });

    it('puts the query in the URL (empty values left out) and the body in JSON, with the contract names', async () => {
      const { password: _, ...user } = newUser;
      fetchMock.mockResolvedValue(json({ success: true, message: Messages.userUpdated, user: {} }));
      const reply = await callApi(api.usersUpdate, { query: { term: 'old', updateterm: 'ab' }, body: user });
      expect(reply.message).toBe(Messages.userUpdated);
      expect(call()).toMatchObject({ url: '/api/users/update?term=old&updateterm=ab', init: { method: 'PUT', body: JSON.stringify(user) } });

      fetchMock.mockResolvedValue(json([], 200, { 'X-Total-Count': '0' }));
      await callApi(api.usersAll, { query: { q: '', sort: undefined, page: 1 } });
      expect(call(1).url).toBe('/api/users/all?page=1');
    });

    it('calls a route without parts with no input, and passes the signal and the sign-in without a token', async () => {
      startSession(login);
      fetchMock.mockResolvedValue(json(['Colombo', 'Kandy']));
      const controller = new AbortController();
      const cities: string[] = await callApi(api.branchesUniqueCities, undefined, { signal: controller.signal });
      expect(cities).toEqual(['Colombo', 'Kandy']);
      expect(call().init.signal).toBe(controller.signal);
      expect((call().init.headers as Record<string, string>).Authorization).toBe('Bearer tok-9');

      fetchMock.mockResolvedValue(json(login));
      const reply: LoginResponse = await callApi(api.login, { body: { username: 'h', password: 'p' } }, { auth: false });
      expect(reply.token).toBe('tok-9');
      expect((call(1).init.headers as Record<string, string>).Authorization).toBeUndefined();
    });

    it('is typed by the route: input parts and reply', () => {
      // Compile-time checks (the kit's `test` runs tsc first); the calls are never awaited.
      fetchMock.mockImplementation(() => new Promise(() => {}));
      const typed = async () => {
        const page: ListPage<User> = await callApi(api.usersAll, { query: {} });
        const user: User = await callApi(api.usersGet, { params: { username: 'a' } });
        // @ts-expect-error a get-by-key call needs its key
        await callApi(api.usersGet);
        // @ts-expect-error the key has the contract's name
        await callApi(api.branchesGet, { params: { city: 'Kandy' } });
        // @ts-expect-error a list answers a page, not a user
        const wrong: User = await callApi(api.usersAll, { query: {} });
        // @ts-expect-error the body of an add is the contract's
        await callApi(api.branchesAdd, { body: { city: 'Kandy' } });
        return [page, user, wrong];
      };
      expect(typeof typed).toBe('function');
    });
  });

  it("recognises an ApiError made by another app's copy of the kit, and nothing else", async () => {
    // A remote bundles its own kit: its ApiError is another class, the same in every other respect.
    const { ApiError: OtherCopy } = (await import(`./api-client.js?copy=${Date.now()}`)) as typeof import('./api-client.js');
    const foreign = new OtherCopy('Not found', 404, 'NOT_FOUND');
    expect(foreign).not.toBeInstanceOf(ApiError);
    expect(isApiError(foreign)).toBe(true);
    expect(isApiError(new ApiError('x', 500, 'X'))).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ status: 404 })).toBe(false);
    expect(isApiError(null)).toBe(false);
  });

  describe('creates: one Idempotency-Key per submission, one retry', () => {
    const keyOf = (call: number) => (fetchMock.mock.calls[call]![1]?.headers as Record<string, string>)[IDEMPOTENCY_KEY_HEADER];
    /** Runs the call with fake timers, moving time on until it settles (the retry waits). */
    async function settle<T>(call: Promise<T>): Promise<PromiseSettledResult<T>> {
      const result = Promise.allSettled([call]).then(([r]) => r!);
      await jest.advanceTimersByTimeAsync(10_000);
      return result;
    }
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('sends a new UUID key with each create, and none with other calls', async () => {
      fetchMock.mockImplementation(async () => json({ ok: true }, 201));
      await callApi(api.usersAdd, { body: newUser });
      await callApi(api.branchesAdd, { body: newBranch });
      await callApi(api.login, { body: { username: 'h', password: 'p' } }, { auth: false });
      await callApi(api.branchesUpdate, { params: { BranchCity: 'Galle' }, body: newBranch });
      expect(keyOf(0)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(keyOf(1)).toMatch(/^[0-9a-f-]{36}$/);
      expect(keyOf(1)).not.toBe(keyOf(0));
      expect(keyOf(2)).toBeUndefined();
      expect(keyOf(3)).toBeUndefined();
    });

    it.each([502, 503, 504])('sends a create once more with the same key after %i, and answers the retry', async (status) => {
      fetchMock.mockResolvedValueOnce(json({ message: 'lost', code: 'SERVICE_TIMEOUT' }, status)).mockResolvedValueOnce(json({ success: true }, 201));
      const result = await settle(callApi(api.usersAdd, { body: newUser }));
      expect(result).toEqual({ status: 'fulfilled', value: { success: true } });
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(keyOf(1)).toBe(keyOf(0));
      expect(fetchMock.mock.calls[1]![1]?.body).toBe(JSON.stringify(newUser));
    });

    it('sends it once more after a network failure, with the same key', async () => {
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json({ success: true }, 201));
      await expect(settle(callApi(api.branchesAdd, { body: newBranch }))).resolves.toMatchObject({ status: 'fulfilled' });
      expect(keyOf(1)).toBe(keyOf(0));
    });

    it('retries only once, and reports the second failure', async () => {
      fetchMock
        .mockResolvedValueOnce(json({ message: 'down', code: 'SERVICE_UNAVAILABLE' }, 503))
        .mockResolvedValueOnce(json({ message: 'still down', code: 'SERVICE_UNAVAILABLE' }, 503));
      const result = await settle(callApi(api.usersAdd, { body: newUser }));
      expect(result).toMatchObject({ status: 'rejected', reason: { status: 503, message: 'still down' } });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('waits for the Retry-After it was given before the retry', async () => {
      fetchMock
        .mockResolvedValueOnce(json({ message: 'down', code: 'SERVICE_UNAVAILABLE' }, 503, { 'Retry-After': '3' }))
        .mockResolvedValueOnce(json({ success: true }, 201));
      const call = callApi(api.usersAdd, { body: newUser });
      await jest.advanceTimersByTimeAsync(2900);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(200);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await expect(call).resolves.toMatchObject({ success: true });
    });

    it('does not repeat a create refused by the server (4xx, 500), nor any other call after 503', async () => {
      for (const status of [409, 422, 500]) {
        fetchMock.mockReset().mockResolvedValue(json({ message: 'no', code: 'CONFLICT' }, status));
        await expect(settle(callApi(api.usersAdd, { body: newUser }))).resolves.toMatchObject({ status: 'rejected', reason: { status } });
        expect(fetchMock).toHaveBeenCalledTimes(1);
      }
      const others: (() => Promise<unknown>)[] = [
        () => callApi(api.login, { body: { username: 'h', password: 'p' } }, { auth: false }),
        () => callApi(api.usersAll, { query: {} }, { auth: false }),
        () => callApi(api.branchesUpdate, { params: { BranchCity: 'Galle' }, body: newBranch }, { auth: false }),
        () => callApi(api.usersDelete, { params: { username: 'x' } }, { auth: false }),
      ];
      for (const other of others) {
        fetchMock.mockReset().mockResolvedValue(json({ message: 'down', code: 'SERVICE_UNAVAILABLE' }, 503));
        await expect(settle(other())).resolves.toMatchObject({ status: 'rejected', reason: { status: 503 } });
        expect(fetchMock).toHaveBeenCalledTimes(1);
      }
    });
  });
});

describe('downloadFile', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  let clicked: { href: string; download: string }[];

  beforeEach(() => {
    localStorage.clear();
    setApiBase('/api');
    setSessionNavigator(() => undefined);
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
    clicked = [];
    URL.createObjectURL = jest.fn(() => 'blob:export-1');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
  });

  const csv = (name = 'branches-2026-11-20.csv') =>
    new Response('\uFEFF"Branch Name"\r\n"Galle"\r\n', {
      status: 200,
      headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"` },
    });

  it('asks with the token in the header, never in the URL, and saves the file under the server name', async () => {
    startSession(login);
    fetchMock.mockResolvedValue(csv());
    await downloadFile(api.branchesExport, { q: 'gal le', sort: 'Location', order: undefined }, 'branches.csv');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/branches/export.csv?q=gal+le&sort=Location');
    expect(url).not.toContain('tok-9');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-9');
    expect(clicked).toEqual([{ href: 'blob:export-1', download: 'branches-2026-11-20.csv' }]);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('falls back to the given name when the server names none', async () => {
    fetchMock.mockResolvedValue(new Response('x', { status: 200, headers: { 'content-type': 'text/csv' } }));
    await downloadFile(api.usersExport, undefined, 'users.csv');
    expect(clicked).toEqual([{ href: 'blob:export-1', download: 'users.csv' }]);
    expect(attachmentName('attachment; filename="../../x.csv"')).toBeUndefined();
  });

  it('refuses as an ApiError with the server message, logs out on a 401, and saves nothing', async () => {
    startSession(login);
    fetchMock.mockResolvedValueOnce(json({ message: 'Search text must be at most 100 characters', code: 'VALIDATION_FAILED' }, 400));
    await expect(downloadFile(api.usersExport, { q: 'x' }, 'users.csv')).rejects.toMatchObject({
      status: 400,
      message: 'Search text must be at most 100 characters',
    });
    fetchMock.mockResolvedValueOnce(json({ message: Messages.unauthorized, code: 'UNAUTHORIZED' }, 401));
    await expect(downloadFile(api.usersExport, {}, 'users.csv')).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(downloadFile(api.usersExport, {}, 'users.csv')).rejects.toMatchObject({ status: 0, message: NETWORK_MESSAGE });
    expect(clicked).toEqual([]);
  });

  it('saves nothing when the stream breaks off before its end', async () => {
    // What fetch does when the connection closes before the end of the body.
    const cut = csv();
    cut.blob = () => Promise.reject(new TypeError('network error'));
    fetchMock.mockResolvedValue(cut);
    await expect(downloadFile(api.usersExport, {}, 'users.csv')).rejects.toMatchObject({ message: DOWNLOAD_CUT_SHORT_MESSAGE });
    expect(clicked).toEqual([]);
  });
});
