import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './gen-k8s.mjs';
import {
  EVENT_CONSUMERS,
  eventConsumerSubjects,
  kubernetesAuthorization,
  natsIdentities,
  natsServerConfig,
  passwordVariable,
  withPasswords,
} from './nats-config.mjs';
import { findExecutable } from './nats.mjs';
import { SERVICES } from './services.mjs';

const K8S_AUTH_FILE = join(ROOT, 'deploy/k8s/nats-auth.conf');

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
  it('are the gateway, every service of the registry and admin', () => {
    expect(natsIdentities().map((i) => i.name)).toEqual(['gateway', ...SERVICES.map((s) => s.name), 'admin']);
  });

  const identities = natsIdentities([
    { name: 'directory', queueGroup: 'directory' },
    { name: 'tracking', queueGroup: 'trackers' },
  ]);
  const byName = Object.fromEntries(identities.map((i) => [i.name, i]));

  it('give a service its own requests, in its registered queue group, one reply to each, and its own events and stream', () => {
    expect(byName.directory).toEqual({
      name: 'directory',
      publish: [
        'events.directory.>',
        '*.events.directory.>',
        '$JS.API.STREAM.INFO.EVENTS_DIRECTORY',
        '$JS.API.STREAM.CREATE.EVENTS_DIRECTORY',
        '$JS.API.STREAM.UPDATE.EVENTS_DIRECTORY',
        // Its durable of the accounts service's balances (ADR 41).
        ...eventConsumerSubjects('accounts', 'directory_accounts'),
      ],
      subscribe: ['directory.> directory', '*.directory.> *.directory', '_INBOX_directory.>'],
      allowResponses: true,
    });
    expect(byName.tracking.subscribe).toEqual(['tracking.> trackers', '*.tracking.> *.trackers', '_INBOX_tracking.>']);
    expect(byName.tracking.publish.filter((s) => s.includes('directory') || s.includes('DIRECTORY'))).toEqual([]);
    expect(byName.gateway.publish).toEqual(expect.arrayContaining(['directory.>', '*.directory.>', 'tracking.>', '*.tracking.>']));
  });

  it('let only the gateway (and admin) publish service requests and use JetStream beyond a stream of its own; the gateway listens to nothing but replies', () => {
    const publishers = identities.filter((i) => i.publish.some((s) => s.startsWith('directory.') || s === '>')).map((i) => i.name);
    expect(publishers.sort()).toEqual(['admin', 'gateway']);
    // Beyond its own stream and the durables of its own that EVENT_CONSUMERS names.
    const ownDurables = (i) => (EVENT_CONSUMERS[i.name] ?? []).flatMap(({ producer, durable }) => eventConsumerSubjects(producer, durable));
    const jetStreamBeyondOwnStream = (i) =>
      i.publish.some((s) => s === '>' || (s.startsWith('$JS') && !s.endsWith(`.EVENTS_${i.name.toUpperCase()}`) && !ownDurables(i).includes(s)));
    expect(
      identities
        .filter(jetStreamBeyondOwnStream)
        .map((i) => i.name)
        .sort(),
    ).toEqual(['admin', 'gateway']);
    expect(byName.gateway.subscribe).toEqual(['_INBOX.>']);
  });

  it("give a consuming service exactly its own durable on the producer's stream, named in the namespace; the test server any one-token name there (namespaces), nothing more", () => {
    const consumerGrants = (identity) => identity.publish.filter((s) => s.startsWith('$JS.API.CONSUMER') || s.startsWith('$JS.ACK'));
    const services = [
      { name: 'directory', queueGroup: 'directory' },
      { name: 'notification', queueGroup: 'notification' },
    ];
    const [production, namespaced, test] = [
      natsIdentities(services),
      natsIdentities(services, { namespace: 'acme.' }),
      natsIdentities(services, { anyNamespace: true }),
    ].map((list) => Object.fromEntries(list.map((i) => [i.name, consumerGrants(i)])));
    const grants = (durable) => [
      `$JS.API.CONSUMER.CREATE.EVENTS_DIRECTORY.${durable}`,
      `$JS.API.CONSUMER.CREATE.EVENTS_DIRECTORY.${durable}.>`,
      `$JS.API.CONSUMER.INFO.EVENTS_DIRECTORY.${durable}`,
      `$JS.API.CONSUMER.MSG.NEXT.EVENTS_DIRECTORY.${durable}`,
      `$JS.ACK.EVENTS_DIRECTORY.${durable}.>`,
    ];
    const shipmentGrants = (durable) => grants(durable).map((s) => s.replace('EVENTS_DIRECTORY', 'EVENTS_SHIPMENT'));
    expect(production.notification).toEqual([
      ...grants('notification_consignees'),
      ...grants('notification_mail_directory'),
      ...shipmentGrants('notification_mail_shipment'),
    ]);
    expect(namespaced.notification).toEqual([
      ...grants('acme_notification_consignees'),
      ...grants('acme_notification_mail_directory'),
      ...shipmentGrants('acme_notification_mail_shipment'),
    ]);
    expect(test.notification).toEqual([...grants('*'), ...shipmentGrants('*')]);
    const accountsGrants = (durable) => grants(durable).map((s) => s.replace('EVENTS_DIRECTORY', 'EVENTS_ACCOUNTS'));
    expect([production.directory, test.directory]).toEqual([accountsGrants('directory_accounts'), accountsGrants('*')]);
    expect(EVENT_CONSUMERS.directory).toEqual([{ producer: 'accounts', durable: 'directory_accounts' }]);
    expect(EVENT_CONSUMERS.notification).toEqual([
      { producer: 'directory', durable: 'notification_consignees' },
      { producer: 'directory', durable: 'notification_mail_directory' },
      { producer: 'shipment', durable: 'notification_mail_shipment' },
    ]);
  });

  it('give the gateway of JetStream only its revocation and PDF slot buckets (in the namespace; the test server any bucket) and ordered consumers of the job events', () => {
    const jetStream = (list) => list.find((i) => i.name === 'gateway').publish.filter((s) => s.startsWith('$'));
    const revocation = (stream, bucketName) => [
      '$JS.API.INFO',
      `$JS.API.STREAM.INFO.${stream}`,
      `$JS.API.STREAM.CREATE.${stream}`,
      `$JS.API.CONSUMER.CREATE.${stream}.>`,
      `$JS.API.CONSUMER.DELETE.${stream}.*`,
      `$JS.FC.${stream}.>`,
      `$KV.${bucketName}.>`,
    ];
    const live = [
      '$JS.API.STREAM.INFO.EVENTS_SHIPMENT',
      '$JS.API.CONSUMER.CREATE.EVENTS_SHIPMENT.*.events.shipment.job.>',
      '$JS.API.CONSUMER.CREATE.EVENTS_SHIPMENT.*.*.events.shipment.job.>',
      '$JS.API.CONSUMER.INFO.EVENTS_SHIPMENT.*',
      '$JS.API.CONSUMER.MSG.NEXT.EVENTS_SHIPMENT.*',
    ];
    const pdfSlots = (stream, bucketName) => [
      `$JS.API.STREAM.INFO.${stream}`,
      `$JS.API.STREAM.CREATE.${stream}`,
      `$JS.API.DIRECT.GET.${stream}.>`,
      `$KV.${bucketName}.>`,
    ];
    expect(jetStream(identities)).toEqual([...revocation('KV_revoked-tokens', 'revoked-tokens'), ...pdfSlots('KV_pdf-leases', 'pdf-leases'), ...live]);
    expect(jetStream(natsIdentities(SERVICES, { namespace: 'acme' }))).toEqual([
      ...revocation('KV_acme-revoked-tokens', 'acme-revoked-tokens'),
      ...pdfSlots('KV_acme-pdf-leases', 'acme-pdf-leases'),
      ...live,
    ]);
    expect(jetStream(natsIdentities(SERVICES, { anyNamespace: true }))).toEqual([...revocation('*', '*'), ...pdfSlots('*', '*'), ...live]);
  });

  it("deny the gateway every service's events and event streams, but its ordered consumers of the shipment service's", () => {
    expect(byName.gateway.publishDeny).toEqual(
      expect.arrayContaining(['events.>', '*.events.>', '$JS.API.*.*.EVENTS_DIRECTORY', '$JS.API.*.*.*.EVENTS_TRACKING.>']),
    );
    expect(byName.gateway.publishDeny).toEqual(
      expect.arrayContaining([
        '$JS.API.STREAM.PURGE.EVENTS_SHIPMENT',
        '$JS.API.CONSUMER.CREATE.EVENTS_SHIPMENT.*',
        '$JS.API.CONSUMER.DELETE.EVENTS_SHIPMENT.*',
        '$JS.API.CONSUMER.*.*.EVENTS_SHIPMENT.notification_mail_shipment',
      ]),
    );
  });

  it('reuse kept passwords and make new ones for new identities', () => {
    const passwords = withPasswords(identities, { gateway: 'kept' });
    expect(passwords.gateway).toBe('kept');
    expect(passwords.tracking).toMatch(/^[\w-]{32}$/);
    expect(new Set(Object.values(passwords)).size).toBe(identities.length);
  });
});

