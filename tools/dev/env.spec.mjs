import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXAMPLE_JWT_SECRET, isLoopback, loadEnv, needsGeneratedSecret, urlParts, withUrlParts } from './env.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

function project(example, local) {
  const dir = mkdtempSync(join(tmpdir(), 'env-'));
  writeFileSync(join(dir, '.env.example'), example);
  if (local !== undefined) writeFileSync(join(dir, '.env'), local);
  return dir;
}

describe('loadEnv', () => {
  it('defaults to the values of the real .env.example', () => {
    const env = loadEnv(root, { processEnv: {} });
    expect(env.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/freight');
    expect(env.NATS_URL).toBe('');
    expect(env.EDGE_PORT).toBe('8080');
    expect(env.JWT_SECRET).toBe(EXAMPLE_JWT_SECRET);
  });

  it('layers .env over the example, the process environment over .env, overrides over all', () => {
    const dir = project('A=example\nB=example\nC=example\nD=example\n', 'B=local\nC=local\n# a comment\n');
    const env = loadEnv(dir, { processEnv: { C: 'process', D: 'process', PATH: '/bin' }, overrides: { D: 'override' } });
    expect(env).toEqual({ A: 'example', B: 'local', C: 'process', D: 'override' });
  });

  it('works without a .env and keeps empty values empty', () => {
    const env = loadEnv(project('A=\nB="quoted value"\n'), { processEnv: {} });
    expect(env).toEqual({ A: '', B: 'quoted value' });
  });
});

describe('secrets and URLs', () => {
  it('generates a secret only for an empty or example value', () => {
    expect(needsGeneratedSecret('')).toBe(true);
    expect(needsGeneratedSecret(undefined)).toBe(true);
    expect(needsGeneratedSecret(EXAMPLE_JWT_SECRET)).toBe(true);
    expect(needsGeneratedSecret('x'.repeat(40))).toBe(false);
  });

  it('rewrites and reads postgres URLs, encoding credentials', () => {
    const url = withUrlParts('postgres://postgres@127.0.0.1:5432/freight', { port: 61000, database: 'freight_e2e_1', user: 'svc', password: 'p@ss/word' });
    expect(url).toBe('postgres://svc:p%40ss%2Fword@127.0.0.1:61000/freight_e2e_1');
    expect(urlParts(url)).toEqual({ host: '127.0.0.1', port: 61000, database: 'freight_e2e_1', user: 'svc', password: 'p@ss/word' });
    expect(urlParts('postgres://u@db.example.com/x').port).toBe(5432);
  });

  it('knows loopback hosts', () => {
    expect(['127.0.0.1', 'localhost', '::1', '127.0.0.2'].every(isLoopback)).toBe(true);
    expect(['db.example.com', '10.0.0.5'].some(isLoopback)).toBe(false);
  });
});
