import { z } from 'zod';

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

export const postgresUrlField = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\/[^/]+\/[^/?]+/.test(value), 'must be a postgres:// URL with a database name');

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Ready-made fields for the variables every server reads (names as in .env.example). */
export const envFields = {
  /** Admin connection: only to create databases, roles and schemas. */
  DATABASE_URL: postgresUrlField.default('postgres://postgres@127.0.0.1:5432/freight'),
  NATS_URL: z.string().regex(/^(nats|tls|wss?):\/\/\S+$/, 'must be a nats:// URL (comma-separate several)').default('nats://127.0.0.1:4222'),
  /** Prefix for every subject and queue group; `t1` and `t1.` both become `t1.`. */
  NATS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_-]+\.?$/, 'must be letters, digits, _ or -, optionally ending with a dot')
    .transform((value) => (value.endsWith('.') ? value : `${value}.`))
    .default(''),
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
});
export type NatsConfig = z.infer<typeof natsEnvSchema>;

export const logEnvSchema = z.object({ LOG_LEVEL: envFields.LOG_LEVEL });
