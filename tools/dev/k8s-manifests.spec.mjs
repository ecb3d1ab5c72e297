import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { deployables, imageOf } from '../images/deployables.mjs';
import { ROOT } from './gen-k8s.mjs';

// Every manifest of deploy/ (generated or written by hand) against the Kubernetes API schemas that
// kubernetes-models ships (CloudNativePG's Cluster: @kubernetes-models/cloudnative-pg), ADR 57.

const yamlFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? yamlFiles(join(dir, entry.name)) : entry.name.endsWith('.yaml') ? [join(dir, entry.name)] : [],
  );

/** Every document of every manifest, with the file it is in. */
const documents = yamlFiles(join(ROOT, 'deploy')).flatMap((file) =>
  parseAllDocuments(readFileSync(file, 'utf8')).map((doc) => {
    if (doc.errors.length) throw new Error(`${relative(ROOT, file)}: ${doc.errors[0].message}`);
    return { file: relative(ROOT, file), object: doc.toJS() };
  }),
);
const kubernetesObjects = documents.filter(({ object }) => object.kind !== 'Kustomization');
const ofKind = (kind) => kubernetesObjects.filter(({ object }) => object.kind === kind).map(({ object }) => object);

/** The model class of an object's apiVersion and kind. */
async function modelOf({ apiVersion, kind }) {
  const module = apiVersion.startsWith('postgresql.cnpg.io/') ? `@kubernetes-models/cloudnative-pg/${apiVersion}` : `kubernetes-models/${apiVersion}`;
  const Model = (await import(module))[kind];
  if (!Model) throw new Error(`kubernetes-models has no ${kind} in ${apiVersion}`);
  return Model;
}

/** The pod template of a workload (Deployment, StatefulSet, Job). */
const podOf = (workload) => workload.spec.template.spec;
const workloads = () => [...ofKind('Deployment'), ...ofKind('StatefulSet'), ...ofKind('Job')];
const envValue = (container, name) => container.env?.find((e) => e.name === name)?.value;

describe('Kubernetes manifests (deploy/)', () => {
  it('are many, and each document is valid against its kind’s API schema', async () => {
    expect(kubernetesObjects.length).toBeGreaterThan(40);
    const problems = [];
    for (const { file, object } of kubernetesObjects) {
      try {
        new (await modelOf(object))(object).validate();
      } catch (error) {
        problems.push(`${file} ${object.kind}/${object.metadata?.name}: ${error.message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('an invalid document fails the same check (the schemas are really applied)', async () => {
    const deployment = structuredClone(ofKind('Deployment')[0]);
    deployment.spec.template.spec.containers[0].resources.limits = 'one core';
    const Model = await modelOf(deployment);
    expect(() => new Model(deployment).validate()).toThrow(/resources\/limits must be object/);
  });

  it('lists only files that exist in each kustomization', () => {
    for (const { file, object } of documents.filter((d) => d.object.kind === 'Kustomization')) {
      for (const resource of object.resources) expect([file, resource, existsSync(join(ROOT, dirname(file), resource))]).toEqual([file, resource, true]);
    }
  });

  it("runs every deployable's image at this version, and nothing else of ours", () => {
    const named = new Set(workloads().flatMap((w) => podOf(w).containers.map((c) => c.image)));
    const ours = [...named].filter((image) => image.startsWith('freight/')).sort();
    expect(ours).toEqual(
      deployables()
        .map((d) => imageOf(d.name))
        .sort(),
    );
  });

  it('gives every container of ours requests, limits, a read-only root filesystem and a non-root user, and every long-running one probes', () => {
    for (const workload of workloads()) {
      const pod = podOf(workload);
      for (const container of pod.containers.filter((c) => c.image.startsWith('freight/'))) {
        const where = `${workload.kind}/${workload.metadata.name}`;
        expect([where, Object.keys(container.resources).sort(), Object.keys(container.resources.limits).sort()]).toEqual([
          where,
          ['limits', 'requests'],
          ['cpu', 'memory'],
        ]);
        expect([where, container.securityContext.readOnlyRootFilesystem, pod.securityContext.runAsNonRoot]).toEqual([where, true, true]);
        if (workload.kind !== 'Job')
          expect([where, Boolean(container.readinessProbe?.httpGet), Boolean(container.livenessProbe?.httpGet)]).toEqual([where, true, true]);
      }
    }
  });

  it('probes the drain’s endpoints and lets a drain end before Kubernetes kills (grace above DRAIN_DELAY_MS + DRAIN_TIMEOUT_MS)', () => {
    const gateway = podOf(ofKind('Deployment').find((d) => d.metadata.name === 'gateway'));
    expect(gateway.containers[0].readinessProbe.httpGet.path).toBe('/api/health/ready');
    expect(gateway.containers[0].livenessProbe.httpGet.path).toBe('/api/health/live');
    expect(envValue(gateway.containers[0], 'DRAIN_DELAY_MS')).toBe('5000');
    const shipment = podOf(ofKind('Deployment').find((d) => d.metadata.name === 'shipment'));
    expect([shipment.containers[0].readinessProbe.httpGet, envValue(shipment.containers[0], 'HEALTH_HOST')]).toEqual([
      { path: '/ready', port: 'health' },
      '0.0.0.0',
    ]);
    const draining = ofKind('Deployment').filter((d) => envValue(podOf(d).containers[0], 'DRAIN_TIMEOUT_MS'));
    expect(draining.map((d) => d.metadata.name).sort()).toEqual(['accounts', 'directory', 'gateway', 'notification', 'shipment']);
    for (const deployment of draining) {
      const [container] = podOf(deployment).containers;
      const drainMs = Number(envValue(container, 'DRAIN_DELAY_MS') ?? 0) + Number(envValue(container, 'DRAIN_TIMEOUT_MS'));
      expect([deployment.metadata.name, podOf(deployment).terminationGracePeriodSeconds * 1000 > drainMs]).toEqual([deployment.metadata.name, true]);
    }
  });

  it('gives every Deployment and StatefulSet a PodDisruptionBudget, the gateway and the shipment service an autoscaler', () => {
    const budgets = ofKind('PodDisruptionBudget').map((b) => b.spec.selector.matchLabels.app);
    for (const workload of [...ofKind('Deployment'), ...ofKind('StatefulSet')]) expect(budgets).toContain(workload.spec.selector.matchLabels.app);
    const autoscalers = ofKind('HorizontalPodAutoscaler');
    expect(autoscalers.map((a) => a.spec.scaleTargetRef.name).sort()).toEqual(['gateway', 'shipment']);
    for (const autoscaler of autoscalers) {
      expect(autoscaler.apiVersion).toBe('autoscaling/v2');
      // The autoscaler owns the replica count: the Deployment names none.
      expect(ofKind('Deployment').find((d) => d.metadata.name === autoscaler.spec.scaleTargetRef.name).spec.replicas).toBeUndefined();
    }
  });

  it('runs NATS as 3 JetStream nodes, every stream replicated 3 times', () => {
    const [nats] = ofKind('StatefulSet');
    expect(nats.spec.replicas).toBe(3);
    const natsConfig = ofKind('ConfigMap').find((c) => c.metadata.name === 'nats-config').data['nats.conf'];
    expect(natsConfig).toMatch(/jetstream \{/);
    expect(ofKind('ConfigMap').find((c) => c.metadata.name === 'freight-config').data.NATS_STREAM_REPLICAS).toBe('3');
  });
});
