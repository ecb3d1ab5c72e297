import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import type { ErrorBody, ServiceName } from '@freight/contracts';
import { NatsRpcClient, RemoteError, failureOf, startService, type LogLevel, type ServiceNatsConfig } from '@freight/server';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from './database.js';
import { testNatsConfig, testServiceConfig, uniqueNamespace } from './nats.js';

/** A service running in the test's own process, on a fresh database and NATS namespace. */
export interface ServiceHarness<C> {
  db: TestDatabase;
  /** Calls as the gateway makes them: its NATS identity, requests signed with its key. */
  client: NatsRpcClient;
  app: INestMicroservice;
  config: C;
  namespace: string;
  /** Run SQL as the superuser on this test's database. */
  adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

type BaseConfig = ServiceNatsConfig & { LOG_LEVEL: LogLevel; NATS_STREAM_REPLICAS: number };

export interface ServiceHarnessOptions<C extends BaseConfig> {
  service: ServiceName;
  /** The service's configuration from its NATS settings and its database URL (its own role's). */
  config(base: BaseConfig, databaseUrl: string): C;
  module(config: C): DynamicModule;
  /** Default: a fresh one. */
  namespace?: string;
}

/** Starts `service`'s module in this process on a fresh database (dropped by `close()`), spoken to over real NATS. */
export async function startServiceHarness<C extends BaseConfig>(options: ServiceHarnessOptions<C>): Promise<ServiceHarness<C>> {
  const { service } = options;
  const db = await createTestDatabase({ service });
  const namespace = options.namespace ?? uniqueNamespace();
  const config = options.config({ ...testServiceConfig(service, namespace), NATS_STREAM_REPLICAS: 1, LOG_LEVEL: 'error' }, db.serviceUrl);
  let app: INestMicroservice;
  try {
    app = await startService({ service, module: options.module(config), config });
  } catch (error) {
    await db.drop();
    throw error;
  }
  const client = new NatsRpcClient(testNatsConfig(namespace), `${service}-test`);
  const admin = new pg.Pool({ connectionString: db.adminUrl, max: 2 });
  return {
    db,
    client,
    app,
    config,
    namespace,
    adminQuery: async (sql, params) => (await admin.query(sql, params)).rows,
    async close() {
      await Promise.allSettled([client.close(), app.close(), admin.end()]);
      await db.drop();
    },
  };
}

/** The error body a NATS request rejected with (fails the test if it succeeded). */
export const remoteErrorOf = async (promise: Promise<unknown>): Promise<ErrorBody> => (await failureOf(RemoteError, promise)).body;
