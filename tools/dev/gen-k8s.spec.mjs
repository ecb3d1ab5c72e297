import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EDGES_DIR, ROOT, SERVICES_DIR, WEB_DIR, compareDeployment, renderDeployment, renderWeb } from './gen-k8s.mjs';
import { imageOf } from '../images/deployables.mjs';
import { SERVICES } from './services.mjs';

const service = (name, changes = {}) => ({
  ...SERVICES[0],
  name,
  project: `@freight/${name}-service`,
  root: `apps/services/${name}`,
  entry: `apps/services/${name}/dist/main.js`,
  seed: null,
  migrate: null,
  provision: `apps/services/${name}/dist/provision.js`,
  queueGroup: name,
  databaseUrlVariable: `${name.toUpperCase()}_DATABASE_URL`,
  schema: name,
  image: `freight/${name}`,
  ...changes,
});

describe('generated deployment (node tools/dev/gen-k8s.mjs)', () => {
  it('is what is committed: no file stale, none left over from a service no longer registered', () => {
    expect(compareDeployment()).toEqual({ stale: [], extra: [] });
  });

  it('is included by deploy/kustomization.yaml, which names no service itself', () => {
    const kustomization = readFileSync(join(ROOT, 'deploy/kustomization.yaml'), 'utf8');
    expect(kustomization).toMatch(/^ {2}- k8s\/services$/m);
    expect(kustomization).toMatch(/^ {2}- k8s\/secrets\.yaml$/m);
    for (const { name } of SERVICES) expect(kustomization).not.toContain(`${name}.yaml`);
  });

  const files = renderDeployment([service('shipment'), service('billing', { provision: null, port: 3100, replicas: 3 })]);

  it('gives each service a file, listed in the services kustomization', () => {
    expect(Object.keys(files).sort()).toEqual(
      [
        `${SERVICES_DIR}/billing.yaml`,
        `${SERVICES_DIR}/kustomization.yaml`,
        `${SERVICES_DIR}/shipment.yaml`,
        'deploy/k8s/gateway.yaml',
        'deploy/k8s/nats-auth.conf',
        'deploy/k8s/secrets.yaml',
      ].sort(),
    );
    expect(files[`${SERVICES_DIR}/kustomization.yaml`]).toContain('resources:\n  - shipment.yaml\n  - billing.yaml\n');
  });

  it('runs the registered entries, with the service’s own database URL and NATS identity only', () => {
    const shipment = files[`${SERVICES_DIR}/shipment.yaml`];
    expect(shipment).toContain('  name: shipment-provision\n');
    expect(shipment).toContain('command: ["node", "apps/services/shipment/dist/provision.js"]');
    expect(shipment).toContain('command: ["node", "apps/services/shipment/dist/main.js"]');
    expect(shipment).toContain('valueFrom: { secretKeyRef: { name: freight-secrets, key: SHIPMENT_DATABASE_URL } }');
    expect(shipment).toContain('- { name: NATS_USER, value: shipment }');
    expect(shipment).toContain('valueFrom: { secretKeyRef: { name: freight-nats, key: NATS_PASSWORD_SHIPMENT } }');
    expect(shipment).toContain('labels: { app: shipment, freight.io/nats-client: "true", freight.io/postgres-client: "true" }');
    expect(shipment).not.toMatch(/DIRECTORY|BILLING|kind: Service\n/);
  });

  it('adds a Service and probes only for a service with an HTTP port, a Job only where there is a provision entry', () => {
    const billing = files[`${SERVICES_DIR}/billing.yaml`];
    expect(billing).not.toContain('kind: Job');
    expect(billing).toContain('  replicas: 3\n');
    expect(billing).toContain('- { containerPort: 3100, name: http }');
    expect(billing).toContain(
      'kind: Service\nmetadata:\n  name: billing\nspec:\n  selector: { app: billing }\n  ports:\n    - { port: 3100, targetPort: http }\n',
    );
  });

  it('gives a service its secret settings from the Secret, which lists each once', () => {
    const mailing = renderDeployment([service('shipment'), service('mailer', { secretVariables: ['SMTP_URL'] })]);
    expect(mailing[`${SERVICES_DIR}/mailer.yaml`]).toContain(
      '            - name: SMTP_URL\n              valueFrom: { secretKeyRef: { name: freight-secrets, key: SMTP_URL } }\n',
    );
    expect(mailing[`${SERVICES_DIR}/shipment.yaml`]).not.toContain('SMTP_URL');
    expect(mailing['deploy/k8s/secrets.yaml'].match(/^ {2}SMTP_URL: replace-me$/gm)).toHaveLength(1);
    expect(mailing['deploy/k8s/secrets.yaml']).toContain("#     --from-literal=SMTP_URL='…'  # mailer\n");
  });

  it('keeps SMTP_URL (it may hold credentials) out of the ConfigMap: the notification service reads it from the Secret', () => {
    expect(readFileSync(join(ROOT, 'deploy/k8s/config.yaml'), 'utf8')).not.toMatch(/^\s*SMTP_URL:/m);
    expect(renderDeployment()[`${SERVICES_DIR}/notification.yaml`]).toContain('valueFrom: { secretKeyRef: { name: freight-secrets, key: SMTP_URL } }');
  });

  it('lists every service database URL and every NATS identity’s password in the Secrets', () => {
    const secrets = files['deploy/k8s/secrets.yaml'];
    expect(secrets).toContain('  SHIPMENT_DATABASE_URL: postgres://shipment_svc:replace-me@freight-db-rw:5432/freight\n');
    expect(secrets).toContain('  BILLING_DATABASE_URL: postgres://billing_svc:replace-me@freight-db-rw:5432/freight\n');
    for (const identity of ['GATEWAY', 'SHIPMENT', 'BILLING', 'ADMIN']) expect(secrets).toContain(`  NATS_PASSWORD_${identity}: replace-me\n`);
    expect(files['deploy/k8s/nats-auth.conf']).toContain('subscribe: { allow: ["billing.> billing", "*.billing.> *.billing", "_INBOX_billing.>"] }');
  });

  it("gives the gateway every service's request key and each service only its own, from a Secret of their own", () => {
    const fromKeys = (name, key) => `            - name: ${name}\n              valueFrom: { secretKeyRef: { name: freight-request-keys, key: ${key} } }\n`;
    const shipment = files[`${SERVICES_DIR}/shipment.yaml`];
    expect(shipment).toContain(fromKeys('GATEWAY_REQUEST_KEY', 'SHIPMENT_REQUEST_KEY'));
    expect(new Set(shipment.match(/\w+_REQUEST_KEY/g))).toEqual(new Set(['GATEWAY_REQUEST_KEY', 'SHIPMENT_REQUEST_KEY']));
    for (const key of ['SHIPMENT_REQUEST_KEY', 'BILLING_REQUEST_KEY']) expect(files['deploy/k8s/gateway.yaml']).toContain(fromKeys(key, key));
    const secrets = files['deploy/k8s/secrets.yaml'].split('\n---\n');
    const keys = secrets.find((secret) => secret.includes('  name: freight-request-keys\n'));
    expect(keys).toContain('stringData:\n  SHIPMENT_REQUEST_KEY: replace-me\n  BILLING_REQUEST_KEY: replace-me');
    // Not in freight-secrets, which each provisioning Job reads whole (envFrom).
    expect(shipment).toContain('envFrom:\n            - secretRef: { name: freight-secrets }');
    expect(secrets.find((secret) => secret.includes('  name: freight-secrets\n'))).not.toContain('REQUEST_KEY');
  });
});

