import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { csvExportStandIn, downloadPausedFirst } from './csv-export-stand-in.mjs';
import { waitFor } from './net.mjs';
import { IMMUTABLE, pageSecurityHeaders, REVALIDATE } from './routes.mjs';

import { READY_PATH, READY_POLL_MS, startEdges } from './edge.mjs';

const EDGE = fileURLToPath(new URL('./edge.mjs', import.meta.url));

const BODY_LIMIT = 1024 * 1024;

/**
 * A project folder with a routes.json (and the remote registry it names) and the builds it names:
 * `routes` are the main site's; `otherSites` more sites, as in routes.json.
 */
function project(routes, registry, otherSites = {}) {
  const root = mkdtempSync(join(tmpdir(), 'edge-'));
  mkdirSync(join(root, 'deploy/edge'), { recursive: true });
  const upstreams = {
    gateway: 'gateway:3000',
    'web-host': 'web-host:8080',
    'web-remote': 'web-remote:8080',
    'web-site': 'web-site:8080',
    'web-portal': 'web-portal:8080',
  };
  const main = { urlVariable: 'PUBLIC_SITE_URL', routes };
  if (registry) {
    writeFileSync(join(root, 'remotes.json'), JSON.stringify(registry));
    main.remoteRegistry = 'remotes.json';
  }
  writeFileSync(join(root, 'deploy/edge/routes.json'), JSON.stringify({ upstreams, sites: { main, ...otherSites } }));
  return root;
}

/**
 * Runs the edge as `npm start` does: its own process, configured by EDGE_* variables and the gateway's body limit.
 * `url`: the main site's; `urls`: every site's as printed.
 */
function runEdge(root, upstreams, env = {}) {
  const child = spawn(process.execPath, [EDGE], {
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      EDGE_ROOT: root,
      EDGE_HOST: '127.0.0.1',
      EDGE_PORT: '0',
      EDGE_UPSTREAMS: JSON.stringify(upstreams),
      PORTAL_EDGE_PORT: '0',
      BODY_LIMIT_BYTES: String(BODY_LIMIT),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const sites = Object.keys(JSON.parse(readFileSync(join(root, 'deploy/edge/routes.json'), 'utf8')).sites);
  const urls = new Promise((resolve, reject) => {
    const onData = (data) => {
      output += data;
      const found = Object.fromEntries([...output.matchAll(/^(?:(\S+) )?listening on (\S+)$/gm)].map(([, site = 'main', at]) => [site, at]));
      if (sites.every((site) => found[site])) resolve(found);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`edge exited ${code}: ${output}`)));
  });
  const stop = () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM'))));
  const url = urls.then((all) => all.main);
  url.catch(() => {}); // observed by awaiting `url` or `urls`
  return { url, urls, stop };
}

