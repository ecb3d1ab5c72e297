import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { QUEUE_GROUPS, SERVICES as CONTRACT_SERVICES, serviceRegistry } from '@freight/contracts';
import { ROOT } from './gen-k8s.mjs';
import { REGISTRY_FILE, SERVICES, readRegistry, serviceNamed, serviceNames, validateRegistry } from './services.mjs';

/** A valid entry of a made-up service, with `changes` applied. */
const entry = (name, changes = {}) => ({
  name,
  project: `@freight/${name}-service`,
  root: `apps/services/${name}`,
  entry: `apps/services/${name}/dist/main.js`,
  seed: null,
  migrate: `apps/services/${name}/dist/migrate.js`,
  provision: `apps/services/${name}/dist/provision.js`,
  queueGroup: name,
  databaseUrlVariable: `${name.toUpperCase()}_DATABASE_URL`,
  schema: name,
  port: null,
  image: `freight/${name}`,
  replicas: 2,
  resources: { cpu: '100m', memory: '192Mi', memoryLimit: '512Mi' },
  ...changes,
});
const problems = (...services) => {
  try {
    validateRegistry({ services });
    return '';
  } catch (error) {
    return error.message;
  }
};

describe('the service registry', () => {
  it('is the one list: the contracts read the same file (SERVICES, QUEUE_GROUPS)', () => {
    expect(serviceNames()).toEqual([...CONTRACT_SERVICES]);
    expect(serviceRegistry()).toEqual(SERVICES);
    expect(Object.fromEntries(SERVICES.map((s) => [s.name, s.queueGroup]))).toEqual(QUEUE_GROUPS);
    expect(readRegistry(REGISTRY_FILE)).toEqual(SERVICES);
  });

  it('names real projects and entries that have a source', () => {
    for (const service of SERVICES) {
      const pkg = JSON.parse(readFileSync(join(ROOT, service.root, 'package.json'), 'utf8'));
      expect(pkg.name).toBe(service.project);
      for (const built of [service.entry, service.seed, service.migrate, service.provision].filter(Boolean)) {
        const source = built.replace('/dist/', '/src/').replace(/\.js$/, '.ts');
        expect(existsSync(join(ROOT, source)) ? source : `${source} is missing`).toBe(source);
      }
    }
  });

  it('has every service database URL variable documented in .env.example, with a local default', () => {
    const example = parseEnv(readFileSync(join(ROOT, '.env.example'), 'utf8'));
    for (const { databaseUrlVariable } of SERVICES) {
      expect(example[databaseUrlVariable] ?? `${databaseUrlVariable} is not in .env.example`).toMatch(
        /^postgres:\/\/[^:@/]+:[^@/]*@127\.0\.0\.1:5432\/freight$/,
      );
    }
  });

  it('finds a service by name, and says which name it does not know', () => {
    expect(serviceNamed('directory').databaseUrlVariable).toBe('DIRECTORY_DATABASE_URL');
    expect(() => serviceNamed('nope')).toThrow(/No service nope in the service registry/);
  });
});

describe('validateRegistry', () => {
  it('accepts services with or without seed, migrate and provision entries, and with an HTTP port', () => {
    expect(problems(entry('shipment'), entry('billing', { migrate: null, provision: null, seed: 'apps/services/billing/dist/seed.js', port: 3100 }))).toBe('');
  });

  it('refuses an empty registry', () => {
    expect(() => validateRegistry({ services: [] })).toThrow(/lists no services/);
    expect(() => validateRegistry({})).toThrow(/lists no services/);
  });

  it('refuses names that are not one lowercase token, or that another NATS identity has', () => {
    expect(problems(entry('Ship-ment'))).toMatch(/name must match/);
    expect(problems(entry('gateway'))).toMatch(/name gateway is a NATS identity of its own/);
    expect(problems(entry('admin'))).toMatch(/name admin is a NATS identity of its own/);
    expect(problems(entry('events'))).toMatch(/name events is the first token of every event subject/);
  });

  it('refuses a name, queue group, database URL variable, schema or port used twice', () => {
    const message = problems(
      entry('shipment', { port: 3100 }),
      entry('billing', { queueGroup: 'shipment', databaseUrlVariable: 'SHIPMENT_DATABASE_URL', schema: 'shipment', port: 3100 }),
      entry('shipment'),
    );
    for (const field of ['queueGroup "shipment"', 'databaseUrlVariable "SHIPMENT_DATABASE_URL"', 'schema "shipment"', 'port 3100', 'name "shipment"']) {
      expect(message).toContain(`${field} is another service's too`);
    }
  });

  it('refuses entries outside the service’s built folder, a missing main, bad variables, ports, replicas and quantities', () => {
    const message = problems(
      entry('shipment', {
        entry: 'apps/services/other/dist/main.js',
        seed: 'apps/services/shipment/src/seed.ts',
        databaseUrlVariable: 'SHIPMENT_DB',
        port: 70000,
        replicas: 0,
        resources: { cpu: 'lots', memory: '192Mi', memoryLimit: '512Mi' },
        secretVariables: ['smtp url'],
      }),
      entry('billing', { entry: null, secretVariables: ['SMTP_URL'] }),
    );
    expect(message).toContain('services[0] (shipment): entry must be a built .js file under apps/services/shipment/dist/');
    expect(message).toContain('services[0] (shipment): seed must be a built .js file under apps/services/shipment/dist/, or null');
    expect(message).toContain('databaseUrlVariable must match');
    expect(message).toContain('port must be a TCP port or null (got 70000)');
    expect(message).toContain('replicas must be a whole number from 1 (got 0)');
    expect(message).toContain('resources.cpu must be a Kubernetes quantity (got "lots")');
    expect(message).toContain('secretVariables must be a list of variable names (got ["smtp url"])');
    expect(message).toContain('services[1] (billing): entry must be a built .js file');
    expect(message).not.toContain('(billing): secretVariables');
  });

  it('takes an autoscaler only from replicas up, at a CPU percentage', () => {
    expect(problems(entry('shipment', { autoscale: { maxReplicas: 6, cpuUtilization: 70 } }))).toBe('');
    expect(problems(entry('shipment', { autoscale: { maxReplicas: 1, cpuUtilization: 70 } }))).toContain(
      'autoscale must be { maxReplicas: from replicas, cpuUtilization: a percentage } (got {"maxReplicas":1,"cpuUtilization":70})',
    );
    expect(problems(entry('shipment', { autoscale: { maxReplicas: 6 } }))).toContain('autoscale must be');
  });
});
