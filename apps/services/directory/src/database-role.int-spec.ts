import { provisionServiceDatabase } from '@freight/server-database';
import pg from 'pg';
import { SERVICE } from './config.js';
import { seedHead } from './seed/head-seed.js';
import { startDirectory, type DirectoryHarness } from './testing/directory-harness.js';
import { defaultAdminUrl } from '@freight/server-testing';
import { DataSource } from 'typeorm';
import { branches, passwordField, type Actor } from '@freight/contracts';

let h: DirectoryHarness;
let asService: pg.Pool;

/** The SQLSTATE a statement fails with as the service role. */
async function failure(sql: string): Promise<string | undefined> {
  try {
    await asService.query(sql);
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

beforeAll(async () => {
  h = await startDirectory();
  await h.adminQuery(`CREATE SCHEMA other`);
  await h.adminQuery(`CREATE TABLE other.secret (id int)`);
  await h.adminQuery(`INSERT INTO other.secret VALUES (1)`);
  asService = new pg.Pool({ connectionString: h.db.serviceUrl, max: 1 });
});
afterAll(async () => {
  await asService?.end();
  await h?.close();
});

describe('the directory database role', () => {
  it('owns schema directory, with the migrations applied there', async () => {
    const [owner] = await h.adminQuery<{ owner: string }>(`SELECT nspowner::regrole::text AS owner FROM pg_namespace WHERE nspname = 'directory'`);
    expect(owner!.owner).toBe(h.db.roleName);
    const tables = await h.adminQuery<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'directory' ORDER BY 1`);
    expect(tables.map((t) => t.table_name)).toEqual([
      'app_user',
      'branch',
      'client_username',
      'consignee',
      'consignee_balance_change',
      'forwarder',
      'idempotency',
      'login_throttle',
      'migrations',
      'origin',
      'outbox',
      'processed_events',
      'shipment_term',
      'shipment_type',
      'shipper',
      'yard',
    ]);
    const { rows } = await asService.query(`SELECT count(*)::int AS n FROM app_user`);
    expect(rows[0].n).toBe(0);
  });

  it('cannot read another schema', async () => {
    expect(await failure(`SELECT * FROM other.secret`)).toBe('42501');
  });

  it('cannot create objects in public, in the database, or in the extensions schema', async () => {
    expect(await failure(`CREATE TABLE public.sneaky (id int)`)).toBe('42501');
    expect(await failure(`CREATE SCHEMA sneaky`)).toBe('42501');
    expect(await failure(`CREATE TABLE extensions.sneaky (id int)`)).toBe('42501');
  });

  it('is no superuser and cannot create roles or databases', async () => {
    const { rows } = await asService.query(`SELECT rolsuper, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = current_user`);
    expect(rows[0]).toEqual({ rolsuper: false, rolcreaterole: false, rolcreatedb: false });
  });

  it('searches with trigram indexes from the shared extensions schema', async () => {
    const indexes = await h.adminQuery<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE schemaname = 'directory' AND indexdef LIKE '%gin_trgm_ops%' ORDER BY 1`,
    );
    expect(indexes.map((i) => i.indexname)).toEqual([
      'ix_app_user_email_trgm',
      'ix_app_user_full_name_trgm',
      'ix_app_user_username_trgm',
      'ix_branch_city_trgm',
      'ix_branch_location_trgm',
      'ix_consignee_name_trgm',
      'ix_forwarder_forwarder_trgm',
      'ix_origin_origin_port_location_trgm',
      'ix_origin_origin_port_name_trgm',
      'ix_shipment_term_termof_shipment_trgm',
      'ix_shipment_type_typeof_shipment_trgm',
      'ix_shipper_name_trgm',
      'ix_yard_yard_name_trgm',
    ]);
  });
});

describe('provisioning and seeding', () => {
  it('provisions again without harm (idempotent), keeping the data', async () => {
    const actor: Actor = { id: '00000000-0000-4000-8000-000000000001', username: 'head', role: 'Head' };
    await h.client.request(branches.subjects.add, {
      actor,
      body: { BranchCity: 'Jaffna', Location: 'Main Street', Contact: '021 222 3333', Code: 'JAF' },
    });
    await provisionServiceDatabase({
      adminUrl: defaultAdminUrl(),
      database: h.db.database,
      service: SERVICE,
      roleName: h.db.roleName,
      password: h.db.password,
    });
    await expect(h.client.request(branches.subjects.uniqueCities, { actor })).resolves.toEqual(['Jaffna']);
  });

  it('seeds one Head user once, with a generated password that signs in', async () => {
    const dataSource = h.app.get(DataSource);
    const first = await seedHead(dataSource, { username: 'head' });
    expect(first).toEqual({ created: true, username: 'head', password: expect.stringMatching(/^[\w-]{20}$/) });
    await expect(seedHead(dataSource, { username: 'head' })).resolves.toEqual({ created: false });
    const password = (first as { password: string }).password;
    expect(passwordField.safeParse(password).success).toBe(true); // the staff password rule
    await expect(h.client.request('directory.user.verifyCredentials', { username: 'HEAD', password, ip: '127.0.0.1' })).resolves.toMatchObject({
      role: 'Head',
      branchCity: { BranchCity: 'Colombo' },
    });
    // Like any other change, through the outbox: copies elsewhere (the shipment service's names) learn of them.
    const events = await h.adminQuery<{ subject: string; key: string }>(
      `SELECT subject, payload->>'key' AS key FROM directory.outbox WHERE payload->>'key' IN ('Colombo', 'head') ORDER BY position`,
    );
    expect(events).toEqual([
      { subject: 'events.directory.branch.created', key: 'Colombo' },
      { subject: 'events.directory.user.created', key: 'head' },
    ]);
  });
});