describe('generated NATS configuration', () => {
  it('is accepted by nats-server, with a password for every identity and no anonymous user', () => {
    const identities = natsIdentities();
    const config = natsServerConfig({ port: 4999, storeDir: '/tmp/nats-check-store', identities, passwords: withPasswords(identities) });
    expect(() => natsServerAccepts(config)).not.toThrow();
    expect(config).not.toMatch(/no_auth_user/);
    expect(config.match(/password: "/g)).toHaveLength(identities.length);
  });

  it('of a cluster node is accepted by nats-server: its name, its route port and password-protected routes to every node', () => {
    const identities = natsIdentities();
    const cluster = { name: 'freight', serverName: 'nats-2', port: 6223, routePorts: [6222, 6223, 6224], password: 'route-secret' };
    const config = natsServerConfig({ port: 4999, storeDir: '/tmp/nats-check-store', identities, passwords: withPasswords(identities), cluster });
    expect(() => natsServerAccepts(config)).not.toThrow();
    expect(config).toContain('server_name: "nats-2"');
    expect(config).toContain('listen: "127.0.0.1:6223"');
    expect(config).toContain('authorization { user: "cluster-route", password: "route-secret" }');
    expect(config).toContain('nats-route://cluster-route:route-secret@127.0.0.1:6224');
  });

  it('for Kubernetes is the committed deploy/k8s/nats-auth.conf (run node tools/dev/gen-k8s.mjs), and nats-server accepts it', () => {
    const text = kubernetesAuthorization();
    expect(readFileSync(K8S_AUTH_FILE, 'utf8')).toBe(text);
    const env = Object.fromEntries(natsIdentities().map((i) => [passwordVariable(i.name), 'x']));
    expect(() => natsServerAccepts(`port: 4222\n${text}`, env)).not.toThrow();
    // A missing password is an error at start-up, not an open door.
    expect(() => natsServerAccepts(`port: 4222\n${text}`, { ...env, [passwordVariable('gateway')]: undefined })).toThrow(/NATS_PASSWORD_GATEWAY/);
  });
});
