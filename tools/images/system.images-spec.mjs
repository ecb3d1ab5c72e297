import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { parseAllDocuments, stringify } from 'yaml';
import { loadEnv, withUrlParts } from '../dev/env.mjs';
import { startTestNats } from '../dev/nats.mjs';
import { freePort, waitFor } from '../dev/net.mjs';
import { dropDatabase } from '../dev/postgres.mjs';
import { SERVICES } from '../dev/services.mjs';
import { parseSeedOutput } from '../dev/start.mjs';
import { gatewayKeyEnv } from '../dev/request-keys.mjs';
import { apiCaller, headToken, seedTrackedShipment } from '../web-audit/seed.mjs';
import { deployables, edgeImageName, GATEWAY, imageOf, NGINX_PORT, ROOT } from './deployables.mjs';
import { checkTools, configurePodman, imageExists, podman } from './podman.mjs';

// The whole system from its images (`npm run images` first; FREIGHT_IMAGE_TESTS=1 in .ci/run):
// every container as Kubernetes runs it — non-root, read-only root filesystem — on the host's network
// (podman --runtime runc run --network host), against the machine's Postgres (a database and service
// roles of this run's own, made by each service image's provision entry) and an authenticated
// nats-server of this run (one identity per process, as the deployment's NATS). Then the staff
// journey's API checks through the edge image: the Head signs in, adds master data and a job, reads
// it back, finds it on the booking sheet, and the public tracks its BL number.

const run = randomBytes(3).toString('hex');
const label = `freight-images-${run}`;
const database = `freight_images_${run}`;
const head = { username: 'head', password: `quay-lantern-${run}-harbour-47` };
const env = loadEnv(ROOT);
const adminUrl = withUrlParts(env.DATABASE_URL, { database });
let nats;
let configDir;
let site;
let portalSite;
const containers = [];
const secrets = [];
const pods = [];
/** What the kube play test needs of the set-up. */
const made = {};

/** Environment arguments of `podman run`. */
const envArgs = (variables) => Object.entries(variables).flatMap(([name, value]) => ['--env', `${name}=${value}`]);

/** podman run as the deployment runs a container: this run's label, the host's network, a read-only root filesystem. */
const runArgs = (variables, mounts = []) => ['--network', 'host', '--read-only', '--label', `freight.test=${label}`, ...envArgs(variables), ...mounts];

/** Starts a container in the background. */
function start(name, image, variables, { mounts = [], command = [] } = {}) {
  const container = `${label}-${name}`;
  podman(['run', '--detach', '--name', container, ...runArgs(variables, mounts), image, ...command]);
  containers.push(container);
  return container;
}

/** Runs a container to its end (a provisioning or seed entry): its standard output. */
const runOnce = (image, variables, command) => podman(['run', '--rm', ...runArgs(variables), image, ...command]);

/** The end of a container's log, for a failure's message. */
const logsOf = (container) => {
  try {
    return podman(['logs', '--tail', '30', container], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    return String(error);
  }
};

async function answers(url, status = 200) {
  try {
    const reply = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(3000) });
    await reply.body?.cancel();
    return reply.status === status;
  } catch {
    return false;
  }
}

/**
 * An nginx server file of an image with its listen port and upstream addresses changed: on one
 * host's network every nginx needs a port of its own, and the upstream names (Kubernetes Services)
 * are addresses here. Mounted over the image's file, as the deployment mounts its ConfigMaps.
 */
function onThisHost(text, port, upstreams) {
  return text
    .replace(`listen ${NGINX_PORT};`, `listen 127.0.0.1:${port};`)
    .replace(/server ([a-z][a-z0-9-]*):\d+;/g, (_all, upstream) => `server ${upstreams[upstream]};`);
}

/**
 * The Deployments of a committed manifest, as `podman kube play` can run them on one host's network:
 * podman 4.3 publishes every `containerPort`, which host networking refuses ("PortMappings can only be
 * used with Bridge or slirp4netns networking"), so the ports go and the probes name numbers; the
 * listening ports (HEALTH_PORT) are this run's free ones. Everything else is the manifest's.
 * @param {string} file deploy/k8s/… @param {Record<string, string>} ports a named port → its number here
 */
