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
import { IMMUTABLE, loadRoutes, renderNginx, REVALIDATE } from './routes.mjs';

// The generated production configuration must be accepted by a real nginx (`nginx -t`), and
// served by one it must give the headers the route map promises.
const root = fileURLToPath(new URL('../../', import.meta.url));
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const config = loadRoutes(root);
const files = renderNginx(config);

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
  const html = join(dir, 'html');
  const page = `<!doctype html><title>console</title><script defer src="/main.1a2b3c4d.js"></script>${'<p>freight</p>'.repeat(100)}`;
  const script = `console.log(${JSON.stringify('the console, compressed on the way '.repeat(80))});`;
  const exportStandIn = csvExportStandIn();
  let gateway;
  let server;
  let base;

  beforeAll(async () => {
    mkdirSync(join(html, 'remotes/master-data'), { recursive: true });
    writeFileSync(join(html, 'index.html'), page);
    writeFileSync(join(html, 'main.1a2b3c4d.js'), script);
    writeFileSync(join(html, 'remotes.json'), '{"masterData":"/remotes/master-data/remoteEntry.js"}');
    writeFileSync(join(html, 'remotes/master-data/remoteEntry.js'), script);

    // The gateway sets its own security headers (helmet); the edge must leave them alone.
    gateway = createServer((req, res) => {
      if (req.url.endsWith('/export.csv')) return exportStandIn.serve(res);
      res.writeHead(200, { 'content-type': 'application/json', 'x-frame-options': 'SAMEORIGIN' }).end('{"ok":true}');
    });
    await new Promise((r) => gateway.listen(0, '127.0.0.1', r));
    const ports = { gateway: /** @type {import('node:net').AddressInfo} */ (gateway.address()).port };
    for (const name of Object.keys(config.upstreams).filter((n) => n !== 'gateway')) ports[name] = await freePort();
    const edgePort = await freePort();

    const includes = Object.entries(files).map(([name, text]) => {
      const app = /apps\/(.+)\.conf$/.exec(name)?.[1];
      const body = text
        .replace(/server ([a-z][a-z0-9-]*):\d+;/g, (_all, upstream) => `server 127.0.0.1:${ports[upstream]};`)
        .replace('listen 8080;', `listen 127.0.0.1:${app ? ports[`web-${app}`] : edgePort};`)
        .replace('root /usr/share/nginx/html;', `root ${html};`);
      const file = join(dir, name.replaceAll('/', '_'));
      writeFileSync(file, body);
      return file;
    });
    writeFileSync(join(dir, 'main.conf'), `daemon off;\nmaster_process off;\n${mainConfig(dir, includes, 'crit')}`); // a 404 is no error here
    server = spawn(NGINX, ['-e', 'stderr', '-p', dir, '-c', join(dir, 'main.conf')], { stdio: ['ignore', 'inherit', 'inherit'] });
    await waitFor(() => canConnect('127.0.0.1', edgePort), { timeoutMs: 10_000, what: 'nginx to listen' });
    base = `http://127.0.0.1:${edgePort}`;
  });

  afterAll(async () => {
    if (server && server.exitCode === null) await new Promise((r) => (server.once('exit', r), server.kill('SIGTERM')));
    await new Promise((r) => gateway?.close(r) ?? r());
    rmSync(dir, { recursive: true, force: true });
  });

  const securityHeaders = Object.fromEntries(Object.entries(config.pageHeaders).map(([name, value]) => [name.toLowerCase(), value]));
  const pick = (headers, names) => Object.fromEntries(names.map((name) => [name, headers[name]]));

  it.each([
    ['/', REVALIDATE],
    ['/admindashboard/users', REVALIDATE],
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

  it('passes a CSV export on no faster than the client reads it: back-pressure reaches the gateway', async () => {
    // Buffered, nginx would take the whole file from the gateway at once, into a temporary file.
    const download = await downloadPausedFirst(`${base}/api/branches/export.csv`, exportStandIn);
    expect(download.writtenWhilePaused).toBeLessThan(exportStandIn.bytes / 2);
    expect([download.status, download.received]).toEqual([200, exportStandIn.bytes]);
  });

  it('gzips the page and scripts for a client that accepts it', async () => {
    for (const [path, body] of [
      ['/', page],
      ['/main.1a2b3c4d.js', script],
    ]) {
      const res = await get(base + path, { 'accept-encoding': 'gzip' });
      expect([path, res.headers['content-encoding'], res.headers.vary]).toEqual([path, 'gzip', 'Accept-Encoding']);
      expect(gunzipSync(res.body).toString()).toBe(body);
    }
  });
});
