import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { InvalidEvent } from './event-consumer.js';
import { changeOf, recordCopyHandler, type CopyRow } from './record-copy.js';

// A throwaway schema on the real server: a copy of two things in one table (told apart by `kind`)
// and of a third in a table of its own.
const schema = `copy_${randomBytes(4).toString('hex')}`;
let dataSource: DataSource;

beforeAll(async () => {
  const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  dataSource = await new DataSource({ type: 'postgres', url, poolSize: 2 }).initialize();
  await dataSource.query(`CREATE SCHEMA ${schema}`);
  await dataSource.query(`CREATE TABLE ${schema}.name (kind text, id text, name text NOT NULL, username text, deleted_at timestamptz, PRIMARY KEY (kind, id))`);
  await dataSource.query(`CREATE TABLE ${schema}.port (id text PRIMARY KEY, port text NOT NULL, deleted_at timestamptz)`);
});
afterAll(async () => {
  await dataSource?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await dataSource?.destroy();
});

/** What each write told afterWrite: the thing's id, its row and the row before. */
let written: { id: string; row: CopyRow; previous: CopyRow | undefined; by?: string }[] = [];
beforeEach(() => {
  written = [];
});

const apply = recordCopyHandler({
  user: {
    table: `${schema}.name`,
    idField: '_id',
    scope: { kind: 'user' },
    columns: (record) => ({ name: record.text('fullName'), username: record.text('username') }),
    afterWrite: async (_tx, { id, row, previous, event }) => {
      written.push({ id, row, previous, by: event.by?.username });
    },
  },
  branch: { table: `${schema}.name`, idField: '_id', scope: { kind: 'branch' }, columns: (record) => ({ name: record.text('BranchCity'), username: null }) },
  origin: { table: `${schema}.port`, idField: '_id', columns: (record) => ({ port: record.text('OriginPortName') }) },
});

const send = (subject: string, payload: unknown) =>
  dataSource.transaction((tx) => apply(tx, { subject: `t1.events.directory.${subject}`, messageId: randomBytes(4).toString('hex'), payload }));
const names = () => dataSource.query(`SELECT kind, id, name, username, deleted_at IS NOT NULL AS deleted FROM ${schema}.name ORDER BY kind, id`);

describe('recordCopyHandler', () => {
  it('writes a created record, then the last update, in the row of its thing', async () => {
    await send('user.created', { after: { _id: 'u1', fullName: 'Sam Perera', username: 'sam' } });
    await send('branch.created', { after: { _id: 'u1', BranchCity: 'Colombo' } });
    await send('user.updated', { before: { _id: 'u1' }, after: { _id: 'u1', fullName: 'Samuel Perera', username: 'sam' }, by: { id: 'h', username: 'head' } });
    await expect(names()).resolves.toEqual([
      { kind: 'branch', id: 'u1', name: 'Colombo', username: null, deleted: false },
      { kind: 'user', id: 'u1', name: 'Samuel Perera', username: 'sam', deleted: false },
    ]);
    expect(written).toEqual([
      { id: 'u1', row: { name: 'Sam Perera', username: 'sam' }, previous: undefined, by: undefined },
      { id: 'u1', row: { name: 'Samuel Perera', username: 'sam' }, previous: { name: 'Sam Perera', username: 'sam' }, by: 'head' },
    ]);
  });

  it('marks a deleted record deleted, only in its own thing, and a later write makes it live again', async () => {
    await send('user.created', { after: { _id: 'u2', fullName: 'Gone User', username: 'gone' } });
    await send('branch.created', { after: { _id: 'u2', BranchCity: 'Galle' } });
    await send('user.deleted', { before: { _id: 'u2', fullName: 'Gone User', username: 'gone' } });
    const u2 = async () => ((await names()) as { id: string }[]).filter((row) => row.id === 'u2');
    await expect(u2()).resolves.toEqual([
      { kind: 'branch', id: 'u2', name: 'Galle', username: null, deleted: false },
      { kind: 'user', id: 'u2', name: 'Gone User', username: 'gone', deleted: true },
    ]);
    await send('user.updated', { after: { _id: 'u2', fullName: 'Back Again', username: 'gone' } });
    await expect(u2()).resolves.toContainEqual({ kind: 'user', id: 'u2', name: 'Back Again', username: 'gone', deleted: false });
  });

  it('writes the same row again for a repeated event', async () => {
    const created = { after: { _id: 'p1', OriginPortName: 'Shanghai' } };
    await send('origin.created', created);
    await send('origin.created', created);
    await expect(dataSource.query(`SELECT id, port FROM ${schema}.port`)).resolves.toEqual([{ id: 'p1', port: 'Shanghai' }]);
  });

  it('leaves other things and other changes alone', async () => {
    await send('yard.created', { after: { _id: 'y1', YardName: 'North' } });
    await send('user.requested', { after: { _id: 'u3', fullName: 'Mail Only', username: 'mail' } });
    await send('branch', { after: { _id: 'b3', BranchCity: 'Kandy' } });
    await send('toString.created', { after: { _id: 'x' } });
    const ids = ((await names()) as { id: string }[]).map((row) => row.id);
    expect(ids.filter((id) => ['y1', 'u3', 'b3', 'x'].includes(id))).toEqual([]);
    expect(written).toEqual([]);
  });

  it('refuses, as an invalid event and writing nothing, a record that is missing or lacks a field the copy keeps', async () => {
    await expect(send('user.created', {})).rejects.toThrow(new InvalidEvent('t1.events.directory.user.created has no record after'));
    await expect(send('user.deleted', { after: { _id: 'u1' } })).rejects.toThrow(new InvalidEvent('t1.events.directory.user.deleted has no record before'));
    await expect(send('user.created', { after: { _id: 'u4', fullName: 'No Username', username: '' } })).rejects.toThrow(
      new InvalidEvent('t1.events.directory.user.created has no username'),
    );
    await expect(send('origin.deleted', { before: { OriginPortName: 'No Id' } })).rejects.toBeInstanceOf(InvalidEvent);
    expect(((await names()) as { id: string }[]).map((row) => row.id)).not.toContain('u4');
  });
});

describe('changeOf', () => {
  it('reads the thing and the change from the end of the subject, namespace or not', () => {
    expect(changeOf('t1a2b.events.directory.consignee.updated')).toEqual({ thing: 'consignee', change: 'updated' });
    expect(changeOf('events.shipment.job.deleted')).toEqual({ thing: 'job', change: 'deleted' });
  });
});
