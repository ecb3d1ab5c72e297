// Each service's request key (docs/adr/0060-per-service-request-keys.md): the gateway signs every
// NATS request with the key of the service it is for, and the service refuses one it cannot verify
// with its own (libs/server/core/src/gateway-signature.ts). The gateway holds every key, as
// <SERVICE>_REQUEST_KEY; each service only its own, as GATEWAY_REQUEST_KEY. A key is 32 random
// bytes in base64 on one line (`openssl rand -base64 32`).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The variable of `name`'s key in the gateway's environment and the Secret: DIRECTORY_REQUEST_KEY (as requestKeyVariable in gateway-signature.ts). */
export const requestKeyVariable = (name) => `${name.toUpperCase()}_REQUEST_KEY`;

/** A fresh key for each service of `names`, by name. */
export const generateRequestKeys = (names) => Object.fromEntries(names.map((name) => [name, randomBytes(32).toString('base64')]));

/** The gateway's variables: every service's key under its requestKeyVariable. */
export const gatewayKeyEnv = (keys) => Object.fromEntries(Object.entries(keys).map(([name, key]) => [requestKeyVariable(name), key]));

/**
 * Each service's key by name: the configured one (`env[<SERVICE>_REQUEST_KEY]`), else the one kept
 * in the data folder (`request-keys.json`, readable by its owner only, like the JWT secret),
 * generated there once for a service that has none yet.
 */
export function requestKeys(env, dataDir, names) {
  const file = join(dataDir, 'request-keys.json');
  const kept = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const missing = names.filter((name) => !env[requestKeyVariable(name)] && !kept[name]);
  if (missing.length) {
    Object.assign(kept, generateRequestKeys(missing));
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(kept, null, 2) + '\n', { mode: 0o600 });
  }
  return Object.fromEntries(names.map((name) => [name, env[requestKeyVariable(name)] || kept[name]]));
}
