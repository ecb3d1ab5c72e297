import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXAMPLE_JWT_SECRET } from './env.mjs';
import { loadRoutes } from './routes.mjs';
import { childEnv, headLoginOf, jwtSecret, parseSeedOutput, parseStartArgs, publicOrigins, replicaName, siteEnv } from './start.mjs';

describe('jwtSecret', () => {
  it('keeps a configured secret', () => {
    expect(jwtSecret('a'.repeat(40), mkdtempSync(join(tmpdir(), 'data-')))).toBe('a'.repeat(40));
  });

  it('generates one for the example or empty value, keeps it private and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'data-'));
    const first = jwtSecret(EXAMPLE_JWT_SECRET, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(first).not.toBe(EXAMPLE_JWT_SECRET);
    expect(jwtSecret('', dir)).toBe(first);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
  });
});

describe('parseSeedOutput', () => {
  it('reads the last JSON line, ignoring log lines before it', () => {
    const out = 'migrating…\n{"level":30,"msg":"x"}\n{"created":true,"username":"head","password":"s3cret"}\n';
    expect(parseSeedOutput(out)).toEqual({ created: true, username: 'head', password: 's3cret' });
    expect(parseSeedOutput('{"created":false}')).toEqual({ created: false });
  });

  it('fails clearly without a result line', () => {
    expect(() => parseSeedOutput('nothing here')).toThrow('The seed printed no result line');
  });
});

describe('headLoginOf', () => {
  it("takes the Head login from the one seed that reports on it, whatever other services' seeds print", () => {
    expect(headLoginOf({ directory: { created: true, username: 'head', password: 's3cret' }, shipment: { ports: 12 } }, 'ignored')).toEqual({
      username: 'head',
      password: 's3cret',
      created: true,
    });
    expect(headLoginOf({ directory: { created: false } }, 'head')).toEqual({ username: 'head', password: undefined, created: false });
  });

  it('fails clearly when no seed, or more than one, reports on the Head', () => {
    expect(() => headLoginOf({}, 'head')).toThrow(/got none of no seeds/);
    expect(() => headLoginOf({ directory: { created: false }, other: { created: true } }, 'head')).toThrow(/got directory, other/);
  });
});

describe('publicOrigins', () => {
  it('adds the edge’s own address, by name too on this machine', () => {
    expect(publicOrigins({ EDGE_HOST: '127.0.0.1', EDGE_PORT: '8080' })).toBe('http://127.0.0.1:8080,http://localhost:8080');
    expect(publicOrigins({ EDGE_HOST: '::1', EDGE_PORT: '8080' })).toBe('http://[::1]:8080,http://localhost:8080');
    expect(publicOrigins({ EDGE_HOST: '0.0.0.0', EDGE_PORT: '80' })).toBe('http://127.0.0.1:80,http://localhost:80');
  });

  it('keeps configured origins first, without duplicates', () => {
    expect(publicOrigins({ PUBLIC_ORIGINS: 'https://freight.lan, http://localhost:8080', EDGE_HOST: 'freight.lan', EDGE_PORT: '8080' })).toBe(
      'https://freight.lan,http://localhost:8080,http://freight.lan:8080',
    );
  });

  it("adds the portal edge's address and the sites' configured URLs (the portal calls the API from its own origin)", () => {
    expect(publicOrigins({ EDGE_HOST: '127.0.0.1', EDGE_PORT: '8080', PORTAL_EDGE_PORT: '8081' })).toBe(
      'http://127.0.0.1:8080,http://localhost:8080,http://127.0.0.1:8081,http://localhost:8081',
    );
    expect(publicOrigins({ EDGE_HOST: 'edge', EDGE_PORT: '80', PUBLIC_SITE_URL: 'https://www.example.com', PORTAL_URL: 'https://portal.example.com/' })).toBe(
      'http://edge:80,https://www.example.com,https://portal.example.com',
    );
  });
});

describe('siteEnv', () => {
  const { sites } = loadRoutes(fileURLToPath(new URL('../..', import.meta.url)));

  it("defaults PUBLIC_SITE_URL and PORTAL_URL to the dev edge's ports, keeps configured ones", () => {
    expect(siteEnv(sites, { EDGE_HOST: '127.0.0.1', EDGE_PORT: '8080', PORTAL_EDGE_PORT: '8081' })).toEqual({
      PUBLIC_SITE_URL: 'http://127.0.0.1:8080',
      PORTAL_URL: 'http://127.0.0.1:8081',
    });
    expect(siteEnv(sites, { EDGE_HOST: '0.0.0.0', EDGE_PORT: '8080', PORTAL_EDGE_PORT: '8081', PORTAL_URL: 'https://portal.example.com/' })).toEqual({
      PUBLIC_SITE_URL: 'http://localhost:8080',
      PORTAL_URL: 'https://portal.example.com',
    });
  });

  it('refuses a configured URL that is not an absolute http(s) URL', () => {
    expect(() => siteEnv(sites, { EDGE_HOST: '127.0.0.1', EDGE_PORT: '8080', PORTAL_EDGE_PORT: '8081', PORTAL_URL: '/portal' })).toThrow(
      'PORTAL_URL must be an absolute http(s) URL',
    );
  });
});

describe('childEnv', () => {
  it('passes a request key only to the child it is given to, even when the shell exports it', () => {
    process.env.DIRECTORY_REQUEST_KEY = 'from-the-shell';
    process.env.GATEWAY_REQUEST_KEY = 'from-the-shell';
    try {
      const service = childEnv({ NATS_USER: 'shipment', GATEWAY_REQUEST_KEY: 'shipment-key' });
      expect(service).not.toHaveProperty('DIRECTORY_REQUEST_KEY');
      expect(service.GATEWAY_REQUEST_KEY).toBe('shipment-key');
      const gateway = childEnv({ NATS_USER: 'gateway', DIRECTORY_REQUEST_KEY: 'directory-key' });
      expect(gateway.DIRECTORY_REQUEST_KEY).toBe('directory-key');
      expect(gateway).not.toHaveProperty('GATEWAY_REQUEST_KEY');
      expect(childEnv({})).not.toHaveProperty('DIRECTORY_REQUEST_KEY');
    } finally {
      delete process.env.DIRECTORY_REQUEST_KEY;
      delete process.env.GATEWAY_REQUEST_KEY;
    }
  });
});

describe('cluster mode options', () => {
  it('reads --replicas and --nats-nodes, 1 and 1 without them', () => {
    expect(parseStartArgs([])).toEqual({ replicas: 1, natsNodes: 1 });
    expect(parseStartArgs(['--replicas', '2', '--nats-nodes=3'])).toEqual({ replicas: 2, natsNodes: 3 });
  });

  it('refuses an unknown option or a count that is not a whole number from 1', () => {
    expect(() => parseStartArgs(['--replica', '2'])).toThrow('Unknown option --replica');
    expect(() => parseStartArgs(['--replicas', '0'])).toThrow('--replicas needs a whole number from 1 to 99 (got 0)');
    expect(() => parseStartArgs(['--nats-nodes'])).toThrow('--nats-nodes needs a whole number from 1 to 99 (got nothing)');
  });

  it("names a part's children as before in the plain mode, numbered from 1 with several", () => {
    expect(replicaName('gateway', 0, 1)).toBe('gateway');
    expect([0, 1].map((i) => replicaName('shipment', i, 2))).toEqual(['shipment-1', 'shipment-2']);
  });
});
