// Who may connect to NATS and what each identity may do: the ONE list from which the local
// nats-server configuration (npm start, tests) and the Kubernetes authorization file
// (deploy/k8s/nats-auth.conf, written by `node tools/dev/gen-k8s.mjs`) are generated. The
// services and their queue groups come from the service registry (services.mjs).
import { randomBytes } from 'node:crypto';
import { SERVICES } from './services.mjs';

/**
 * A service's request subjects, plain and under a one-token NATS_NAMESPACE (tests share one
 * server that way). `*.<service>.>` cannot reach another service's subjects because no
 * subject's second token is a service name (libs/contracts checks that).
 */
export const serviceSubjects = (service) => [`${service}.>`, `*.${service}.>`];

/** The JetStream stream of a service's events (eventStreamName in libs/contracts/src/events.ts). */
export const eventStream = (service) => `EVENTS_${service.toUpperCase()}`;

/** A service's event subjects, plain and namespaced (ADR 21). */
export const eventSubjects = (service) => [`events.${service}.>`, `*.events.${service}.>`];

/** The inbox prefix of a service's JetStream connection: replies to it reach that service only. */
export const serviceInbox = (service) => `_INBOX_${service}`;

/**
 * What a service needs to publish its own events through its outbox relay (ADR 21): publish
 * them (the stream answers each with an ack to the service's own inbox), and look up, create and
 * update its own stream at start. Not: delete or purge it, read it, touch any other stream.
 */
export const eventPublisherSubjects = (service) => [
  ...eventSubjects(service),
  ...['INFO', 'CREATE', 'UPDATE'].map((action) => `$JS.API.STREAM.${action}.${eventStream(service)}`),
];

/**
 * The durable consumers each service keeps on another service's event stream (ADR 21), by name:
 * `<service>_<purpose>`, as the service's code names it (durableName in libs/server/database).
 */
export const EVENT_CONSUMERS = {
  // The balance owed that consignee replies carry, from the accounts service's events (ADR 41).
  directory: [{ producer: 'accounts', durable: 'directory_accounts' }],
  notification: [
    { producer: 'directory', durable: 'notification_consignees' },
    // The e-mails a service requests (events.<producer>.mail.requested), one durable per producer:
    // MAIL_PRODUCERS in apps/services/notification/src/mail/mail-requests.ts.
    { producer: 'directory', durable: 'notification_mail_directory' },
    { producer: 'shipment', durable: 'notification_mail_shipment' },
  ],
  // The names a job shows (consignees, users, branches, ...): copies fed by the directory's events (ADR 29).
  shipment: [{ producer: 'directory', durable: 'shipment_directory' }],
  // Consignees' names and opening balances, and the jobs it invoices (ADR 34).
  accounts: [
    { producer: 'directory', durable: 'accounts_directory' },
    { producer: 'shipment', durable: 'accounts_shipment' },
  ],
};

/** `t1` or `t1.` → `t1`: a NATS_NAMESPACE as the one token that prefixes names. */
const namespaceToken = (namespace = '') => namespace.replace(/\.$/, '');

/**
 * A durable's name under NATS_NAMESPACE `namespace`: `t1_notification_consignees` (durableName in
 * libs/server/database/src/event-consumer.ts; durable names allow no dots).
 */
export const namespacedDurable = (durable, namespace = '') => (namespaceToken(namespace) ? `${namespaceToken(namespace)}_${durable}` : durable);

/** The gateway's revoked-token bucket under `namespace` (revocationBucketName in apps/gateway/src/auth/revocation.service.ts). */
export const revocationBucket = (namespace = '') => (namespaceToken(namespace) ? `${namespaceToken(namespace)}-revoked-tokens` : 'revoked-tokens');

/**
 * The JetStream subjects the gateway's revocation bucket uses (a KV bucket is the stream
 * `KV_<bucket>`), and nothing else of JetStream: the API's info, creating and reading its own
 * stream, the ordered consumer of its watch (created, deleted when it is reset) with its flow
 * control, and its puts. `bucket` `*` (test servers only) is any bucket's. Measured with
 * nats-server's trace of what @nats-io/kv sends for create, status, watch and put.
 */
