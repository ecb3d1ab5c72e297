import { z } from 'zod';
import { EXPORT_CHUNK_MAX, companyEnvSchema } from '@freight/contracts';
import { drainEnvSchema, envFields, loadConfig, requestKeysEnvSchema } from '@freight/server';

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

/**
 * Fastify's `trustProxy`: 'true'/'false', a hop count, or a comma-separated list of proxy
 * addresses/CIDRs whose X-Forwarded-For is believed. The default believes a proxy on the
 * loopback only (the edge of `npm start`); behind a load balancer, name its addresses.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value): boolean | number | string => {
    if (value === 'true') return true;
    if (value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value;
  });

const origins = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ error: 'must be a comma-separated list of origins such as https://console.example.com' })));

/** Every service's request key (DIRECTORY_REQUEST_KEY, …: requestKeysEnvSchema), and the gateway's own settings. */
export const gatewayEnvSchema = requestKeysEnvSchema.extend({
  GATEWAY_HOST: z.string().trim().min(1).default('127.0.0.1'),
  GATEWAY_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  JWT_SECRET: z.string({ error: 'is required (at least 32 random characters)' }).min(32, 'must be at least 32 characters'),
  /**
   * Origins browsers load the web apps from (the edge, as users type its URL). Calls that carry
   * an Origin are judged against this list and CORS_ORIGINS only, never against the Host header.
   */
  PUBLIC_ORIGINS: origins.default([]),
  /** Further origins allowed to call the API from another site. */
  CORS_ORIGINS: origins.default([]),
  BODY_LIMIT_BYTES: z.coerce.number({ error: 'must be a number of bytes' }).int().min(1024, 'must be at least 1024').default(1_048_576),
  GATEWAY_TRUST_PROXY: trustProxy.default('loopback'),
  /** Rows a CSV export asks a service for at a time: more is fewer round trips, less is less memory per export. */
  EXPORT_CHUNK_ROWS: z.coerce
    .number({ error: 'must be a number of rows' })
    .int()
    .min(1, 'must be at least 1')
    .max(EXPORT_CHUNK_MAX, `must be at most ${EXPORT_CHUNK_MAX}`)
    .default(500),
  NATS_URL: envFields.NATS_URL,
  NATS_NAMESPACE: envFields.NATS_NAMESPACE,
  NATS_REQUEST_TIMEOUT_MS: envFields.NATS_REQUEST_TIMEOUT_MS,
  NATS_STREAM_REPLICAS: envFields.NATS_STREAM_REPLICAS,
  NATS_USER: envFields.NATS_USER,
  NATS_PASSWORD: envFields.NATS_PASSWORD,
  LOG_LEVEL: envFields.LOG_LEVEL,
  /** The company's own details, answered at GET /api/company and printed on the statement PDF (docs/adr/0044-company-profile.md). */
  ...companyEnvSchema.shape,
  /**
   * On SIGTERM the gateway reports not ready at once and keeps answering this long before it closes
   * its listener, so the load balancer (the edge, Kubernetes' endpoints) stops sending it requests
   * first (docs/adr/0051-drain-and-probes.md).
   */
  DRAIN_DELAY_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(120_000).default(0),
  /** The whole drain (the delay, the requests in flight, the live streams) ends within this; then every connection is closed. */
  DRAIN_TIMEOUT_MS: drainEnvSchema.shape.DRAIN_TIMEOUT_MS,
  /**
   * How long the gateway waits at start-up for JetStream to answer before it exits: a NATS cluster
   * that has just started answers no JetStream request until its nodes have elected a leader.
   */
  /**
   * Read every JSON reply a service sends as bytes and check it against its contract, as the
   * other replies are (docs/adr/0059-json-replies-passed-as-bytes.md): on in every test run and
   * in `npm start`, off in production, where the tests have proven each such reply.
   */
  CHECK_JSON_REPLIES: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  JETSTREAM_STARTUP_WAIT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).default(30_000),
});

export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;

/** Reads the environment once at start-up; throws a ConfigError naming every bad variable. */
export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return loadConfig(gatewayEnvSchema, env);
}
