import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, SERVICES_DIR, compareDeployment, renderDeployment } from './gen-k8s.mjs';
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
});
