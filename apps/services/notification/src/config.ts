import { envFields, loadConfig, natsEnvSchema, postgresUrlField } from '@freight/server';
import { z } from 'zod';
import { companyEnvSchema } from '@freight/contracts';

export const SERVICE = 'notification' as const;
/** Postgres schema owned by this service's role. */
export const SCHEMA = 'notification';

/** What the notification service's tools read (migrate, provision). */
export const notificationEnvSchema = natsEnvSchema.extend({
  NATS_STREAM_REPLICAS: envFields.NATS_STREAM_REPLICAS,
  NOTIFICATION_DATABASE_URL: postgresUrlField.default('postgres://notification_svc:notification_dev_password@127.0.0.1:5432/freight'),
  LOG_LEVEL: envFields.LOG_LEVEL,
});

const milliseconds = (fallback: number, min: number) =>
  z.coerce.number({ error: 'must be a number of milliseconds' }).int('must be a whole number').min(min, `must be at least ${min}`).default(fallback);

/** What the running service reads: the same, its request key, and how it sends mail. */
export const notificationServiceEnvSchema = notificationEnvSchema.extend({
  GATEWAY_REQUEST_KEY: envFields.GATEWAY_REQUEST_KEY,
  /** smtp://user:pass@host:port (STARTTLS when offered) or smtps:// (TLS from the start). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/\s]+\/?$/, 'must be an smtp:// or smtps:// URL')
    .default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().min(3).default('Freight <no-reply@freight.localhost>'),
  /**
   * The company's own details, in every e-mail (docs/adr/0044-company-profile.md); its SUPPORT_EMAIL is the
   * support inbox too: contact form messages go there.
   */
  ...companyEnvSchema.shape,
  /** SMTP connections the sender keeps open; each has one e-mail in flight until its outcome is committed. */
  MAIL_SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(8),
  /** First wait after a temporary failure; it doubles with each attempt. */
  MAIL_RETRY_BASE_MS: milliseconds(30_000, 10),
  /** After this long from acceptance an e-mail that still fails is given up (`failed`). */
  MAIL_GIVE_UP_AFTER_MS: milliseconds(24 * 60 * 60 * 1000, 100),
  /** An e-mail claimed by a sender that died is claimed again after this long. Longer than any SMTP timeout. */
  MAIL_LEASE_MS: milliseconds(120_000, 100),
  /** Looks for due e-mails this often when no NOTIFY came. */
  MAIL_POLL_MS: milliseconds(1000, 10),
});
export type NotificationConfig = z.infer<typeof notificationServiceEnvSchema>;

export function loadNotificationConfig(env: Record<string, string | undefined> = process.env): NotificationConfig {
  return loadConfig(notificationServiceEnvSchema, env);
}
