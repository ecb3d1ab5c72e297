import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import { SERVICES } from '@freight/contracts';
import { parseRequestKey, requestKeyVariable, type RequestKeyVariable } from './gateway-signature.js';

/** Raised when the environment does not satisfy a service's schema; the message lists every problem. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Validate the environment once, at start-up. Empty values count as unset, so a copied
 * `.env.example` with blank lines falls back to the defaults. Throws a ConfigError
 * naming every bad or missing variable at once.
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: Record<string, string | undefined> = process.env): z.infer<S> {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
}

export const postgresUrlField = z.string().refine((value) => /^postgres(ql)?:\/\/[^/]+\/[^/?]+/.test(value), 'must be a postgres:// URL with a database name');

/** A request key (parseRequestKey), parsed once at start-up so a bad key fails there. */
const keyField = (required: string) =>
  z.string({ error: required }).transform((text, ctx): KeyObject => {
    try {
      return parseRequestKey(text);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `is not a usable key (${(error as Error).message})` });
      return z.NEVER;
    }
  });

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Ready-made fields for the variables every server reads (names as in .env.example). */
export const envFields = {
  /** Admin connection: only to create databases, roles and schemas. */
  DATABASE_URL: postgresUrlField.default('postgres://postgres@127.0.0.1:5432/freight'),
  NATS_URL: z
    .string()
    .regex(/^(nats|tls|wss?):\/\/\S+$/, 'must be a nats:// URL (comma-separate several)')
    .default('nats://127.0.0.1:4222'),
  /** Prefix for every subject and queue group; `t1` and `t1.` both become `t1.`. */
  NATS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_-]+\.?$/, 'must be letters, digits, _ or -, optionally ending with a dot')
    .transform((value) => (value.endsWith('.') ? value : `${value}.`))
    .default(''),
  /**
   * Replicas of every JetStream stream (the services' event streams) and of the gateway's
   * revocation bucket: 1 on one nats-server, 3 on a three-node cluster (docs/adr/0049-cluster-mode.md).
   */
  NATS_STREAM_REPLICAS: z.coerce
    .number({ error: 'must be a number of replicas' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(5, 'must be at most 5 (JetStream allows no more)')
    .default(1),
  /** This process's own NATS identity (each service and the gateway has one; see tools/dev/nats-config.mjs). */
  NATS_USER: z.string().optional(),
  NATS_PASSWORD: z.string().optional(),
  /** A service's own request key: it refuses every NATS request not signed with it (the gateway holds it as <SERVICE>_REQUEST_KEY). */
  GATEWAY_REQUEST_KEY: keyField("is required: this service's request key, which the gateway signs its NATS requests to it with"),
  NATS_REQUEST_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number')
    .min(50, 'must be at least 50')
    .max(120_000, 'must be at most 120000')
    .default(5000),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
};

export const natsEnvSchema = z.object({
  NATS_URL: envFields.NATS_URL,
  NATS_NAMESPACE: envFields.NATS_NAMESPACE,
  NATS_REQUEST_TIMEOUT_MS: envFields.NATS_REQUEST_TIMEOUT_MS,
  NATS_USER: envFields.NATS_USER,
  NATS_PASSWORD: envFields.NATS_PASSWORD,
});
export type NatsConfig = z.infer<typeof natsEnvSchema>;

/** What a service needs to take requests: NATS, and the key that proves a request came from the gateway (envFields.GATEWAY_REQUEST_KEY). */
export type ServiceNatsConfig = NatsConfig & { GATEWAY_REQUEST_KEY: KeyObject };

/**
 * The gateway's keys: one variable per registered service (DIRECTORY_REQUEST_KEY, …), each the
 * GATEWAY_REQUEST_KEY of that service. Two services with one key could forge each other's requests: refused.
 */
export const requestKeysEnvSchema = z
  .object(
    Object.fromEntries(
      SERVICES.map((service) => [requestKeyVariable(service), keyField(`is required: the ${service} service's request key (its GATEWAY_REQUEST_KEY)`)]),
    ) as Record<RequestKeyVariable, ReturnType<typeof keyField>>,
  )
  .superRefine((keys, ctx) => {
    const variables = SERVICES.map(requestKeyVariable);
    variables.forEach((variable, i) => {
      const same = variables.slice(0, i).find((earlier) => keys[variable] && keys[earlier]?.equals(keys[variable]));
      if (same) ctx.addIssue({ code: 'custom', path: [variable], message: `is the same key as ${same}: each service needs its own` });
    });
  });