function forKubePlay(file, ports) {
  const deployments = parseAllDocuments(readFileSync(join(ROOT, file), 'utf8'))
    .map((doc) => doc.toJS())
    .filter((object) => object.kind === 'Deployment');
  for (const deployment of deployments) {
    for (const container of deployment.spec.template.spec.containers) {
      delete container.ports;
      for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe'].map((p) => container[p]).filter(Boolean)) {
        probe.httpGet.port = Number(ports[probe.httpGet.port]);
      }
      for (const variable of container.env ?? []) if (variable.name === 'HEALTH_PORT') variable.value = ports.health;
    }
  }
  return deployments.map((d) => stringify(d)).join('---\n');
}

/** A podman secret as `podman kube play` reads a Kubernetes Secret: JSON, each value base64. */
function createSecret(name, values) {
  const file = join(configDir, `${name}.json`);
  writeFileSync(file, JSON.stringify(Object.fromEntries(Object.entries(values).map(([key, value]) => [key, Buffer.from(value).toString('base64')]))));
  podman(['secret', 'create', name, file]);
  secrets.push(name);
}

beforeAll(async () => {
  checkTools(['podman', 'runc']);
  configurePodman();
  const missing = deployables()
    .map((d) => imageOf(d.name))
    .filter((image) => !imageExists(image));
  if (missing.length) throw new Error(`Run npm run images first: ${missing.join(', ')} not built`);
  configDir = mkdtempSync(join(tmpdir(), `${label}-`));
  nats = await startTestNats(SERVICES);
  const natsEnv = (identity) => ({ NATS_URL: nats.env.url, NATS_USER: identity, NATS_PASSWORD: nats.env.passwords[identity], NATS_NAMESPACE: `images_${run}` });

  // Each service's database role and schema, by its image's provisioning entry (the Kubernetes Job's command).
  const serviceUrls = {};
  for (const service of SERVICES) {
    const role = `${service.name}_images_${run}`;
    serviceUrls[service.databaseUrlVariable] = withUrlParts(env.DATABASE_URL, { user: role, password: `pw-${run}`, database });
    runOnce(imageOf(service.name), { DATABASE_URL: adminUrl, [service.databaseUrlVariable]: serviceUrls[service.databaseUrlVariable] }, [
      'node',
      service.provision,
    ]);
  }

  const ports = { gateway: await freePort(), edge: await freePort(), portalEdge: await freePort() };
  site = `http://127.0.0.1:${ports.edge}`;
  portalSite = `http://127.0.0.1:${ports.portalEdge}`;
  const shared = {
    LOG_LEVEL: 'warn',
    NATS_REQUEST_TIMEOUT_MS: env.NATS_REQUEST_TIMEOUT_MS,
  };
  for (const service of SERVICES) {
    start(service.name, imageOf(service.name), {
      ...shared,
      ...natsEnv(service.name),
      GATEWAY_REQUEST_KEY: nats.env.requestKeys[service.name],
      [service.databaseUrlVariable]: serviceUrls[service.databaseUrlVariable],
      HEALTH_PORT: String(await freePort()),
      ...(service.secretVariables?.includes('SMTP_URL') && {
        // Nothing listens there: this run sends no e-mail it checks.
        SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
        MAIL_FROM: env.MAIL_FROM,
        SUPPORT_EMAIL: env.SUPPORT_EMAIL,
      }),
    });
  }
  start(GATEWAY.name, imageOf(GATEWAY.name), {
    ...shared,
    ...natsEnv('gateway'),
    ...gatewayKeyEnv(nats.env.requestKeys),
    JWT_SECRET: randomBytes(48).toString('base64url'),
    GATEWAY_HOST: '127.0.0.1',
    GATEWAY_PORT: String(ports.gateway),
    GATEWAY_TRUST_PROXY: 'loopback',
    PUBLIC_ORIGINS: `${site},${portalSite}`,
  });
  const gateway = `http://127.0.0.1:${ports.gateway}`;
  Object.assign(made, { natsEnv, serviceUrls, shared });
  await waitFor(() => answers(`${gateway}/api/health`), { timeoutMs: 120_000, what: `the gateway image's /api/health (${logsOf(`${label}-gateway`)})` });

  // The first Head user, by the directory image's seed entry.
  const seeded = parseSeedOutput(
    runOnce(
      imageOf('directory'),
      { DIRECTORY_DATABASE_URL: serviceUrls.DIRECTORY_DATABASE_URL, SEED_HEAD_USERNAME: head.username, SEED_HEAD_PASSWORD: head.password },
      ['node', SERVICES.find((s) => s.name === 'directory').seed],
    ),
  );
  expect(seeded).toMatchObject({ created: true });

  // Each web app's nginx on a port of its own, then each site's edge in front of them and the gateway.
  const upstreams = { gateway: `127.0.0.1:${ports.gateway}` };
  for (const web of deployables().filter((d) => d.kind === 'web')) {
    const port = await freePort();
    upstreams[web.name] = `127.0.0.1:${port}`;
    const file = join(configDir, `${web.name}.conf`);
    writeFileSync(file, onThisHost(readFileSync(join(ROOT, `deploy/edge/apps/${web.args.APP}.conf`), 'utf8'), port, {}));
    // NGINX_PORT: where the image's health check finds it.
    start(web.name, imageOf(web.name), { NGINX_PORT: String(port) }, { mounts: ['--volume', `${file}:/etc/nginx/conf.d/default.conf:ro`] });
  }
  const urls = { PUBLIC_SITE_URL: site, PORTAL_URL: portalSite };
  for (const [siteName, port] of Object.entries({ main: ports.edge, portal: ports.portalEdge })) {
    const file = join(configDir, `edge-${siteName}.conf.template`);
    writeFileSync(file, onThisHost(readFileSync(join(ROOT, `deploy/edge/sites/${siteName}.conf.template`), 'utf8'), port, upstreams));
    start(
      edgeImageName(siteName),
      imageOf(edgeImageName(siteName)),
      { ...urls, NGINX_PORT: String(port) },
      {
        mounts: ['--volume', `${file}:/etc/nginx/templates/default.conf.template:ro`],
      },
    );
  }
  await waitFor(() => answers(`${site}/api/health`), { timeoutMs: 30_000, what: `the edge image (${logsOf(`${label}-edge-main`)})` });
}, 300_000);