export const revocationBucketSubjects = (bucket) => {
  const stream = bucket === '*' ? '*' : `KV_${bucket}`;
  return [
    '$JS.API.INFO',
    `$JS.API.STREAM.INFO.${stream}`,
    `$JS.API.STREAM.CREATE.${stream}`,
    `$JS.API.CONSUMER.CREATE.${stream}.>`,
    `$JS.API.CONSUMER.DELETE.${stream}.*`,
    `$JS.FC.${stream}.>`,
    `$KV.${bucket}.>`,
  ];
};

/** The gateway's bucket of statement PDF slots under `namespace` (pdfLeaseBucketName in apps/gateway/src/statement/pdf-leases.ts). */
export const pdfLeaseBucket = (namespace = '') => (namespaceToken(namespace) ? `${namespaceToken(namespace)}-pdf-leases` : 'pdf-leases');

/**
 * The JetStream subjects of the gateway's PDF slot bucket (docs/adr/0053): its stream's info and
 * creation, reading one key (a create over a deleted slot reads its revision first) and its puts
 * and deletes. No consumer: nothing watches it. `bucket` `*` (test servers only) is any bucket's.
 */
export const pdfLeaseBucketSubjects = (bucket) => {
  const stream = bucket === '*' ? '*' : `KV_${bucket}`;
  return [`$JS.API.STREAM.INFO.${stream}`, `$JS.API.STREAM.CREATE.${stream}`, `$JS.API.DIRECT.GET.${stream}.>`, `$KV.${bucket}.>`];
};

/** The job events the gateway streams to signed-in staff (the live booking sheet, ADR 33), plain and namespaced. */
export const GATEWAY_LIVE_FILTERS = ['events.shipment.job.>', '*.events.shipment.job.>'];

/**
 * What the gateway's live feed needs on the shipment service's stream (docs/adr/0051-drain-and-probes.md):
 * ordered consumers (ephemeral, named by the client) filtered on the job events only (the filtered
 * create names its filter in the subject, and the server holds the filter to it), their info and
 * pulls, and the stream's info (the client checks it before creating one; the replay's bound).
 * Measured with nats-server's trace of what @nats-io/jetstream sends for an ordered consumer's
 * consume and fetch.
 */
export const gatewayLiveSubjects = () => {
  const stream = eventStream('shipment');
  return [
    `$JS.API.STREAM.INFO.${stream}`,
    ...GATEWAY_LIVE_FILTERS.map((filter) => `$JS.API.CONSUMER.CREATE.${stream}.*.${filter}`),
    `$JS.API.CONSUMER.INFO.${stream}.*`,
    `$JS.API.CONSUMER.MSG.NEXT.${stream}.*`,
  ];
};

/**
 * What the gateway may not do on the shipment service's stream although a wider grant would allow
 * it (the test server's any-bucket grant): change, purge or delete the stream, read its messages
 * directly, create an unfiltered consumer, delete one, or touch a service's durables (`durables`:
 * their names; with any namespace, only the plain ones can be named).
 */
const gatewayLiveDeny = (durables) => {
  const stream = eventStream('shipment');
  return [
    ...['CREATE', 'UPDATE', 'DELETE', 'PURGE', 'SNAPSHOT', 'RESTORE'].map((action) => `$JS.API.STREAM.${action}.${stream}`),
    `$JS.API.STREAM.MSG.*.${stream}`,
    `$JS.API.DIRECT.GET.${stream}`,
    `$JS.API.DIRECT.GET.${stream}.>`,
    `$JS.API.CONSUMER.CREATE.${stream}.*`,
    `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.*`,
    `$JS.API.CONSUMER.DELETE.${stream}.*`,
    ...durables.flatMap((durable) => [
      `$JS.API.CONSUMER.*.${stream}.${durable}`,
      `$JS.API.CONSUMER.*.*.${stream}.${durable}`,
      `$JS.API.CONSUMER.*.${stream}.${durable}.>`,
    ]),
  ];
};

/**
 * What a consuming service needs for one durable of its own on `producer`'s stream: create it (the
 * filtered form names the filter after the durable) and look it up, pull its messages, ack them.
 * Nothing of another durable, so it cannot read other subjects of the stream or steal another
 * consumer's messages. `durable` `*` (test servers only, see natsIdentities) takes any one-token name.
 */