/** One request with node:http, which (unlike fetch) leaves the body as sent: compressed or not. */
function raw(url, { method = 'GET', headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = ({ headers, body }) =>
  headers['content-encoding'] === 'br' ? brotliDecompressSync(body) : headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;

/** A stand-in for the gateway: always up, listening on a free port. */
async function listen(server) {
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return `http://127.0.0.1:${port}`;
}

const SCRIPT = `console.log(${JSON.stringify('a long enough line of script to be worth compressing '.repeat(60))});\n`;

describe('dev edge', () => {
  const seen = [];
  const exportStandIn = csvExportStandIn();
  let upstream;
  let edge;
  let base;
  let root;

  beforeAll(async () => {
    root = project([
      { path: '/remotes/master-data/', app: 'remote', static: 'remote' },
      { path: '/api/', upstream: 'gateway' },
      { path: '/', app: 'host', static: 'host', spa: true },
    ]);
    mkdirSync(join(root, 'host/static'), { recursive: true });
    mkdirSync(join(root, 'remote'), { recursive: true });
    writeFileSync(join(root, 'host/index.html'), '<h1>host</h1>');
    writeFileSync(join(root, 'host/remotes.json'), '{"masterData":"/remotes/master-data/remoteEntry.js"}');
    writeFileSync(join(root, 'host/static/main.1a2b3c4d.js'), SCRIPT);
    writeFileSync(join(root, 'host/static/tiny.1a2b3c4d.js'), 'console.log(1)');
    writeFileSync(join(root, 'remote/remoteEntry.js'), '{}');

    // Like the gateway: reads the whole body, answers JSON; /api/unavailable is a service outage.
    upstream = createServer((req, res) => {
      let bytes = 0;
      req.on('data', (chunk) => (bytes += chunk.length));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, bytes });
        res.setHeader('content-type', 'application/json; charset=utf-8');
        if (req.url.endsWith('/export.csv')) return exportStandIn.serve(res);
        if (req.url === '/api/unavailable') {
          res.writeHead(503, { 'retry-after': '1' }).end(JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'Try again in a moment.' }));
        } else if (req.url === '/api/users/all') {
          res.end(JSON.stringify({ users: Array.from({ length: 50 }, (_, i) => ({ username: `user${i}`, fullName: `User Number ${i}` })) }));
        } else {
          res.end(JSON.stringify({ ok: true, bytes }));
        }
      });
    });
    edge = runEdge(root, { gateway: await listen(upstream) });
    base = await edge.url;
  });

  afterAll(async () => {
    await edge.stop();
    await new Promise((r) => upstream.close(r));
  });

  it('proxies /api with its path and query, X-Forwarded-For the connection only (a forged one dropped)', async () => {
    const res = await fetch(`${base}/api/users/me?page=2`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, bytes: 0 });
    const last = seen.at(-1);
    expect(last.url).toBe('/api/users/me?page=2');
    expect(last.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(last.headers['x-forwarded-proto']).toBe('http');
  });

  it('serves hashed assets for a year and the page, registry and remote entry revalidated', async () => {
    const asset = await fetch(`${base}/static/main.1a2b3c4d.js`);
    expect(asset.headers.get('cache-control')).toBe(IMMUTABLE);
    for (const path of ['/', '/remotes.json', '/remotes/master-data/remoteEntry.js']) {
      const res = await fetch(base + path);
      expect([path, res.status, res.headers.get('cache-control')]).toEqual([path, 200, REVALIDATE]);
    }
  });

  it('answers a deep link of the single-page app with index.html', async () => {
    const res = await fetch(`${base}/admindashboard/users?x=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(REVALIDATE);
    expect(await res.text()).toBe('<h1>host</h1>');
  });

  it('answers a deep link whose last segment has a dot (a username) with index.html too', async () => {
    const res = await fetch(`${base}/admindashboard/administrativetools/edituserhead/amara.silva`);
    expect([res.status, await res.text()]).toEqual([200, '<h1>host</h1>']);
  });

  it('keeps missing files and unknown remote paths 404', async () => {
    expect((await fetch(`${base}/static/missing.js`)).status).toBe(404);
    expect((await fetch(`${base}/static/missing.1a2b3c4d.css`)).status).toBe(404);
    expect((await fetch(`${base}/remotes/master-data/nothing`)).status).toBe(404);
  });

  it('answers 502 with a message when the upstream is down', async () => {
    const down = runEdge(project([{ path: '/api/', upstream: 'gateway' }]), { gateway: 'http://127.0.0.1:1' });
    const res = await fetch(`${await down.url}/api/health`);
    await down.stop();
    expect(res.status).toBe(502);
    expect(/** @type {{message: string}} */ (await res.json()).message).toMatch(/gateway is not reachable/);
  });

  it('passes a 503 of the gateway through after one upstream request, Retry-After included', async () => {
    const before = seen.length;
    const res = await fetch(`${base}/api/unavailable`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'Try again in a moment.' });
    expect(seen.slice(before).map((r) => r.url)).toEqual(['/api/unavailable']);
  });

  it('tries an upstream that drops the connection once and answers 502', async () => {
    let connections = 0;
    const dropping = createTcpServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    const down = runEdge(project([{ path: '/api/', upstream: 'gateway' }]), { gateway: await listen(dropping) });
    try {
      const res = await fetch(`${await down.url}/api/health`);
      expect(res.status).toBe(502);
      expect(connections).toBe(1);
    } finally {
      await down.stop();
      dropping.close();
    }
  });

  it("refuses a 10 MB body with the gateway's 413 and never forwards it", async () => {
    const before = seen.length;
    const res = await fetch(`${base}/api/users/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: 'x'.repeat(10 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: `The request body is too large: the limit is ${BODY_LIMIT} bytes.` });
    expect(seen.length).toBe(before);
  });

  it('refuses a body without a length once it grows over the limit', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream({
      pull(controller) {
        if (sent++ < 32)
          controller.enqueue(chunk); // 2 MB
        else controller.close();
      },
    });
    // duplex: Node's fetch streams a request body only when told so.
    const init = /** @type {RequestInit} */ ({ method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' });
    const res = await fetch(`${base}/api/users/add`, init);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(seen.filter((r) => r.url === '/api/users/add' && r.bytes > BODY_LIMIT)).toEqual([]);
  });

  it('forwards a body at the limit whole', async () => {
    const body = JSON.stringify({ fullName: 'x'.repeat(BODY_LIMIT - 15) });
    expect(Buffer.byteLength(body)).toBe(BODY_LIMIT);
    const res = await fetch(`${base}/api/users/add`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, bytes: BODY_LIMIT });
  });

  it('refuses to start without a build to serve', async () => {
    const edge = runEdge(project([{ path: '/', app: 'host', static: 'no-such-dist' }]), {});
    await expect(edge.url).rejects.toThrow('no-such-dist does not exist');
  });

  it('sends every page and file of a web app with the security headers, and leaves the API its own', async () => {
    const expected = Object.fromEntries(Object.entries(pageSecurityHeaders()).map(([name, value]) => [name.toLowerCase(), value]));
    for (const path of [
      '/',
      '/admindashboard/users',
      '/static/main.1a2b3c4d.js',
      '/remotes.json',
      '/remotes/master-data/remoteEntry.js',
      '/static/missing.js',
    ]) {
      const { headers } = await raw(base + path);
      expect([path, Object.fromEntries(Object.keys(expected).map((name) => [name, headers[name]]))]).toEqual([path, expected]);
    }
    const csp = expected['content-security-policy'];
    expect(csp).toMatch(/(^|; )script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(expected['x-frame-options']).toBe('DENY');
    const api = await raw(`${base}/api/users/me`);
    expect(api.headers['content-security-policy']).toBeUndefined();
  });

  it("allows scripts from a remote on another origin listed in the console's registry", async () => {
    const dir = project([{ path: '/', app: 'host', static: 'host', spa: true }], {
      masterData: '/remotes/master-data/remoteEntry.js',
      tracking: 'https://cdn.example.com/tracking/remoteEntry.js',
    });
    mkdirSync(join(dir, 'host'));
    writeFileSync(join(dir, 'host/index.html'), '<h1>host</h1>');
    const other = runEdge(dir, {});
    try {
      const { headers } = await raw(`${await other.url}/`);
      const csp = String(headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://cdn.example.com;");
      expect(csp).toContain("connect-src 'self' https://cdn.example.com;");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    } finally {
      await other.stop();
    }
  });

  it('compresses scripts by Accept-Encoding, brotli first, and keeps hashed ones for a year', async () => {
    const file = readFileSync(join(root, 'host/static/main.1a2b3c4d.js'));
    const br = await raw(`${base}/static/main.1a2b3c4d.js`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect([br.status, br.headers['content-encoding'], br.headers['cache-control'], br.headers.vary]).toEqual([200, 'br', IMMUTABLE, 'Accept-Encoding']);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(file.length / 10);
    expect(decode(br)).toEqual(file);

    const gz = await raw(`${base}/static/main.1a2b3c4d.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz)).toEqual(file);

    const plain = await raw(`${base}/static/main.1a2b3c4d.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toEqual(file);
  });

  it('serves a changed file freshly compressed, and a tiny one as it is', async () => {
    const page = `<!doctype html><title>host</title>${'<p>news of the day</p>'.repeat(100)}`;
    writeFileSync(join(root, 'host/index.html'), page);
    const first = await raw(`${base}/`, { headers: { 'accept-encoding': 'br' } });
    expect([first.headers['content-encoding'], first.headers['cache-control']]).toEqual(['br', REVALIDATE]);
    expect(decode(first).toString()).toBe(page);
    const changed = page.replace('news', 'more news');
    writeFileSync(join(root, 'host/index.html'), changed);
    expect(decode(await raw(`${base}/admindashboard`, { headers: { 'accept-encoding': 'br' } })).toString()).toBe(changed);
    writeFileSync(join(root, 'host/index.html'), '<h1>host</h1>');

    const tiny = await raw(`${base}/static/tiny.1a2b3c4d.js`, { headers: { 'accept-encoding': 'br' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('console.log(1)');
  });

  it('compresses JSON from the API as it streams', async () => {
    const res = await raw(`${base}/api/users/all`, { headers: { 'accept-encoding': 'gzip' } });
    expect([res.status, res.headers['content-encoding']]).toEqual([200, 'gzip']);
    expect(JSON.parse(decode(res).toString()).users).toHaveLength(50);
  });

  it('passes a CSV export on no faster than the client reads it: back-pressure reaches the gateway', async () => {
    const download = await downloadPausedFirst(`${base}/api/branches/export.csv`, exportStandIn);
    expect(download.writtenWhilePaused).toBeLessThan(exportStandIn.bytes / 2);
    expect([download.status, download.received]).toEqual([200, exportStandIn.bytes]);
  });
});

describe('dev edge: two sites', () => {
  /** The main site (a microsite at exact paths and /site/, a SPA at /) and a portal site, as in routes.json. */
  function twoSites() {
    const root = project(
      [
        { path: '/api/', upstream: 'gateway' },
        { exact: '/', app: 'site', static: 'site', file: 'index.html' },
        { exact: '/Searchbl', app: 'site', static: 'site', file: 'searchbl.html' },
        { path: '/site/', app: 'site', static: 'site' },
        { exact: '/clientlogin', redirect: 'portal' },
        { path: '/viewbookingconsignee/', redirect: 'portal' },
        { path: '/', app: 'host', static: 'host', spa: true },
      ],
      undefined,
      {
        portal: {
          urlVariable: 'PORTAL_URL',
          remoteRegistry: 'portal-remotes.json',
          routes: [
            { path: '/api/', upstream: 'gateway' },
            { exact: '/', redirect: 'main' },
            { path: '/remotes/client-portal/', app: 'remote', static: 'remote' },
            { path: '/', app: 'portal', static: 'portal', spa: true },
          ],
        },
      },
    );
    for (const dir of ['site', 'host', 'portal', 'remote']) mkdirSync(join(root, dir));
    writeFileSync(join(root, 'site/index.html'), '<h1>microsite</h1>');
    writeFileSync(join(root, 'site/searchbl.html'), '<h1>track</h1>');
    writeFileSync(join(root, 'site/main.1a2b3c4d.js'), SCRIPT);
    writeFileSync(join(root, 'host/index.html'), '<h1>console</h1>');
    writeFileSync(join(root, 'portal/index.html'), '<h1>portal</h1>');
    writeFileSync(join(root, 'remote/remoteEntry.js'), '{}');
    writeFileSync(join(root, 'portal-remotes.json'), JSON.stringify({ clientPortal: 'https://cdn.example.com/client-portal/remoteEntry.js' }));
    return root;
  }
  const upstream = createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: req.url })));
  let gateway;
  let edge;
  let urls;

  beforeAll(async () => {
    gateway = await listen(upstream);
    edge = runEdge(twoSites(), { gateway });
    urls = await edge.urls;
  });
  afterAll(async () => {
    await edge.stop();
    await new Promise((r) => upstream.close(r));
  });

  const text = async (url) => {
    const res = await fetch(url, { redirect: 'manual' });
    return [res.status, await res.text()];
  };

  it('serves the microsite at its exact paths and its files under /site/, the console everywhere else', async () => {
    expect(await text(`${urls.main}/`)).toEqual([200, '<h1>microsite</h1>']);
    expect(await text(`${urls.main}/?utm=1`)).toEqual([200, '<h1>microsite</h1>']);
    expect(await text(`${urls.main}/Searchbl?bl=BL1`)).toEqual([200, '<h1>track</h1>']);
    expect((await fetch(`${urls.main}/site/main.1a2b3c4d.js`)).headers.get('cache-control')).toBe(IMMUTABLE);
    expect((await fetch(`${urls.main}/`)).headers.get('cache-control')).toBe(REVALIDATE);
    expect(await text(`${urls.main}/admindashboard`)).toEqual([200, '<h1>console</h1>']);
    expect(await text(`${urls.main}/Searchbl/more`)).toEqual([200, '<h1>console</h1>']); // exact means exact
  });

  it("sends the client routes to the portal's URL with the same path and query, and the portal's / to the main site", async () => {
    for (const path of ['/clientlogin', '/clientlogin?next=%2Fx', '/viewbookingconsignee/JOB-1?tab=2']) {
      const res = await fetch(urls.main + path, { redirect: 'manual' });
      expect([path, res.status, res.headers.get('location')]).toEqual([path, 302, urls.portal + path]);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    }
    const home = await fetch(`${urls.portal}/`, { redirect: 'manual' });
    expect([home.status, home.headers.get('location')]).toEqual([302, `${urls.main}/`]);
  });

  it('serves the portal host as a single-page app, its remote and the API on its own origin', async () => {
    expect(await text(`${urls.portal}/clientlogin`)).toEqual([200, '<h1>portal</h1>']);
    expect(await text(`${urls.portal}/viewbookingconsignee/JOB-1`)).toEqual([200, '<h1>portal</h1>']);
    expect(await text(`${urls.portal}/remotes/client-portal/remoteEntry.js`)).toEqual([200, '{}']);
    expect(await text(`${urls.portal}/api/health`)).toEqual([200, '{"url":"/api/health"}']);
    expect((await fetch(`${urls.main}/remotes/client-portal/remoteEntry.js`)).status).toBe(404); // not on the main site
  });

  it("gives each site's pages the Content-Security-Policy of its own registry", async () => {
    const portal = String((await fetch(`${urls.portal}/clientlogin`)).headers.get('content-security-policy'));
    const main = String((await fetch(`${urls.main}/`)).headers.get('content-security-policy'));
    expect(portal).toContain("script-src 'self' https://cdn.example.com;");
    expect(main).toMatch(/(^|; )script-src 'self'(;|$)/);
  });

  it('redirects to the configured URLs (PUBLIC_SITE_URL, PORTAL_URL) when given', async () => {
    const other = runEdge(twoSites(), { gateway }, { PORTAL_URL: 'https://portal.example.com/', PUBLIC_SITE_URL: 'https://www.example.com' });
    try {
      const { main, portal } = await other.urls;
      expect((await fetch(`${main}/clientlogin?a=1`, { redirect: 'manual' })).headers.get('location')).toBe('https://portal.example.com/clientlogin?a=1');
      expect((await fetch(`${portal}/`, { redirect: 'manual' })).headers.get('location')).toBe('https://www.example.com/');
    } finally {
      await other.stop();
    }
  });

  it('refuses to start with a site URL that is no absolute URL', async () => {
    const bad = runEdge(twoSites(), { gateway }, { PORTAL_URL: 'portal.example.com' });
    await expect(bad.urls).rejects.toThrow('PORTAL_URL must be an absolute http(s) URL');
  });

  it('startEdges serves every site in this process, each on its own port', async () => {
    const edges = await startEdges({ root: twoSites(), upstreams: { gateway }, bodyLimit: BODY_LIMIT });
    try {
      expect(Object.keys(edges.urls)).toEqual(['main', 'portal']);
      expect(edges.urls).toEqual(edges.listening);
      expect(await text(`${edges.urls.main}/`)).toEqual([200, '<h1>microsite</h1>']);
      expect((await fetch(`${edges.urls.main}/clientlogin`, { redirect: 'manual' })).headers.get('location')).toBe(`${edges.urls.portal}/clientlogin`);
    } finally {
      await edges.close();
    }
  });
});

describe('dev edge: several gateways (docs/adr/0049-cluster-mode.md)', () => {
  /**
   * A stand-in gateway: records what reaches it (method, path, Idempotency-Key, body) and answers
   * as `state` says: `ready` the status of GET /api/health/ready, `answer` the API's ('ok': 200
   * naming itself, 503: a 503 with Retry-After, 'drop': reads the request, then drops the connection).
   */
  async function fakeGateway(name, state = {}) {
    const seen = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        if (req.url === READY_PATH) return res.writeHead(state.ready ?? 200).end();
        seen.push({ method: req.method, url: req.url, key: req.headers['idempotency-key'], body });
        const answer = state.answer ?? 'ok';
        if (answer === 'drop') return req.socket.destroy();
        if (answer === 503) return res.writeHead(503, { 'retry-after': '1', 'content-type': 'application/json' }).end('{"code":"SERVICE_UNAVAILABLE"}');
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ gateway: name, body }));
      });
    });
    const url = await listen(server);
    return { url, seen, state, close: () => new Promise((r) => server.close(r)) };
  }

  const root = project([{ path: '/api/', upstream: 'gateway' }]);
  const opened = [];
  afterEach(async () => {
    for (const close of opened.splice(0)) await close();
  });

  /** An edge (in this process) over the fake gateways `urls`, in that order. */
  async function edgeOver(urls, readyPollMs = READY_POLL_MS) {
    const edges = await startEdges({ root, upstreams: { gateway: urls }, bodyLimit: BODY_LIMIT, onError: () => {}, readyPollMs });
    opened.push(edges.close);
    return edges.listening.main;
  }
  async function gateways(...states) {
    const all = await Promise.all(states.map((state, i) => fakeGateway(`g${i + 1}`, state)));
    opened.push(...all.map((g) => g.close));
    return all;
  }
  /** @param {string} base @param {string} path @param {{ key?: string, body?: string }} [options] */
  const post = (base, path, { key, body = '{"n":1}' } = {}) =>
    fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(key && { 'idempotency-key': key }) }, body });
  const whoAnswered = async (res) => [res.status, res.status === 200 ? (await res.json()).gateway : await res.text()];

  it('spreads the API over every gateway listed in EDGE_UPSTREAMS, one that answers 404 for readiness counting as ready', async () => {
    const [g1, g2] = await gateways({ ready: 200 }, { ready: 404 });
    const edge = runEdge(root, { gateway: [g1.url, g2.url] });
    opened.push(edge.stop);
    const base = await edge.url;
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await (await fetch(`${base}/api/users/all`)).json()).gateway);
    // Round-robin; on a busy machine a readiness check may time out, taking one out for a second.
    expect(new Set(answers)).toEqual(new Set(['g1', 'g2']));
  });

  it('sends nothing to a gateway once it says it is not ready (draining), and to it again once it is ready', async () => {
    const [g1, g2] = await gateways({}, {});
    const base = await edgeOver([g1.url, g2.url]);
    const answeredBy = async () => (await whoAnswered(await fetch(`${base}/api/users/all`)))[1];
    g1.state.ready = 503;
    // Once the edge's poll has seen it (READY_POLL_MS), four in a row go to the other, none to it.
    await waitFor(
      async () => {
        const before = g1.seen.length;
        const four = [await answeredBy(), await answeredBy(), await answeredBy(), await answeredBy()];
        return four.every((g) => g === 'g2') && g1.seen.length === before;
      },
      { timeoutMs: 20 * READY_POLL_MS, intervalMs: 200, what: 'the draining gateway to get nothing' },
    );
    g1.state.ready = 200;
    await waitFor(async () => (await answeredBy()) === 'g1', { timeoutMs: 20 * READY_POLL_MS, intervalMs: 200, what: 'the gateway to get requests again' });
  });

  it('sends any request, a write without a key too, to the other gateway when one refuses the connection', async () => {
    const [live] = await gateways({});
    const base = await edgeOver(['http://127.0.0.1:1', live.url]);
    for (let i = 0; i < 3; i++) expect(await whoAnswered(await post(base, '/api/users/add'))).toEqual([200, 'g1']);
    expect(live.seen.map((r) => r.body)).toEqual(['{"n":1}', '{"n":1}', '{"n":1}']);
  });

  /** Unkeyed POSTs until one has been sent to `first` first (the pool's round-robin decides): their statuses. */
  async function unkeyedUntilSentTo(base, first, path = '/api/credits/add') {
    const statuses = [];
    const counted = () => first.seen.filter((r) => r.method === 'POST' && !r.key).length;
    while (counted() === 0 && statuses.length < 4) statuses.push((await post(base, path)).status);
    return statuses;
  }

  it('after a connection lost once the request was sent, retries reads and keyed writes on the other gateway, never a write without a key', async () => {
    const [dropping, live] = await gateways({ answer: 'drop' }, {});
    const base = await edgeOver([dropping.url, live.url]);
    const reads = [await fetch(`${base}/api/users/all`), await fetch(`${base}/api/users/all`)];
    expect(await Promise.all(reads.map(whoAnswered))).toEqual([
      [200, 'g2'],
      [200, 'g2'],
    ]);
    const keyed = [await post(base, '/api/credits/add', { key: 'k-1' }), await post(base, '/api/credits/add', { key: 'k-2' })];
    expect(await Promise.all(keyed.map(whoAnswered))).toEqual([
      [200, 'g2'],
      [200, 'g2'],
    ]);
    expect(live.seen.filter((r) => r.method === 'POST').map((r) => [r.key, r.body])).toEqual([
      ['k-1', '{"n":1}'],
      ['k-2', '{"n":1}'],
    ]);
    // The one that reached the dropping gateway is answered 502 and never sent to the other.
    const statuses = await unkeyedUntilSentTo(base, dropping);
    expect(statuses.at(-1)).toBe(502);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(live.seen.filter((r) => r.method === 'POST' && !r.key)).toHaveLength(statuses.length - 1);
  });

  it("retries a read or a keyed write on the other gateway after a draining gateway's 503, never a write without a key", async () => {
    const [draining, live] = await gateways({ answer: 503, ready: 503 }, {});
    // No polling here: the edge learns that the gateway drains from its 503 alone.
    const base = await edgeOver([draining.url, live.url], 3_600_000);
    // A write without a key is not sent twice: the 503 reaches the client, who may retry with a key.
    const statuses = await unkeyedUntilSentTo(base, draining);
    expect(statuses.at(-1)).toBe(503);
    expect(live.seen.filter((r) => r.method === 'POST' && !r.key)).toHaveLength(statuses.length - 1);
    // Once it has answered a 503 and said it is not ready, nothing more goes to it.
    const more = [await fetch(`${base}/api/users/all`), await post(base, '/api/credits/add', { key: 'k-3' }), await post(base, '/api/credits/add')];
    expect(await Promise.all(more.map(whoAnswered))).toEqual([
      [200, 'g2'],
      [200, 'g2'],
      [200, 'g2'],
    ]);
  });

  it('sends a read and a keyed write that a draining gateway answered 503 to the other gateway, the body as sent', async () => {
    for (const send of [(base) => fetch(`${base}/api/users/all`), (base) => post(base, '/api/credits/add', { key: 'k-4' })]) {
      const [draining, live] = await gateways({ answer: 503, ready: 503 }, {});
      // A fresh pool tries the first gateway listed first.
      const base = await edgeOver([draining.url, live.url], 3_600_000);
      expect(await whoAnswered(await send(base))).toEqual([200, 'g2']);
      expect([draining.seen.length, live.seen.length]).toEqual([1, 1]);
      expect(live.seen[0].body).toBe(draining.seen[0].body);
    }
  });

  it("passes a ready gateway's 503 on (a service is down), Retry-After included, without trying the other", async () => {
    const [failing, live] = await gateways({ answer: 503 }, {});
    const base = await edgeOver([failing.url, live.url], 3_600_000);
    const before = live.seen.length;
    const answers = [];
    while (!answers.some((res) => res.status === 503) && answers.length < 4) answers.push(await fetch(`${base}/api/users/all`));
    const refused = /** @type {Response} */ (answers.at(-1));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({ code: 'SERVICE_UNAVAILABLE' });
    expect(live.seen.length - before).toBe(answers.length - 1);
  });
});
