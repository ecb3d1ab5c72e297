import registry from './services.json' with { type: 'json' };

/**
 * The names of the back-end services as a type. The list itself is the service registry
 * (services.json, docs/adr/0019-service-registry.md); this tuple gives TypeScript the literal
 * names, and a unit test (services.spec.ts) fails when the two differ.
 */
const NAMES = ['directory', 'notification', 'shipment', 'accounts'] as const;
export type ServiceName = (typeof NAMES)[number];

/** The resources (`resources` keys) a service may name under `references` (references.ts). */
export const REFERENCEABLE = ['users', 'branches', 'consignees', 'shippers', 'forwarders', 'origins', 'yards', 'shipmentTypes', 'shipmentTerms'] as const;
export type Referenceable = (typeof REFERENCEABLE)[number];

/** One back-end service as the registry lists it. Paths are relative to the repository root. */
export interface ServiceEntry {
  name: ServiceName;
  /** The Nx project (package name) that builds it. */
  project: string;
  /** Its folder. */
  root: string;
  /** The built main: runs its migrations, then takes NATS requests. */
  entry: string;
  /** Built entry that seeds first data and prints one JSON line, or null. */
  seed: string | null;
  /** Built entry that only applies pending migrations, or null. */
  migrate: string | null;
  /** Built entry that creates the database, the service's role and schema (admin DATABASE_URL), or null. */
  provision: string | null;
  /** NATS queue group its replicas share (each request is handled once). */
  queueGroup: string;
  /** The variable holding the URL of its own database role, e.g. DIRECTORY_DATABASE_URL. */
  databaseUrlVariable: string;
  /** Master data (resource names) its active rows use: asked `<name>.references.count` before such a delete (ADR 30). Absent: none. */
  references?: Referenceable[];
  /** Its settings that may hold credentials (SMTP_URL): in Kubernetes from the Secret, not the ConfigMap. Absent: none. */
  secretVariables?: string[];
  /** The Postgres schema its role owns. */
  schema: string;
  /** HTTP port it listens on, or null: NATS only (health is `<name>.health`). */
  port: number | null;
  /** Container image (without tag). */
  image: string;
  replicas: number;
  resources: { cpu: string; memory: string; memoryLimit: string };
  /** A HorizontalPodAutoscaler from `replicas` up to `maxReplicas` at `cpuUtilization` % of the CPU request. Absent: fixed replicas. */
  autoscale?: { maxReplicas: number; cpuUtilization: number };
}

/**
 * Every registered service, in registry order. (A function, not a constant, so a web bundle,
 * which never calls it, leaves the registry out.)
 */
export function serviceRegistry(): readonly ServiceEntry[] {
  return registry.services as ServiceEntry[];
}

/** The back-end services' names, in registry order (services.spec.ts checks them against the registry). */
export const SERVICES: readonly ServiceName[] = NAMES;

/** The registry entry of `name`. */
export function serviceEntry(name: ServiceName): ServiceEntry {
  const entry = serviceRegistry().find((service) => service.name === name);
  if (!entry) throw new Error(`${name} is not in the service registry (libs/contracts/src/services.json)`);
  return entry;
}

function queueGroups(): Record<ServiceName, string> {
  return Object.fromEntries(serviceRegistry().map((service) => [service.name, service.queueGroup])) as Record<ServiceName, string>;
}

/** Each service's replicas share its registered NATS queue group, so each request is handled once. */
export const QUEUE_GROUPS: Readonly<Record<ServiceName, string>> = /*#__PURE__*/ queueGroups();

/** The subject every service answers with its health (`directory.health`). */
export function healthSubject<S extends ServiceName>(service: S): `${S}.health` {
  return `${service}.health`;
}
