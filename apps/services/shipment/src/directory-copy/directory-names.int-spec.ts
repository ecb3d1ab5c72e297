import { AppError } from '@freight/server';
import { DataSource } from 'typeorm';
import { startShipment, type ShipmentHarness } from '../testing/shipment-harness.js';
import { resolveNamesOfMany, type NameLookup } from './directory-names.js';

// Names of several writes resolved in one query (concurrent job creations, ADR 28) against the
// real copy: each write gets its own names or its own 400, by the copy's indexes.
let shipment: ShipmentHarness;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

beforeAll(async () => {
  shipment = await startShipment();
  await shipment.adminQuery(`INSERT INTO shipment.directory_name (kind, id, name, username, deleted_at) VALUES
    ('user', '${id(1)}', 'Sam Perera', 'sam', NULL),
    ('user', '${id(2)}', 'Sam Perera', 'samp', NULL),
    ('user', '${id(3)}', 'Nimal Silva', 'Sam Perera', NULL),
    ('user', '${id(4)}', 'Gone User', 'gone', now()),
    ('consignee', '${id(5)}', 'Lanka Traders', 'lanka', NULL),
    ('consignee', '${id(6)}', 'Old Co', 'old', now())`);
}, 120_000);
afterAll(async () => {
  await shipment?.close();
});

const user = (name: string): NameLookup => ({ kind: 'user', field: 'userName', name });
const consignee = (name: string): NameLookup => ({ kind: 'consignee', field: 'consigneeName', name });
const resolve = (writes: NameLookup[][]) => resolveNamesOfMany(shipment.app.get(DataSource), writes);
const detailsOf = (result: unknown) => (result instanceof AppError ? result.details : result);

it('gives each write its own names or its own 400, in one call', async () => {
  const [first, second, third, empty] = await resolve([
    [user('SAM'), consignee('lanka traders')],
    [user('Nobody'), consignee('Old Co')],
    [user('Nimal Silva')],
    [],
  ]);
  expect(first).toEqual({ userName: { id: id(1), name: 'Sam Perera' }, consigneeName: { id: id(5), name: 'Lanka Traders' } });
  expect(detailsOf(second)).toEqual({ userName: 'No staff user has this username or full name', consigneeName: 'No consignee has this name' });
  expect(third).toEqual({ userName: { id: id(3), name: 'Nimal Silva' } });
  expect(empty).toEqual({});
});

it('takes a user by username before a full name, refuses a full name two users share, and ignores deleted records', async () => {
  // "Sam Perera" is the username of one user and the full name of two others: the username wins.
  const [byUsername, shared, deleted] = await resolve([
    [user('sam perera')],
    [{ kind: 'user', field: 'assignedTo', name: 'Nimal Silva' }, user('SAMP')],
    [user('gone')],
  ]);
  expect(byUsername).toEqual({ userName: { id: id(3), name: 'Nimal Silva' } });
  expect(shared).toEqual({ assignedTo: { id: id(3), name: 'Nimal Silva' }, userName: { id: id(2), name: 'Sam Perera' } });
  expect(detailsOf(deleted)).toEqual({ userName: 'No staff user has this username or full name' });
  await shipment.adminQuery(`UPDATE shipment.directory_name SET username = 'sam3' WHERE id = '${id(3)}'`);
  const [ambiguous] = await resolve([[user('Sam Perera')]]);
  expect(detailsOf(ambiguous)).toEqual({ userName: 'More than one user has this full name: choose by username' });
});

it('looks each name up by the index of the copy, not by reading the whole copy, for many writes at once', async () => {
  await shipment.adminQuery(`INSERT INTO shipment.directory_name (kind, id, name, username)
    SELECT 'consignee', gen_random_uuid(), 'Consignee ' || g, 'consignee' || g FROM generate_series(1, 3000) g`);
  await shipment.adminQuery('ANALYZE shipment.directory_name');
  const writes = Array.from({ length: 40 }, (_, i) => [user('sam'), consignee(`Consignee ${i * 7}`)]);
  let plan = '';
  // The query as resolveNamesOfMany sends it, explained on the real copy.
  await resolveNamesOfMany(
    {
      query: async (sql: string, params?: unknown[]) => {
        const rows = await shipment.adminQuery<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
        plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        return [];
      },
    } as never,
    writes,
  );
  expect(plan).toContain('ix_directory_name_name');
  expect(plan).not.toMatch(/Seq Scan on directory_name/);
});
