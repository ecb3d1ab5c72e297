import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import { parsePublicKey, parseSigningKey } from './gateway-signature.js';

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

/** A key in PEM or one-line base64 DER, parsed once at start-up so a bad key fails there. */
const keyField = (parse: (text: string) => KeyObject, required: string) =>
  z.string({ error: required }).transform((text, ctx): KeyObject => {
    try {
      return parse(text);
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
  /** Ed25519 private key the gateway signs every NATS request with; only the gateway has it. */
  GATEWAY_SIGNING_KEY: keyField(parseSigningKey, 'is required: the Ed25519 private key the gateway signs NATS requests with'),
  /** The matching public key: every service refuses a request it does not verify. */
  GATEWAY_PUBLIC_KEY: keyField(parsePublicKey, 'is required: the Ed25519 public key of the gateway, to verify NATS requests'),
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

/** What a service needs to take requests: NATS, and the key that proves a request came from the gateway (envFields.GATEWAY_PUBLIC_KEY). */
export type ServiceNatsConfig = NatsConfig & { GATEWAY_PUBLIC_KEY: KeyObject };
