import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { forwardedFor, IMMUTABLE, REVALIDATE } from './routes.mjs';

const EDGE = fileURLToPath(new URL('./edge.mjs', import.meta.url));

/** A project folder with a routes.json and the builds it names. */
function project(routes) {
  const root = mkdtempSync(join(tmpdir(), 'edge-'));
  mkdirSync(join(root, 'deploy/edge'), { recursive: true });
  const upstreams = { gateway: 'gateway:3000', 'web-host': 'web-host:8080', 'web-remote': 'web-remote:8080' };
  writeFileSync(join(root, 'deploy/edge/routes.json'), JSON.stringify({ upstreams, routes }));
  return root;
}

/** Runs the edge as `npm start` does: its own process, configured by EDGE_* variables. */
function runEdge(root, upstreams) {
  const child = spawn(process.execPath, [EDGE], {
    env: { ...process.env, NODE_OPTIONS: '', EDGE_ROOT: root, EDGE_HOST: '127.0.0.1', EDGE_PORT: '0', EDGE_UPSTREAMS: JSON.stringify(upstreams) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = new Promise((resolve, reject) => {
    const onData = (data) => {
      output += data;
      const match = /listening on (\S+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`edge exited ${code}: ${output}`)));
  });
  const stop = () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM'))));
  return { url, stop };
}

describe('dev edge', () => {
  const seen = [];
  let upstream;
  let edge;
  let base;

  beforeAll(async () => {
    const root = project([
      { path: '/remotes/master-data/', app: 'remote', static: 'remote' },
      { path: '/api/', upstream: 'gateway' },
      { path: '/', app: 'host', static: 'host', spa: true },
    ]);
    mkdirSync(join(root, 'host/static'), { recursive: true });
    mkdirSync(join(root, 'remote'), { recursive: true });
    writeFileSync(join(root, 'host/index.html'), '<h1>host</h1>');
    writeFileSync(join(root, 'host/remotes.json'), '{"masterData":"/remotes/master-data/mf-manifest.json"}');
    writeFileSync(join(root, 'host/static/main.1a2b3c4d.js'), 'console.log(1)');
    writeFileSync(join(root, 'remote/mf-manifest.json'), '{}');

    upstream = createServer((req, res) => {
      seen.push({ url: req.url, headers: req.headers });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ok: true }));
    });
    await new Promise((r) => upstream.listen(0, '127.0.0.1', r));
    const { port } = /** @type {import('node:net').AddressInfo} */ (upstream.address());
    edge = runEdge(root, { gateway: `http://127.0.0.1:${port}` });
    base = await edge.url;
  });

  afterAll(async () => {
    await edge.stop();
    await new Promise((r) => upstream.close(r));
  });

  it('proxies /api with its path and query, appending the client to X-Forwarded-For', async () => {
    const res = await fetch(`${base}/api/users/all?page=2`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const last = seen.at(-1);
    expect(last.url).toBe('/api/users/all?page=2');
    expect(last.headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
    expect(last.headers['x-forwarded-proto']).toBe('http');
  });

  it('serves hashed assets for a year and the page, registry and manifest revalidated', async () => {
    const asset = await fetch(`${base}/static/main.1a2b3c4d.js`);
    expect(asset.headers.get('cache-control')).toBe(IMMUTABLE);
    for (const path of ['/', '/remotes.json', '/remotes/master-data/mf-manifest.json']) {
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

  it('keeps missing files and unknown remote paths 404', async () => {
    expect((await fetch(`${base}/static/missing.js`)).status).toBe(404);
    expect((await fetch(`${base}/remotes/master-data/nothing`)).status).toBe(404);
  });

  it('answers 502 with a message when the upstream is down', async () => {
    const down = runEdge(project([{ path: '/api/', upstream: 'gateway' }]), { gateway: 'http://127.0.0.1:1' });
    const res = await fetch(`${await down.url}/api/health`);
    await down.stop();
    expect(res.status).toBe(502);
    expect((/** @type {{message: string}} */ (await res.json())).message).toMatch(/gateway is not reachable/);
  });

  it('refuses to start without a build to serve', async () => {
    const edge = runEdge(project([{ path: '/', app: 'host', static: 'no-such-dist' }]), {});
    await expect(edge.url).rejects.toThrow('no-such-dist does not exist');
  });

  it('builds X-Forwarded-For like nginx', () => {
    expect(forwardedFor(undefined, '10.1.1.1')).toBe('10.1.1.1');
    expect(forwardedFor('1.1.1.1', '10.1.1.1')).toBe('1.1.1.1, 10.1.1.1');
  });
});
