import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { ROOT } from './gen-k8s.mjs';
import { SERVICES } from './services.mjs';
import { gatewayKeyEnv, generateRequestKeys, requestKeys, requestKeyVariable } from './request-keys.mjs';

const names = ['directory', 'shipment'];
const KEY = /^[A-Za-z0-9+/]{43}=$/;

describe('request keys', () => {
  it('are 32 random bytes in base64 on one line, a different one per service', () => {
    const keys = generateRequestKeys(names);
    expect(Object.keys(keys)).toEqual(names);
    for (const key of Object.values(keys)) expect(key).toMatch(KEY);
    expect(keys.directory).not.toBe(keys.shipment);
  });

  it("are given to the gateway under each service's variable", () => {
    expect(requestKeyVariable('directory')).toBe('DIRECTORY_REQUEST_KEY');
    expect(gatewayKeyEnv({ directory: 'a', shipment: 'b' })).toEqual({ DIRECTORY_REQUEST_KEY: 'a', SHIPMENT_REQUEST_KEY: 'b' });
  });

  it('are generated once when none is configured, kept private in the data folder and reused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'data-'));
    const first = requestKeys({}, dir, names);
    expect(Object.values(first).every((key) => KEY.test(key))).toBe(true);
    expect(requestKeys({}, dir, names)).toEqual(first);
    expect(JSON.parse(readFileSync(join(dir, 'request-keys.json'), 'utf8'))).toEqual(first);
    expect(statSync(join(dir, 'request-keys.json')).mode & 0o077).toBe(0);
    // A service added later gets its own, the others keep theirs.
    const more = requestKeys({}, dir, [...names, 'accounts']);
    expect(more).toMatchObject(first);
    expect(more.accounts).toMatch(KEY);
  });

  it('keep a configured key, and generate none for it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'data-'));
    const configured = generateRequestKeys(['directory']).directory;
    const keys = requestKeys({ DIRECTORY_REQUEST_KEY: configured }, dir, names);
    expect(keys.directory).toBe(configured);
    expect(Object.keys(JSON.parse(readFileSync(join(dir, 'request-keys.json'), 'utf8')))).toEqual(['shipment']);
  });
});

describe('.env.example', () => {
  it("declares every service's key for the gateway and a service's own, empty (npm start generates them)", () => {
    const example = parseEnv(readFileSync(join(ROOT, '.env.example'), 'utf8'));
    for (const variable of [...SERVICES.map((service) => requestKeyVariable(service.name)), 'GATEWAY_REQUEST_KEY']) {
      expect(example[variable] ?? `${variable} is not in .env.example`).toBe('');
    }
  });
});