export const eventConsumerSubjects = (producer, durable) => {
  const stream = eventStream(producer);
  return [
    `$JS.API.CONSUMER.CREATE.${stream}.${durable}`,
    `$JS.API.CONSUMER.CREATE.${stream}.${durable}.>`,
    `$JS.API.CONSUMER.INFO.${stream}.${durable}`,
    `$JS.API.CONSUMER.MSG.NEXT.${stream}.${durable}`,
    `$JS.ACK.${stream}.${durable}.>`,
  ];
};

/** Every JetStream API subject that names a service's event stream (its consumers included). */
const eventStreamApi = (service) => {
  const stream = eventStream(service);
  return [`$JS.API.*.*.${stream}`, `$JS.API.*.*.${stream}.>`, `$JS.API.*.*.*.${stream}`, `$JS.API.*.*.*.${stream}.>`];
};

/**
 * @typedef {{ name: string, publish: string[], publishDeny?: string[], subscribe: string[], allowResponses?: boolean }} NatsIdentity
 * `subscribe` entries may name a queue group after a space ("directory.> directory"): then only
 * subscriptions in that group are allowed. An empty `publish` list allows no publish at all.
 * @param {{ name: string, queueGroup: string }[]} [services]  the registry's services
 * @param {{ namespace?: string, anyNamespace?: boolean }} [options]  namespace: the NATS_NAMESPACE
 *   the processes use (ADR 5): their durables and the revocation bucket carry it in their names;
 *   anyNamespace: those names may carry any namespace (the test server only: test files share it,
 *   each in a random namespace of its own; ADR 21)
 * @returns {NatsIdentity[]}
 */
export function natsIdentities(services = SERVICES, { namespace = '', anyNamespace = false } = {}) {
  // A Set: with any namespace, two durables on one stream grant the same subjects.
  const consumers = (name) => [
    ...new Set(
      (EVENT_CONSUMERS[name] ?? []).flatMap(({ producer, durable }) =>
        eventConsumerSubjects(producer, anyNamespace ? '*' : namespacedDurable(durable, namespace)),
      ),
    ),
  ];
  return [
    // The only caller of services, and the only JetStream user apart from the services' event
    // streams: of JetStream, its revocation bucket (ADR 9), its PDF slot bucket (ADR 53) and ordered
    // consumers of the shipment service's job events (gatewayLiveSubjects). The events are denied:
    // `*.directory.>` would otherwise match `events.directory.…`, and the test server's any-bucket
    // grant the event streams. It listens to replies only (its consumers' messages come to its inbox too).
    {
      name: 'gateway',
      publish: [
        ...services.flatMap(({ name }) => serviceSubjects(name)),
        ...revocationBucketSubjects(anyNamespace ? '*' : revocationBucket(namespace)),
        ...pdfLeaseBucketSubjects(anyNamespace ? '*' : pdfLeaseBucket(namespace)),
        ...gatewayLiveSubjects(),
      ],
      publishDeny: [
        'events.>',
        '*.events.>',
        ...services.filter(({ name }) => name !== 'shipment').flatMap(({ name }) => eventStreamApi(name)),
        ...gatewayLiveDeny(
          Object.values(EVENT_CONSUMERS)
            .flat()
            .filter(({ producer }) => producer === 'shipment')
            .map(({ durable }) => namespacedDurable(durable, anyNamespace ? '' : namespace)),
        ),
      ],
      subscribe: ['_INBOX.>'],
    },
    // A service takes requests for its own subjects in its own queue group and answers them
    // (allow_responses: one reply to a request it received), and publishes its own events into
    // its own stream, with the replies on an inbox of its own. Nothing else: no other subjects,
    // no other stream, not the revocation bucket.
    ...services.map(({ name, queueGroup }) => ({
      name,
      publish: [...eventPublisherSubjects(name), ...consumers(name)],
      subscribe: [`${name}.> ${queueGroup}`, `*.${name}.> *.${queueGroup}`, `${serviceInbox(name)}.>`],
      allowResponses: true,
    })),
    // Tools and tests: stream clean-up, inspection.
    { name: 'admin', publish: ['>'], subscribe: ['>'] },
  ];
}

/** `NATS_PASSWORD_GATEWAY`: the variable holding an identity's password (Kubernetes). */
export const passwordVariable = (name) => `NATS_PASSWORD_${name.toUpperCase().replace(/\W/g, '_')}`;

const quoted = (list) => `[${list.map((s) => JSON.stringify(s)).join(', ')}]`;

