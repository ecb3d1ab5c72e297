import type { INestMicroservice } from '@nestjs/common';
import type { Actor, ErrorBody } from '@freight/contracts';
import { NatsRpcClient, RemoteError, failureOf, startService } from '@freight/server';
import { createTestDatabase, testNatsConfig, testServiceConfig, uniqueNamespace, type TestDatabase } from '@freight/server-testing';
import type { OutboxModuleOptions } from '@freight/server-database';
import pg from 'pg';
import { AppModule } from '../app.module.js';
import { SERVICE, type DirectoryConfig } from '../config.js';

export interface DirectoryHarness {
  db: TestDatabase;
  client: NatsRpcClient;
  app: INestMicroservice;
  config: DirectoryConfig;
  /** Run SQL as the superuser on this test's database. */
  adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** The directory service in this process on a fresh database and NATS namespace, spoken to over real NATS; `relay` tunes its outbox relay. */
export async function startDirectory(relay?: OutboxModuleOptions['relay']): Promise<DirectoryHarness> {
  const db = await createTestDatabase({ service: SERVICE });
  const namespace = uniqueNamespace();
  const config: DirectoryConfig = { ...testServiceConfig(SERVICE, namespace), DIRECTORY_DATABASE_URL: db.serviceUrl, LOG_LEVEL: 'error' };
  let app: INestMicroservice;
  try {
    app = await startService({ service: SERVICE, module: AppModule.register(config, relay), config });
  } catch (error) {
    await db.drop();
    throw error;
  }
  // Calls as the gateway makes them: its NATS identity, requests signed with its key.
  const client = new NatsRpcClient(testNatsConfig(namespace), 'directory-test');
  const admin = new pg.Pool({ connectionString: db.adminUrl, max: 2 });
  return {
    db,
    client,
    app,
    config,
    adminQuery: async (sql, params) => (await admin.query(sql, params)).rows,
    async close() {
      await Promise.allSettled([client.close(), app.close(), admin.end()]);
      await db.drop();
    },
  };
}

/** The error body a request rejected with (fails the test if it succeeded). */
export const errorOf = async (promise: Promise<unknown>): Promise<ErrorBody> => (await failureOf(RemoteError, promise)).body;

/**
 * A get by key finds only the whole key (whatever its case): NOT_FOUND with `notFound` for a key
 * no record has, NOT_FOUND for `part` (a part of one that exists), 400 naming `param` for a blank key.
 */
export async function expectWholeKeyOnly(
  get: (key: string) => Promise<unknown>,
  { missing, part, notFound, param, blankMessage }: { missing: string; part: string; notFound: string; param: string; blankMessage: string },
): Promise<void> {
  await expect(errorOf(get(missing))).resolves.toEqual({ code: 'NOT_FOUND', message: notFound });
  await expect(errorOf(get(part))).resolves.toMatchObject({ code: 'NOT_FOUND' });
  await expect(errorOf(get('  '))).resolves.toMatchObject({ code: 'VALIDATION_FAILED', details: { [`params.${param}`]: blankMessage } });
}

export const headActor: Actor = { id: '00000000-0000-4000-8000-000000000001', username: 'head', role: 'Head' };
