// Configuration of `npm start`: .env.example gives every variable a default, .env and the
// process environment override it, and explicit overrides (e2e, bench) win over all.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';

/** The example secret shipped in .env.example: never used to sign real tokens. */
export const EXAMPLE_JWT_SECRET = 'change-me-development-secret-at-least-32-chars';

function readEnvFile(path) {
  return existsSync(path) ? parseEnv(readFileSync(path, 'utf8')) : {};
}

/**
 * @returns {Record<string, string>}
 * Layers, lowest first: .env.example, .env, the process environment (only for names the
 * example declares, so unrelated variables such as PATH stay out), then `overrides`.
 */
export function loadEnv(root, { processEnv = process.env, overrides = {} } = {}) {
  const defaults = readEnvFile(join(root, '.env.example'));
  const local = readEnvFile(join(root, '.env'));
  const env = { ...defaults, ...local };
  for (const name of Object.keys(env)) {
    if (processEnv[name] !== undefined) env[name] = processEnv[name];
  }
  return { ...env, ...overrides };
}

/** True when the JWT secret must be generated: empty or the published example value. */
export function needsGeneratedSecret(secret) {
  return !secret || secret === EXAMPLE_JWT_SECRET;
}

/** Copy of a postgres URL with some parts replaced (host, port, database, user, password). */
export function withUrlParts(url, parts) {
  const u = new URL(url);
  if (parts.host !== undefined) u.hostname = parts.host;
  if (parts.port !== undefined) u.port = String(parts.port);
  if (parts.database !== undefined) u.pathname = `/${parts.database}`;
  if (parts.user !== undefined) u.username = encodeURIComponent(parts.user);
  if (parts.password !== undefined) u.password = encodeURIComponent(parts.password);
  return u.toString();
}

/** The parts of a postgres URL that provisioning needs. */
export function urlParts(url) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    database: decodeURIComponent(u.pathname.replace(/^\//, '')),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
  };
}

/** Loopback hosts are the only ones `npm start` may replace with a server of its own. */
export function isLoopback(host) {
  return host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.');
}
