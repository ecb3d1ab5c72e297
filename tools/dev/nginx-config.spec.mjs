import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { csvExportStandIn, downloadPausedFirst } from './csv-export-stand-in.mjs';
import { canConnect, freePort, waitFor } from './net.mjs';
import { IMMUTABLE, loadRoutes, renderNginx, REVALIDATE, substituteEnv } from './routes.mjs';

// The generated production configuration must be accepted by a real nginx (`nginx -t`), and
// served by one it must give the headers the route map promises.
const root = fileURLToPath(new URL('../../', import.meta.url));
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const config = loadRoutes(root);
/** The sites' URLs as the edges' containers get them (the nginx image substitutes them into the templates at start). */
const SITE_URLS = { PUBLIC_SITE_URL: 'https://www.example.com', PORTAL_URL: 'https://portal.example.com' };
const files = Object.fromEntries(Object.entries(renderNginx(config)).map(([name, text]) => [name, substituteEnv(text, SITE_URLS)]));

function nginx(args) {
  try {
    return execFileSync(NGINX, args, { encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    if (error.code === 'ENOENT')
      throw new Error(`nginx is needed to check the edge configuration: apt-get install -y nginx-light (or set NGINX_PATH)`, { cause: error });
    throw new Error(`nginx ${args.join(' ')} failed:\n${error.stderr}`, { cause: error });
  }
}

/** nginx's main file for `includes`, with every path it writes inside `dir`. */
const mainConfig = (dir, includes, logLevel = 'error') =>
  [
    `pid ${dir}/nginx.pid;`,
    `error_log stderr ${logLevel};`,
    'events {}',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((temp) => `  ${temp}_temp_path ${dir}/${temp};`),
    ...includes.map((file) => `  include ${file};`),
    '}',
    '',
  ].join('\n');

describe('generated nginx configuration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nginx-check-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(Object.keys(files))('%s passes nginx -t', (name) => {
    // Upstream host names only resolve inside the cluster: point them at this machine.
    const body = files[name].replace(/server ([a-z][a-z0-9-]*):(\d+);/g, 'server 127.0.0.1:$2;');
    const include = join(dir, name.replaceAll('/', '_'));
    writeFileSync(include, body);
    const main = `${include}.main`;
    writeFileSync(main, mainConfig(dir, [include]));
    expect(nginx(['-t', '-q', '-e', 'stderr', '-p', dir, '-c', main])).toBe('');
  });
});

