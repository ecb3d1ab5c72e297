import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICES as CONTRACT_SERVICES } from '@freight/contracts';
import { K8S_AUTH_FILE } from './gen-nats-auth.mjs';
import { kubernetesAuthorization, natsIdentities, natsServerConfig, passwordVariable, withPasswords } from './nats-config.mjs';
import { findExecutable } from './nats.mjs';
import { SERVICES } from './start.mjs';

const services = SERVICES.map((s) => s.service);

/** Throws unless `nats-server -t` accepts the configuration (passwords given as variables come from `env`). */
function natsServerAccepts(config, env = {}) {
  const binary = findExecutable('nats-server');
  if (!binary) throw new Error('nats-server is needed to check the NATS configuration: apt-get install -y nats-server');
  const dir = mkdtempSync(join(tmpdir(), 'nats-check-'));
  try {
    writeFileSync(join(dir, 'nats.conf'), config);
    execFileSync(binary, ['-c', join(dir, 'nats.conf'), '-t'], { stdio: 'pipe', env: { ...process.env, ...env } });
  } catch (error) {
    throw new Error(`nats-server refused the configuration:\n${error.stderr}\n${config}`, { cause: error });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('NATS identities', () => {
  it('exist for every service of the contracts', () => {
    expect(services).toEqual([...CONTRACT_SERVICES]);
  });

  const identities = natsIdentities(['directory', 'shipment']);
  const byName = Object.fromEntries(identities.map((i) => [i.name, i]));

  it('give a service nothing but its own requests, in its own queue group, and one reply to each', () => {
    expect(byName.directory).toEqual({
      name: 'directory',
      publish: [],
      subscribe: ['directory.> directory', '*.directory.> *.directory'],
      allowResponses: true,
    });
    expect(byName.shipment.subscribe).toEqual(['shipment.> shipment', '*.shipment.> *.shipment']);
  });

  it('let only the gateway (and admin) publish service requests and use JetStream; the gateway listens to nothing but replies', () => {
    const publishers = identities.filter((i) => i.publish.some((s) => s.startsWith('directory.') || s === '>')).map((i) => i.name);
    expect(publishers.sort()).toEqual(['admin', 'gateway']);
    expect(identities.filter((i) => i.publish.some((s) => s.startsWith('$JS') || s === '>')).map((i) => i.name).sort()).toEqual(['admin', 'gateway']);
    expect(byName.gateway.subscribe).toEqual(['_INBOX.>']);
  });

  it('reuse kept passwords and make new ones for new identities', () => {
    const passwords = withPasswords(identities, { gateway: 'kept' });
    expect(passwords.gateway).toBe('kept');
    expect(passwords.shipment).toMatch(/^[\w-]{32}$/);
    expect(new Set(Object.values(passwords)).size).toBe(identities.length);
  });
});

describe('generated NATS configuration', () => {
  it('is accepted by nats-server, with a password for every identity and no anonymous user', () => {
    const identities = natsIdentities(services);
    const config = natsServerConfig({ port: 4999, storeDir: '/tmp/nats-check-store', identities, passwords: withPasswords(identities) });
    expect(() => natsServerAccepts(config)).not.toThrow();
    expect(config).not.toMatch(/no_auth_user/);
    expect(config.match(/password: "/g)).toHaveLength(identities.length);
  });

  it('for Kubernetes is the committed deploy/k8s/nats-auth.conf (run node tools/dev/gen-nats-auth.mjs), and nats-server accepts it', () => {
    const text = kubernetesAuthorization(services);
    expect(readFileSync(K8S_AUTH_FILE, 'utf8')).toBe(text);
    const env = Object.fromEntries(natsIdentities(services).map((i) => [passwordVariable(i.name), 'x']));
    expect(() => natsServerAccepts(`port: 4222\n${text}`, env)).not.toThrow();
    // A missing password is an error at start-up, not an open door.
    expect(() => natsServerAccepts(`port: 4222\n${text}`, { ...env, [passwordVariable('gateway')]: undefined })).toThrow(/NATS_PASSWORD_GATEWAY/);
  });
});