/**
 * The `authorization {}` block: every identity with its permissions. No anonymous access:
 * a connection without a listed user and password is refused.
 * @param {NatsIdentity[]} identities
 * @param {(name: string) => string} password  the value as written in the file: a quoted
 *   literal (`"…"`) or a `$VARIABLE` that nats-server reads from its environment
 */
export function authorizationBlock(identities, password) {
  const users = identities.map(({ name, publish, publishDeny, subscribe, allowResponses }) =>
    [
      '    {',
      `      user: ${JSON.stringify(name)}`,
      `      password: ${password(name)}`,
      '      permissions: {',
      // An empty allow list would mean "no restriction" to nats-server: deny everything instead.
      publish.length
        ? `        publish: { allow: ${quoted(publish)}${publishDeny?.length ? `, deny: ${quoted(publishDeny)}` : ''} }`
        : `        publish: { deny: [">"] }`,
      `        subscribe: { allow: ${quoted(subscribe)} }`,
      ...(allowResponses ? ['        allow_responses: true'] : []),
      '      }',
      '    }',
    ].join('\n'),
  );
  return ['authorization {', '  users: [', ...users, '  ]', '}', ''].join('\n');
}

/** The user and password key (in the passwords file) the nodes of a local cluster route with. */
export const ROUTE_USER = 'cluster-route';

/**
 * @typedef {{ name: string, serverName: string, port: number, routePorts: number[], password: string }} NatsClusterNode
 * A node of a local cluster: its server name, its own route port, every node's route port (its
 * own among them: nats-server skips it) and the routes' password.
 */

/**
 * A whole nats-server configuration for one machine: loopback only, JetStream under
 * `storeDir`, the identities with their passwords; with `cluster`, one node of a cluster whose
 * routes (loopback too) need the route user's password (docs/adr/0049-cluster-mode.md).
 * @param {{ port: number, storeDir: string, identities: NatsIdentity[], passwords: Record<string, string>, cluster?: NatsClusterNode }} options
 */
export function natsServerConfig({ port, storeDir, identities, passwords, cluster }) {
  const route = cluster && `${ROUTE_USER}:${encodeURIComponent(cluster.password)}`;
  return [
    '# Generated by tools/dev/nats-config.mjs: do not edit.',
    ...(cluster ? [`server_name: ${JSON.stringify(cluster.serverName)}`] : []),
    // Lame duck mode (SIGUSR2, how a node is restarted: docs/adr/0051-drain-and-probes.md): after a second
    // it closes its clients' connections spread over 30 s (its minimum), so they move to the other nodes a few at a time.
    ...(cluster ? ['lame_duck_grace_period: "1s"', 'lame_duck_duration: "30s"'] : []),
    `listen: "127.0.0.1:${port}"`,
    `jetstream { store_dir: ${JSON.stringify(storeDir)} }`,
    ...(cluster
      ? [
          'cluster {',
          `  name: ${JSON.stringify(cluster.name)}`,
          `  listen: "127.0.0.1:${cluster.port}"`,
          `  authorization { user: ${JSON.stringify(ROUTE_USER)}, password: ${JSON.stringify(cluster.password)} }`,
          `  routes: ${quoted(cluster.routePorts.map((p) => `nats-route://${route}@127.0.0.1:${p}`))}`,
          '}',
        ]
      : []),
    authorizationBlock(identities, (name) => JSON.stringify(passwords[name])),
  ].join('\n');
}

/**
 * `passwords` plus a new random one for every identity that has none yet.
 * @param {{ name: string }[]} identities @param {Record<string, string>} [passwords] @returns {Record<string, string>}
 */
export function withPasswords(identities, passwords = {}) {
  const all = { ...passwords };
  for (const { name } of identities) all[name] ??= randomBytes(24).toString('base64url');
  return all;
}

/** The Kubernetes authorization file: passwords come from the NATS pods' environment (a Secret). */
export function kubernetesAuthorization(services = SERVICES) {
  return [
    '# Generated by `node tools/dev/gen-k8s.mjs` from the identity list of tools/dev/nats-config.mjs: do not edit.',
    '# Each password is read from the nats-server environment (Secret freight-nats, see nats.yaml).',
    authorizationBlock(natsIdentities(services), (name) => `$${passwordVariable(name)}`),
  ].join('\n');
}