describe('web apps and edges (from deploy/edge/routes.json)', () => {
  const web = renderWeb();

  it('gives every web app of every site a Deployment and Service, and each site an edge, each listed in its kustomization', () => {
    expect(Object.keys(web).sort()).toEqual(
      [
        ...['accounts', 'client-portal', 'console', 'jobs', 'master-data', 'portal', 'tracking', 'kustomization'].map((f) => `${WEB_DIR}/${f}.yaml`),
        ...['kustomization', 'main', 'portal'].map((f) => `${EDGES_DIR}/${f}.yaml`),
      ].sort(),
    );
    expect(web[`${WEB_DIR}/kustomization.yaml`]).toContain('  - tracking.yaml\n');
    expect(web[`${WEB_DIR}/kustomization.yaml`]).toContain('  - client-portal.yaml\n');
    expect(web[`${EDGES_DIR}/kustomization.yaml`]).toContain('resources:\n  - main.yaml\n  - portal.yaml\n');
    const kustomization = readFileSync(join(ROOT, 'deploy/kustomization.yaml'), 'utf8');
    expect(kustomization).toMatch(/^ {2}- k8s\/web$/m);
    expect(kustomization).toMatch(/^ {2}- k8s\/edges$/m);
  });

  it("mounts each host's own remote registry over its build's, and none into a remote or the microsite", () => {
    const registry = (path) => readFileSync(join(ROOT, path), 'utf8').trimEnd().replaceAll('\n', '\n    ');
    expect(web[`${WEB_DIR}/portal.yaml`]).toContain(
      `name: web-portal-remotes\ndata:\n  remotes.json: |\n    ${registry('apps/web/portal/public/remotes.json')}`,
    );
    expect(web[`${WEB_DIR}/console.yaml`]).toContain(`  remotes.json: |\n    ${registry('apps/web/console/public/remotes.json')}`);
    for (const app of ['tracking', 'client-portal', 'jobs']) expect(web[`${WEB_DIR}/${app}.yaml`]).not.toContain('remotes.json');
    expect(web[`${WEB_DIR}/tracking.yaml`]).toContain('httpGet: { path: /site/index.html, port: http }');
    expect(web[`${WEB_DIR}/client-portal.yaml`]).toContain('httpGet: { path: /remotes/client-portal/remoteEntry.js, port: http }');
  });

  it("runs each site's edge alone: its image (with its nginx template), the sites' URLs from freight-config, its own Ingress host", () => {
    const portal = web[`${EDGES_DIR}/portal.yaml`];
    expect(portal).toContain(`image: ${imageOf('edge-portal')}\n`);
    expect(portal).not.toContain('default.conf.template');
    // The edge takes the client from the Ingress controller only (nginx's realip), and the gateway trusts that one hop.
    expect(portal).toMatch(/ {4}set_real_ip_from 10\.0\.0\.0\/8;\n {4}real_ip_header X-Forwarded-For;\n---/);
    expect(portal).toContain('- { name: trusted-proxies, mountPath: /etc/nginx/trusted-proxies.d }');
    expect(readFileSync(join(ROOT, 'deploy/k8s/config.yaml'), 'utf8')).toMatch(/^ {2}GATEWAY_TRUST_PROXY: "1"$/m);
    expect(portal).toContain('- { name: PUBLIC_SITE_URL, valueFrom: { configMapKeyRef: { name: freight-config, key: PUBLIC_SITE_URL } } }');
    expect(portal).toContain('- { name: NGINX_ENVSUBST_FILTER, value: "^(PUBLIC_SITE_URL|PORTAL_URL)$" }');
    expect(portal).toContain('labels: { app: edge-portal, freight.io/edge: "true" }');
    expect(portal).toContain('- host: portal.freight.example.com');
    expect(web[`${EDGES_DIR}/main.yaml`]).toContain('- host: freight.example.com');
    const config = readFileSync(join(ROOT, 'deploy/k8s/config.yaml'), 'utf8');
    expect(config).toMatch(/^ {2}PORTAL_URL: https:\/\/portal\.freight\.example\.com$/m);
    expect(config).toMatch(/^ {2}PUBLIC_ORIGINS: .*https:\/\/portal\.freight\.example\.com/m);
    // Only the edges reach the gateway.
    expect(readFileSync(join(ROOT, 'deploy/k8s/network-policies.yaml'), 'utf8')).toContain('matchLabels: { freight.io/edge: "true" }');
  });
});
