import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PasswordMessages } from '@freight/contracts';
import { NatsRpcClient } from '@freight/server';
import {
  createTestDatabase,
  natsHealthReady,
  spawnService,
  testNatsConfig,
  testServiceEnv,
  uniqueNamespace,
  type SpawnedService,
  type TestDatabase,
} from '@freight/server-testing';
import { migrations } from './migrations/index.js';

// The built entries, as `npm start` and deployments run them (the test target builds first).
const dist = (file: string) => fileURLToPath(new URL(`../dist/${file}`, import.meta.url));
const run = promisify(execFile);

let db: TestDatabase;
let service: SpawnedService | undefined;
let client: NatsRpcClient;
const nats = testNatsConfig(uniqueNamespace());

beforeAll(async () => {
  db = await createTestDatabase({ service: 'directory' });
  client = new NatsRpcClient(nats);
});
afterAll(async () => {
  await client?.close();
  await service?.stop();
  await db?.drop();
});

const env = () => ({
  ...process.env,
  DIRECTORY_DATABASE_URL: db.serviceUrl,
  ...testServiceEnv('directory', nats.NATS_NAMESPACE),
  SEED_HEAD_USERNAME: 'boss',
  SEED_HEAD_PASSWORD: '',
});

describe('built entries', () => {
  it('migrate applies the migrations once', async () => {
    const first = await run(process.execPath, [dist('migrate.js')], { env: env() });
    expect(JSON.parse(first.stdout)).toEqual({ migrated: migrations.map((m) => m.name) });
    const again = await run(process.execPath, [dist('migrate.js')], { env: env() });
    expect(JSON.parse(again.stdout)).toEqual({ migrated: [] });
  });

  it('seed prints one JSON line with a generated Head login, once', async () => {
    const first = await run(process.execPath, [dist('seed.js')], { env: env() });
    expect(first.stdout.trim().split('\n')).toHaveLength(1);
    const login = JSON.parse(first.stdout);
    expect(login).toEqual({ created: true, username: 'boss', password: expect.any(String) });
    const again = await run(process.execPath, [dist('seed.js')], { env: env() });
    expect(JSON.parse(again.stdout)).toEqual({ created: false });
    service = await spawnService({ entry: dist('main.js'), env: env(), ready: natsHealthReady('directory', nats), name: 'directory-service' });
    await expect(client.request('directory.user.verifyCredentials', { username: 'boss', password: login.password, ip: '127.0.0.1' })).resolves.toMatchObject({
      role: 'Head',
    });
  });

  it('answers health with a real database check', async () => {
    await expect(client.request('directory.health', {})).resolves.toEqual({ service: 'directory', database: 'up' });
  });

  it('refuses to start with a bad configuration, naming the variable', async () => {
    await expect(run(process.execPath, [dist('main.js')], { env: { ...env(), NATS_REQUEST_TIMEOUT_MS: 'soon' } })).rejects.toMatchObject({
      stderr: expect.stringContaining('NATS_REQUEST_TIMEOUT_MS: must be a number of milliseconds'),
    });
  });

  it('seed refuses a SEED_HEAD_PASSWORD the staff password rule refuses', async () => {
    for (const [overrides, message] of [
      [{ SEED_HEAD_PASSWORD: 'short' }, PasswordMessages.tooShort],
      [{ SEED_HEAD_PASSWORD: 'password1234' }, PasswordMessages.tooCommon],
      [{ SEED_HEAD_USERNAME: 'lagoon.teacup.kandy', SEED_HEAD_PASSWORD: 'Lagoon.Teacup.Kandy' }, PasswordMessages.sameAsUsername],
    ] as const) {
      await expect(run(process.execPath, [dist('seed.js')], { env: { ...env(), ...overrides } })).rejects.toMatchObject({
        stderr: expect.stringContaining(`SEED_HEAD_PASSWORD: ${message}`),
      });
    }
  });

  it('stops cleanly on SIGTERM: exits by itself, with code 0', async () => {
    const child = service!.process;
    expect({ code: child.exitCode, signal: child.signalCode }).toEqual({ code: null, signal: null });
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    // Only SIGTERM, no SIGKILL behind it (as spawnService's stop() has): a service that ignores
    // it never exits and fails on the test timeout (30 s, Kubernetes' default grace period).
    child.kill('SIGTERM');
    await expect(exited).resolves.toEqual({ code: 0, signal: null });
  });
});
