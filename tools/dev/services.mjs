// The service registry (libs/contracts/src/services.json, docs/adr/0019-service-registry.md) as
// the tools read it: npm start, the NATS identities, the jest NATS setup, the bench, the chaos
// runs and the deployment generator. Plain Node, so it works before anything is built; the
// contracts import the very same file.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const REGISTRY_FILE = fileURLToPath(new URL('../../libs/contracts/src/services.json', import.meta.url));

/**
 * @typedef {{ name: string, project: string, root: string, entry: string, seed: string | null,
 *   migrate: string | null, provision: string | null, queueGroup: string, databaseUrlVariable: string, secretVariables?: string[],
 *   schema: string, port: number | null, image: string, replicas: number,
 *   resources: { cpu: string, memory: string, memoryLimit: string },
 *   autoscale?: { maxReplicas: number, cpuUtilization: number } }} ServiceEntry
 */

/**
 * NATS identities that are not services (tools/dev/nats-config.mjs), and the first token of
 * event subjects (`events.<service>.>`, whose second token the `*.<service>.>` forms would
 * otherwise let a service named `events` reach): no service may take these names.
 */
const RESERVED = ['gateway', 'admin', 'events'];
const NAME = /^[a-z][a-z0-9]*$/; // a NATS subject token, a Postgres schema and a Kubernetes name alike
const QUANTITY = /^[0-9]+(\.[0-9]+)?(m|Ki|Mi|Gi|Ti)?$/;

/**
 * The registry's services, checked; throws listing every problem.
 * @param {unknown} registry  the parsed services.json
 * @returns {ServiceEntry[]}
 */
export function validateRegistry(registry) {
  const problems = [];
  const services = /** @type {any} */ (registry)?.services;
  if (!Array.isArray(services) || services.length === 0) throw new Error('The service registry lists no services (expected {"services": [ … ]})');
  const seen = { name: new Set(), queueGroup: new Set(), databaseUrlVariable: new Set(), schema: new Set(), port: new Set() };
  services.forEach((service, i) => {
    const where = `services[${i}]${typeof service?.name === 'string' ? ` (${service.name})` : ''}`;
    const fail = (message) => problems.push(`${where}: ${message}`);
    const text = (field, pattern) => {
      const value = service?.[field];
      if (typeof value !== 'string' || !pattern.test(value)) fail(`${field} must match ${pattern} (got ${JSON.stringify(value)})`);
    };
    text('name', NAME);
    text('queueGroup', /^[A-Za-z0-9_-]+$/);
    text('databaseUrlVariable', /^[A-Z][A-Z0-9_]*_DATABASE_URL$/);
    text('schema', /^[a-z][a-z0-9_]*$/);
    text('project', /^@?[a-z0-9/._-]+$/);
    text('root', /^apps\/[a-z0-9/._-]+[^/]$/);
    text('image', /^[a-z0-9./_:-]+$/);
    const secretVariables = service?.secretVariables ?? [];
    if (!Array.isArray(secretVariables) || !secretVariables.every((name) => typeof name === 'string' && /^[A-Z][A-Z0-9_]*$/.test(name)))
      fail(`secretVariables must be a list of variable names (got ${JSON.stringify(service?.secretVariables)})`);
    if (RESERVED.includes(service?.name))
      fail(service.name === 'events' ? 'name events is the first token of every event subject' : `name ${service.name} is a NATS identity of its own`);
    for (const field of ['entry', 'seed', 'migrate', 'provision']) {
      const value = service?.[field];
      if (value === null && field !== 'entry') continue;
      if (typeof value !== 'string' || !value.startsWith(`${service?.root}/dist/`) || !value.endsWith('.js')) {
        fail(`${field} must be a built .js file under ${service?.root}/dist/${field === 'entry' ? '' : ', or null'} (got ${JSON.stringify(value)})`);
      }
    }
    if (service?.port !== null && !(Number.isInteger(service?.port) && service.port > 0 && service.port < 65536))
      fail(`port must be a TCP port or null (got ${JSON.stringify(service?.port)})`);
    if (!(Number.isInteger(service?.replicas) && service.replicas >= 1))
      fail(`replicas must be a whole number from 1 (got ${JSON.stringify(service?.replicas)})`);
    const autoscale = service?.autoscale;
    if (
      autoscale !== undefined &&
      !(
        Number.isInteger(autoscale?.maxReplicas) &&
        autoscale.maxReplicas >= service?.replicas &&
        Number.isInteger(autoscale?.cpuUtilization) &&
        autoscale.cpuUtilization > 0
      )
    )
      fail(`autoscale must be { maxReplicas: from replicas, cpuUtilization: a percentage } (got ${JSON.stringify(autoscale)})`);
    for (const field of ['cpu', 'memory', 'memoryLimit']) {
      if (!QUANTITY.test(String(service?.resources?.[field])))
        fail(`resources.${field} must be a Kubernetes quantity (got ${JSON.stringify(service?.resources?.[field])})`);
    }
    for (const field of Object.keys(seen)) {
      const value = service?.[field];
      if (value === null || value === undefined) continue;
      if (seen[field].has(value)) fail(`${field} ${JSON.stringify(value)} is another service's too`);
      seen[field].add(value);
    }
  });
  if (problems.length) throw new Error(`The service registry (${REGISTRY_FILE}) is not valid:\n  ${problems.join('\n  ')}`);
  return services;
}

/** @param {string} [file] @returns {ServiceEntry[]} */
export function readRegistry(file = REGISTRY_FILE) {
  return validateRegistry(JSON.parse(readFileSync(file, 'utf8')));
}

/** Every back-end service, in registry order. */
export const SERVICES = readRegistry();

/** The names of the registered services. */
export const serviceNames = (services = SERVICES) => services.map((service) => service.name);

/** The registry entry of `name`; throws for a name the registry does not list. */
export function serviceNamed(name, services = SERVICES) {
  const service = services.find((s) => s.name === name);
  if (!service) throw new Error(`No service ${name} in the service registry (${REGISTRY_FILE})`);
  return service;
}
