import { jest } from '@jest/globals';
import { IDEMPOTENCY_KEY_HEADER, Messages, api, type LoginResponse } from '@freight/contracts';
import { getSession, setApiBase, setSessionNavigator, startSession } from '@freight/web-session';
import { ApiError, NETWORK_MESSAGE, NOT_JSON_MESSAGE, apiList, apiRequest, isApiError } from './api-client.js';

const login: LoginResponse = { token: 'tok-9', user_id: 'u', user_role: 'Head', user_username: 'h', user_fullName: 'H', expiresAt: 0 };

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
    await expect(apiRequest('/api/users/all')).rejects.toMatchObject({ message: 'HTTP error! Status: 502', status: 502 });
    fetchMock.mockResolvedValueOnce(new Response('', { status: 403 }));
    await expect(apiRequest('/api/users/all')).rejects.toMatchObject({ message: Messages.forbidden, status: 403 });
  });

  it('refuses a success answer that is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('<html></html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    await expect(apiRequest('/api/users/all')).rejects.toMatchObject({ message: NOT_JSON_MESSAGE });
  });

  it('reports an unreachable server as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await apiRequest('/api/users/all').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ message: NETWORK_MESSAGE, status: 0, answered: false });
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
    const page = await apiList('/api/users/all', { q: 'ad', sort: 'username', order: 'desc', page: 2, pageSize: 2, status: undefined });
    expect(page).toEqual({ items: [{ id: 1 }, { id: 2 }], total: 42 });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/users/all?q=ad&sort=username&order=desc&page=2&pageSize=2');
  });

  it('counts the array when a list answers without X-Total-Count', async () => {
    fetchMock.mockResolvedValue(json([{ id: 1 }]));
    await expect(apiList('/api/branches/all', {})).resolves.toEqual({ items: [{ id: 1 }], total: 1 });
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
      await apiRequest(api.usersAdd.path, { method: 'POST', body: {} });
      await apiRequest(api.branchesAdd.path, { method: 'POST', body: {} });
      await apiRequest(api.login.path, { method: 'POST', body: {}, auth: false });
      await apiRequest('/api/branches/update/Galle', { method: 'PUT', body: {} });
      expect(keyOf(0)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(keyOf(1)).toMatch(/^[0-9a-f-]{36}$/);
      expect(keyOf(1)).not.toBe(keyOf(0));
      expect(keyOf(2)).toBeUndefined();
      expect(keyOf(3)).toBeUndefined();
    });

    it.each([502, 503, 504])('sends a create once more with the same key after %i, and answers the retry', async (status) => {
      fetchMock.mockResolvedValueOnce(json({ message: 'lost', code: 'SERVICE_TIMEOUT' }, status)).mockResolvedValueOnce(json({ success: true }, 201));
      const result = await settle(apiRequest(api.usersAdd.path, { method: 'POST', body: { a: 1 } }));
      expect(result).toEqual({ status: 'fulfilled', value: expect.objectContaining({ data: { success: true } }) });
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(keyOf(1)).toBe(keyOf(0));
      expect(fetchMock.mock.calls[1]![1]?.body).toBe('{"a":1}');
    });

    it('sends it once more after a network failure, with the same key', async () => {
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json({ success: true }, 201));
      await expect(settle(apiRequest(api.branchesAdd.path, { method: 'POST', body: {} }))).resolves.toMatchObject({ status: 'fulfilled' });
      expect(keyOf(1)).toBe(keyOf(0));
    });

    it('retries only once, and reports the second failure', async () => {
      fetchMock.mockResolvedValueOnce(json({ message: 'down', code: 'SERVICE_UNAVAILABLE' }, 503)).mockResolvedValueOnce(json({ message: 'still down', code: 'SERVICE_UNAVAILABLE' }, 503));
      const result = await settle(apiRequest(api.usersAdd.path, { method: 'POST', body: {} }));
      expect(result).toMatchObject({ status: 'rejected', reason: { status: 503, message: 'still down' } });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('waits for the Retry-After it was given before the retry', async () => {
      fetchMock.mockResolvedValueOnce(json({ message: 'down', code: 'SERVICE_UNAVAILABLE' }, 503, { 'Retry-After': '3' })).mockResolvedValueOnce(json({ success: true }, 201));
      const call = apiRequest(api.usersAdd.path, { method: 'POST', body: {} });
      await jest.advanceTimersByTimeAsync(2900);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(200);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await expect(call).resolves.toMatchObject({ data: { success: true } });
    });

    it('does not repeat a create refused by the server (4xx, 500), nor any other call after 503', async () => {
      for (const status of [409, 422, 500]) {
        fetchMock.mockReset().mockResolvedValue(json({ message: 'no', code: 'CONFLICT' }, status));
        await expect(settle(apiRequest(api.usersAdd.path, { method: 'POST', body: {} }))).resolves.toMatchObject({ status: 'rejected', reason: { status } });
        expect(fetchMock).toHaveBeenCalledTimes(1);
      }
      for (const [path, method] of [[api.login.path, 'POST'], ['/api/users/all', 'GET'], ['/api/branches/update/Galle', 'PUT'], ['/api/users/delete/x', 'DELETE']] as const) {
        fetchMock.mockReset().mockResolvedValue(json({ message: 'down', code: 'SERVICE_UNAVAILABLE' }, 503));
        await expect(settle(apiRequest(path, { method, auth: false }))).resolves.toMatchObject({ status: 'rejected', reason: { status: 503 } });
        expect(fetchMock).toHaveBeenCalledTimes(1);
      }
    });
  });
});
