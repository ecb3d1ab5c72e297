import http from 'node:http';
import { Messages, api, type ApiRoute } from '@freight/contracts';
import { ALLOWED_ORIGIN, HEAD, PUBLIC_ORIGIN, newUser, type Reply, stackForFile } from '../testing/gateway-stack.js';

const suite = stackForFile();
const { call } = suite;

/** A request with any Host header (fetch will not send a forged one), answered as a Reply. */
function rawCall(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Reply> {
  const { hostname, port } = new URL(suite.stack.gateway.baseUrl);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: hostname, port, method, path, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers as Record<string, string>, body: text ? JSON.parse(text) : undefined }),
        );
      },
    );
    request.on('error', reject).end(payload);
  });
}

const usernames = async (text: string) =>
  ((await call('GET', `/api/users/search/${text}`, { token: suite.head.token })).body.users as { username: string }[]).map((u) => u.username);

describe('a call without a valid token', () => {
  // Every staff route of the table, users', branches' and any added later: the guard comes before validation and the service.
  const staffRoutes = Object.entries(api as Record<string, ApiRoute>).filter(([, route]) => route.access === 'staff');
  const urlOf = (route: ApiRoute) => route.path.replace(/\{[^}]+\}/g, 'emp1') + (route.path === '/api/users/update' ? '?term=a&updateterm=b' : '');

  it.each(staffRoutes)('%s: 401 with the catalogue text, with no token and with a forged one', async (_name, route) => {
    const refused = { code: 'UNAUTHORIZED', message: Messages.unauthorized };
    expect(await call(route.method, urlOf(route))).toMatchObject({ status: 401, body: refused });
    expect(await call(route.method, urlOf(route), { token: `${suite.head.token.slice(0, -4)}AAAA` })).toMatchObject({ status: 401, body: refused });
  });
});

describe('origin checks cannot be talked round with the Host header', () => {
  const spoofed = { host: 'evil.example:8282', origin: 'http://evil.example:8282' };

  it('a forged Host matching the Origin gets no allow-origin, on the preflight or the call', async () => {
    const preflight = await rawCall('OPTIONS', '/api/users/add', {
      ...spoofed,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type',
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();

    const read = await rawCall('GET', '/api/users/all', { ...spoofed, authorization: `Bearer ${suite.head.token}` });
    expect(read.status).toBe(403);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.body).toEqual({ code: 'FORBIDDEN', message: 'Calls from the origin http://evil.example:8282 are not allowed.' });

    const write = await rawCall('POST', '/api/users/add', { ...spoofed, authorization: `Bearer ${suite.head.token}` }, newUser('host.forger', 'Employee'));
    expect(write.status).toBe(403);
    expect(await usernames('host.forger')).toEqual([]);
  });

  it('a foreign origin is refused a preflight for every state-changing method, and the change itself', async () => {
    for (const [method, path] of [
      ['POST', '/api/branches/add'],
      ['PUT', '/api/branches/update/Colombo'],
      ['DELETE', '/api/branches/delete/Colombo'],
    ]) {
      const preflight = await call('OPTIONS', path!, {
        headers: { origin: 'https://evil.example', 'access-control-request-method': method!, 'access-control-request-headers': 'authorization' },
      });
      expect({ method, status: preflight.status, allow: preflight.headers['access-control-allow-origin'] }).toEqual({ method, status: 403, allow: undefined });
    }
    // A client that skips the preflight (not a browser) is refused all the same, and nothing changes.
    expect((await call('DELETE', '/api/users/delete/head', { token: suite.head.token, headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect(await usernames('head')).toEqual(['head']);
  });

  it('the configured public and cross-origin callers get their preflight, for every method', async () => {
    for (const origin of [PUBLIC_ORIGIN, ALLOWED_ORIGIN]) {
      const preflight = await call('OPTIONS', '/api/branches/delete/Colombo', {
        headers: { origin, 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'authorization' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
      expect(preflight.headers['access-control-allow-methods']?.split(/,\s*/)).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']));
    }
  });
});

describe('control characters are refused at validation, never reaching Postgres', () => {
  const expectRefused = (reply: Reply, field: string, found = 'U+0000') => {
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('VALIDATION_FAILED');
    expect(reply.body.details[field]).toBe(`${field} must not contain control characters (found ${found})`);
    expect(reply.body.message).toContain(field);
  };

  it('a NUL byte in a path parameter → 400 naming it', async () => {
    expectRefused(await call('GET', '/api/branches/search/Col%00ombo', { token: suite.head.token }), 'BranchCity');
    expectRefused(await call('GET', '/api/users/search/he%00ad', { token: suite.head.token }), 'username');
    expectRefused(await call('DELETE', '/api/branches/delete/Colombo%00', { token: suite.head.token }), 'BranchCity');
    expect((await call('GET', '/api/branches/search/Colombo', { token: suite.head.token })).body.branches).toHaveLength(1);
  });

  it('a NUL byte in a query parameter → 400 naming it', async () => {
    expectRefused(await call('GET', '/api/users/all?q=he%00ad', { token: suite.head.token }), 'q');
    expectRefused(
      await call('PUT', '/api/users/update?term=suite.head%00&updateterm=head', { token: suite.head.token, body: newUser('head', 'Head') }),
      'term',
    );
  });

  it('a NUL byte in a body field → 400 naming it, and nothing is written', async () => {
    expectRefused(
      await call('POST', '/api/users/add', { token: suite.head.token, body: newUser('nul.byte', 'Employee', { fullName: 'Nul\u0000Byte' }) }),
      'fullName',
    );
    expectRefused(
      await call('POST', '/api/users/add', { token: suite.head.token, body: newUser('nul.pass', 'Employee', { password: 'long-enough\u0000password' }) }),
      'password',
    );
    expectRefused(await call('POST', '/api/users/login', { body: { username: 'head\u0000', password: HEAD.password } }), 'username');
    expectRefused(
      await call('POST', '/api/branches/add', {
        token: suite.head.token,
        body: { BranchCity: 'Nulville', Location: 'Main\u0000Street', Contact: '011 222 3333', Code: 'NUL' },
      }),
      'Location',
    );
    expect(await usernames('nul.')).toEqual([]);
    expect((await call('GET', '/api/branches/search/Nulville', { token: suite.head.token })).body.branches).toEqual([]);
  });

  it('other control characters too: escape, bell and DEL anywhere; line breaks and tabs in one-line fields', async () => {
    expectRefused(await call('GET', '/api/users/all?q=%1B%5B2J', { token: suite.head.token }), 'q', 'U+001B');
    expectRefused(
      await call('POST', '/api/users/add', { token: suite.head.token, body: newUser('bell.user', 'Employee', { fullName: 'Bell\u0007' }) }),
      'fullName',
      'U+0007',
    );
    expectRefused(
      await call('POST', '/api/users/add', { token: suite.head.token, body: newUser('del.user', 'Employee', { contact: '011 222\u007f 3333' }) }),
      'contact',
      'U+007F',
    );
    const newline = await call('POST', '/api/users/add', { token: suite.head.token, body: newUser('line.break', 'Employee', { fullName: 'Line\nBreak' }) });
    expect(newline.status).toBe(400);
    expect(newline.body.details).toEqual({ fullName: 'Full name must be one line without control characters' });
    expect(await usernames('bell.user')).toEqual([]);
    expect(await usernames('line.break')).toEqual([]);
  });
});