afterAll(async () => {
  for (const container of containers) {
    try {
      podman(['rm', '--force', '--time', '5', container]);
    } catch {
      // already gone
    }
  }
  for (const pod of pods) {
    try {
      podman(['pod', 'rm', '--force', pod]);
    } catch {
      // already gone
    }
  }
  for (const secret of secrets) podman(['secret', 'rm', secret]);
  await nats?.stop();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
  const roles = SERVICES.map((s) => `${s.name}_images_${run}`);
  await dropDatabase(withUrlParts(env.DATABASE_URL, { database: 'postgres' }), database, roles).catch((error) =>
    console.warn(`could not drop ${database}: ${error.message}`),
  );
}, 120_000);

describe('the system from its images (npm run images)', () => {
  it('runs every container as a non-root user on a read-only root filesystem, labelled with the build', () => {
    for (const container of containers) {
      const [user, readOnly, revision, version] = podman([
        'inspect',
        '--format',
        '{{.Config.User}}|{{.HostConfig.ReadonlyRootfs}}|{{index .Config.Labels "org.opencontainers.image.revision"}}|{{index .Config.Labels "org.opencontainers.image.version"}}',
        container,
      ])
        .trim()
        .split('|');
      expect([container, user, readOnly]).toEqual([container, '10001:10001', 'true']);
      expect(revision).toMatch(/^[0-9a-f]{40}$/);
      expect(version).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    }
  });

  it("passes the web apps' and edges' own health checks", () => {
    for (const container of containers.filter((c) => c.includes('-web-') || c.includes('-edge-'))) {
      expect([container, podman(['healthcheck', 'run', container]).trim()]).toEqual([container, '']);
    }
  });

  it('serves the microsite, the console and a remote through the main edge, and the portal through its own', async () => {
    const home = await fetch(`${site}/`);
    expect([home.status, home.headers.get('content-type')]).toEqual([200, 'text/html']);
    expect(home.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect((await fetch(`${site}/admindashboard`)).status).toBe(200);
    expect((await fetch(`${site}/remotes/jobs/remoteEntry.js`)).status).toBe(200);
    const sent = await fetch(`${site}/clientlogin`, { redirect: 'manual' });
    expect([sent.status, sent.headers.get('location')]).toEqual([302, `${portalSite}/clientlogin`]);
    expect((await fetch(`${portalSite}/clientlogin`)).status).toBe(200);
  });

  it('signs the Head in, adds master data and a job, reads it back, lists it on the booking sheet, and tracks its BL in public', async () => {
    const login = await (
      await fetch(`${site}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(head) })
    ).json();
    expect(login.token).toEqual(expect.any(String));
    const token = await headToken(site, head);
    const call = apiCaller(site, token);
    const { jobNo, booking } = await seedTrackedShipment(call, run, head.username);
    expect(jobNo).toBe('IMP-000001');

    const { results } = await call('GET', `/shipments/searchbooklist/${jobNo}`);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ jobNo, blNo: booking.blNo, statusOfShipment: 'Transit' });

    const sheet = await call('GET', `/shipments/allbooklist/${login.user_id}?status=active`);
    expect(sheet.map((row) => row.jobNo)).toEqual([jobNo]);

    const tracked = await fetch(`${site}/api/shipments/searchbl/${booking.blNo}`); // public: no token
    expect(tracked.status).toBe(200);
    expect(await tracked.json()).toMatchObject({ blNo: booking.blNo, statusOfShipment: 'Transit' });
  });

  it('keeps its data in its own database', async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT count(*)::int AS jobs FROM shipment.job');
      expect(rows).toEqual([{ jobs: 1 }]);
    } finally {
      await client.end();
    }
  });
  it('starts the gateway and the shipment service with podman kube play from their manifests, and they serve the API', async () => {
    const gatewayPort = await freePort();
    const config = join(configDir, 'freight-config.yaml');
    const data = {
      ...made.shared,
      NATS_URL: made.natsEnv('gateway').NATS_URL,
      NATS_NAMESPACE: made.natsEnv('gateway').NATS_NAMESPACE,
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_PORT: String(gatewayPort),
      GATEWAY_TRUST_PROXY: 'loopback',
      PUBLIC_ORIGINS: site,
    };
    writeFileSync(config, stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'freight-config' }, data }));
    createSecret('freight-secrets', {
      JWT_SECRET: randomBytes(48).toString('base64url'),
      SHIPMENT_DATABASE_URL: made.serviceUrls.SHIPMENT_DATABASE_URL,
    });
    createSecret('freight-request-keys', gatewayKeyEnv(nats.env.requestKeys));
    createSecret('freight-nats', { NATS_PASSWORD_GATEWAY: nats.env.passwords.gateway, NATS_PASSWORD_SHIPMENT: nats.env.passwords.shipment });
    const plays = [
      { name: 'gateway', file: 'deploy/k8s/gateway.yaml', ports: { http: String(gatewayPort) } },
      { name: 'shipment', file: 'deploy/k8s/services/shipment.yaml', ports: { health: String(await freePort()) } },
    ];
    for (const { name, file, ports } of plays) {
      const manifest = join(configDir, `${name}.kube.yaml`);
      writeFileSync(manifest, forKubePlay(file, ports));
      podman(['kube', 'play', '--network', 'host', '--configmap', config, manifest]);
      pods.push(`${name}-pod-0`);
    }
    const gateway = `http://127.0.0.1:${gatewayPort}`;
    await waitFor(() => answers(`${gateway}/api/health`), { timeoutMs: 120_000, what: `the kube-played gateway (${logsOf('gateway-pod-0-gateway')})` });
    // The shipment service of the images stops: what answers now is the kube-played one.
    podman(['stop', '--time', '10', `${label}-shipment`]);
    const token = await headToken(gateway, head);
    const login = await (
      await fetch(`${gateway}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(head) })
    ).json();
    const sheet = await fetch(`${gateway}/api/shipments/allbooklist/${login.user_id}?status=active`, { headers: { authorization: `Bearer ${token}` } });
    expect(sheet.status).toBe(200);
    expect((await sheet.json()).map((row) => row.jobNo)).toEqual(['IMP-000001']);
    for (const container of ['gateway-pod-0-gateway', 'shipment-pod-0-shipment']) {
      expect([container, podman(['inspect', '--format', '{{.State.Status}} {{.HostConfig.ReadonlyRootfs}} {{.Config.User}}', container]).trim()]).toEqual([
        container,
        'running true 10001:10001',
      ]);
    }
  });
});
