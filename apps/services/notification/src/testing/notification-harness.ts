import { startServiceHarness, startSmtpSink, testServiceEnv, type ServiceHarness, type SmtpSink } from '@freight/server-testing';
import { companyEnvSchema } from '@freight/contracts';
import { AppModule } from '../app.module.js';
import { SERVICE, type NotificationConfig } from '../config.js';

export type NotificationHarness = ServiceHarness<NotificationConfig> & { smtp: SmtpSink };

/** Sending settings for tests: quick retries and polls. */
export const FAST_MAIL: Pick<NotificationConfig, 'MAIL_RETRY_BASE_MS' | 'MAIL_GIVE_UP_AFTER_MS' | 'MAIL_LEASE_MS' | 'MAIL_POLL_MS'> = {
  MAIL_RETRY_BASE_MS: 200,
  MAIL_GIVE_UP_AFTER_MS: 60_000,
  MAIL_LEASE_MS: 30_000,
  MAIL_POLL_MS: 100,
};

/** The service's own settings with the test's SMTP server (the company profile's defaults, as the service's schema gives them). */
export function mailSettings(smtp: SmtpSink, overrides: Partial<NotificationConfig> = {}) {
  return {
    ...companyEnvSchema.parse({}),
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Freight <no-reply@freight.test>',
    SUPPORT_EMAIL: 'support@freight.test',
    MAIL_SMTP_CONNECTIONS: 4,
    ...FAST_MAIL,
    ...overrides,
  };
}

/** The notification service in this process on a fresh database and namespace, with an SMTP server of its own in the test process. */
export async function startNotification(overrides: Partial<NotificationConfig> = {}): Promise<NotificationHarness> {
  const smtp = await startSmtpSink();
  const harness = await startServiceHarness({
    service: SERVICE,
    config: (base, url) => ({ ...base, NOTIFICATION_DATABASE_URL: url, ...mailSettings(smtp, overrides) }),
    module: (config) => AppModule.register(config),
  });
  return {
    ...harness,
    smtp,
    async close() {
      await harness.close();
      await smtp.stop();
    },
  };
}

/** The environment of the service run as a process (spawnService) against `databaseUrl` and `smtp`. */
export function notificationEnv(
  namespace: string,
  databaseUrl: string,
  smtp: SmtpSink,
  overrides: Partial<Record<string, string | number>> = {},
): Record<string, string> {
  const settings = { ...mailSettings(smtp), ...overrides };
  return {
    ...testServiceEnv(SERVICE, namespace),
    NOTIFICATION_DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    ...Object.fromEntries(Object.entries(settings).map(([name, value]) => [name, String(value)])),
  };
}

export { bookingMailData as bookingData } from '@freight/server-testing';