/** One request with node:http, which leaves a gzipped body as sent. */
function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the generated edge and web app servers, run by nginx', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nginx-run-'));
  // The main site's web apps share one folder here, the portal's another (both serve / as a single-page app).
  const html = join(dir, 'html');
  const portalHtml = join(dir, 'portal-html');
  const page = `<!doctype html><title>console</title><script defer src="/main.1a2b3c4d.js"></script>${'<p>freight</p>'.repeat(100)}`;
  const microsite = '<!doctype html><title>Freight</title><h1>microsite</h1>';
  const portalPage = '<!doctype html><title>Members Area</title><h1>portal</h1>';
  const script = `console.log(${JSON.stringify('the console, compressed on the way '.repeat(80))});`;
  const exportStandIn = csvExportStandIn();
  let gateway;
  /** The headers of each request the gateway stand-in received. */
  const gatewaySaw = [];
  let server;
  let base;
  let portalBase;

  beforeAll(async () => {
    mkdirSync(join(html, 'remotes/master-data'), { recursive: true });
    mkdirSync(join(html, 'site'), { recursive: true });
    mkdirSync(join(portalHtml, 'remotes/client-portal'), { recursive: true });
    writeFileSync(join(html, 'site/index.html'), microsite);
    writeFileSync(join(html, 'site/searchbl.html'), '<h1>track</h1>');
    writeFileSync(join(html, 'site/robots.txt'), 'User-agent: *\n');
    writeFileSync(join(html, 'site/main.1a2b3c4d.js'), script);
    writeFileSync(join(portalHtml, 'index.html'), portalPage);
    writeFileSync(join(portalHtml, 'remotes/client-portal/remoteEntry.js'), script);
    writeFileSync(join(html, 'index.html'), page);
    writeFileSync(join(html, 'main.1a2b3c4d.js'), script);
    writeFileSync(join(html, 'remotes.json'), '{"masterData":"/remotes/master-data/remoteEntry.js"}');
    writeFileSync(join(html, 'remotes/master-data/remoteEntry.js'), script);

    // The gateway sets its own security headers (helmet); the edge must leave them alone.
    gateway = createServer((req, res) => {
      gatewaySaw.push(req.headers);
      if (req.url.endsWith('/export.csv')) return exportStandIn.serve(res);
      res.writeHead(200, { 'content-type': 'application/json', 'x-frame-options': 'SAMEORIGIN' }).end('{"ok":true}');
    });
    await new Promise((r) => gateway.listen(0, '127.0.0.1', r));
    const ports = { gateway: /** @type {import('node:net').AddressInfo} */ (gateway.address()).port };
    for (const name of Object.keys(config.upstreams).filter((n) => n !== 'gateway')) ports[name] = await freePort();
    const edgePorts = { main: await freePort(), portal: await freePort() };

    const includes = Object.entries(files).map(([name, text]) => {
      const app = /apps\/(.+)\.conf$/.exec(name)?.[1];
      const site = /sites\/(.+)\.conf\.template$/.exec(name)?.[1];
      // Both edges run in this one nginx: the portal's upstream names get a prefix (each edge names the gateway).
      const named =
        site === 'portal'
          ? text.replace(/upstream ([a-z][a-z0-9-]*) \{/g, 'upstream portal-$1 {').replaceAll('proxy_pass http://', 'proxy_pass http://portal-')
          : text;
      const body = named
        .replace(/server ([a-z][a-z0-9-]*):\d+;/g, (_all, upstream) => `server 127.0.0.1:${ports[upstream]};`)
        .replace('listen 8080;', `listen 127.0.0.1:${app ? ports[`web-${app}`] : edgePorts[site]};`)
        .replace('root /usr/share/nginx/html;', `root ${app === 'portal' || app === 'client-portal' ? portalHtml : html};`);
      const file = join(dir, name.replaceAll('/', '_'));
      writeFileSync(file, body);
      return file;
    });
    writeFileSync(join(dir, 'main.conf'), `daemon off;\nmaster_process off;\n${mainConfig(dir, includes, 'crit')}`); // a 404 is no error here
    server = spawn(NGINX, ['-e', 'stderr', '-p', dir, '-c', join(dir, 'main.conf')], { stdio: ['ignore', 'inherit', 'inherit'] });
    await waitFor(() => canConnect('127.0.0.1', edgePorts.main), { timeoutMs: 10_000, what: 'nginx to listen' });
    base = `http://127.0.0.1:${edgePorts.main}`;
    portalBase = `http://127.0.0.1:${edgePorts.portal}`;
  });

  afterAll(async () => {
    if (server && server.exitCode === null) await new Promise((r) => (server.once('exit', r), server.kill('SIGTERM')));
    await new Promise((r) => gateway?.close(r) ?? r());
    rmSync(dir, { recursive: true, force: true });
  });

  const headersOf = (site) => Object.fromEntries(Object.entries(config.sites[site].pageHeaders).map(([name, value]) => [name.toLowerCase(), value]));
  const securityHeaders = headersOf('main');
  const pick = (headers, names) => Object.fromEntries(names.map((name) => [name, headers[name]]));

  it.each([
    ['/', REVALIDATE],
    ['/admindashboard/users', REVALIDATE],
    ['/admindashboard/administrativetools/edituserhead/amara.silva', REVALIDATE],
    ['/main.1a2b3c4d.js', IMMUTABLE],
    ['/remotes.json', REVALIDATE],
    ['/remotes/master-data/remoteEntry.js', REVALIDATE],
  ])('serves %s with the security headers and Cache-Control %s', async (path, cacheControl) => {
    const res = await get(base + path);
    expect(res.status).toBe(200);
    expect(pick(res.headers, [...Object.keys(securityHeaders), 'cache-control'])).toEqual({ ...securityHeaders, 'cache-control': cacheControl });
  });

  it('keeps the security headers on a missing file', async () => {
    const res = await get(`${base}/missing.1a2b3c4d.js`);
    expect(res.status).toBe(404);
    expect(pick(res.headers, Object.keys(securityHeaders))).toEqual(securityHeaders);
  });

  it('passes the API through with its own headers only', async () => {
    const res = await get(`${base}/api/health`);
    expect([res.status, res.body.toString()]).toEqual([200, '{"ok":true}']);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toBeUndefined();
  });

  it('sends the gateway the connection as the client, never an X-Forwarded-For the client made up', async () => {
    const res = await get(`${base}/api/shipments/searchbl/BL1`, { 'x-forwarded-for': '203.0.113.9, 198.51.100.1' });
    expect(res.status).toBe(200);
    expect(pick(gatewaySaw.at(-1), ['x-forwarded-for', 'x-real-ip'])).toEqual({ 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' });
  });

  it('passes a CSV export on no faster than the client reads it: back-pressure reaches the gateway', async () => {
    // Buffered, nginx would take the whole file from the gateway at once, into a temporary file.
    const download = await downloadPausedFirst(`${base}/api/branches/export.csv`, exportStandIn);
    expect(download.writtenWhilePaused).toBeLessThan(exportStandIn.bytes / 2);
    expect([download.status, download.received]).toEqual([200, exportStandIn.bytes]);
  });

  it('gzips the page and scripts for a client that accepts it', async () => {
    for (const [path, body] of [
      ['/admindashboard', page],
      ['/main.1a2b3c4d.js', script],
    ]) {
      const res = await get(base + path, { 'accept-encoding': 'gzip' });
      expect([path, res.headers['content-encoding'], res.headers.vary]).toEqual([path, 'gzip', 'Accept-Encoding']);
      expect(gunzipSync(res.body).toString()).toBe(body);
    }
  });

  it.each([
    ['/', microsite],
    ['/?utm_source=x', microsite],
    ['/Searchbl?bl=BL1', '<h1>track</h1>'],
    ['/robots.txt', 'User-agent: *\n'],
    ['/admindashboard', page],
  ])('serves %s from its app on the main site, with the security headers', async (path, body) => {
    const res = await get(base + path);
    expect([res.status, res.body.toString()]).toEqual([200, body]);
    expect(pick(res.headers, [...Object.keys(securityHeaders), 'cache-control'])).toEqual({ ...securityHeaders, 'cache-control': REVALIDATE });
  });

  it("keeps the microsite's hashed files for a year under /site/", async () => {
    const res = await get(`${base}/site/main.1a2b3c4d.js`);
    expect([res.status, res.headers['cache-control']]).toEqual([200, IMMUTABLE]);
  });

  it.each([
    '/clientlogin',
    '/clientlogin?next=1',
    '/consigneeshipmentview',
    '/viewbookingconsignee/IMP-000001?x=1',
    '/viewbookingshipper/IMP-2',
    '/consigneeaccounts',
  ])('redirects %s to the portal URL given at start, same path and query', async (path) => {
    const res = await get(base + path);
    expect([res.status, res.headers.location]).toEqual([302, SITE_URLS.PORTAL_URL + path]);
    expect(pick(res.headers, Object.keys(securityHeaders))).toEqual(securityHeaders);
  });

  it("the portal's edge: its host at any path, its remote, the API, and / back to the main site", async () => {
    const portalHeaders = headersOf('portal');
    for (const path of ['/clientlogin', '/viewbookingconsignee/IMP-000001']) {
      const res = await get(portalBase + path);
      expect([path, res.status, res.body.toString()]).toEqual([path, 200, portalPage]);
      expect(pick(res.headers, Object.keys(portalHeaders))).toEqual(portalHeaders);
    }
    expect((await get(`${portalBase}/remotes/client-portal/remoteEntry.js`)).headers['cache-control']).toBe(REVALIDATE);
    expect((await get(`${portalBase}/api/health`)).body.toString()).toBe('{"ok":true}');
    const home = await get(`${portalBase}/`);
    expect([home.status, home.headers.location]).toEqual([302, `${SITE_URLS.PUBLIC_SITE_URL}/`]);
    expect((await get(`${base}/remotes/client-portal/remoteEntry.js`)).status).toBe(404); // not on the main site
  });
});
