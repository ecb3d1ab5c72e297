import type { DataSource } from 'typeorm';
import { SORTED_MATCHES_MAX } from '@freight/server-database';
import { UserRepository } from './user.repository.js';

// The statements the users' list and search send, word for word. `npm run bench` sends the same
// SQL straight to Postgres to compare with the gateway (tools/bench/run.mjs): change both together.

const COLUMNS = `u.id, u.full_name AS "fullName", u.username, u.email, u.contact, u.role, u.department, b.city AS "branchCity"`;

/** A data source whose pool records each statement; a count answers `total`. */
function recording(total = 0) {
  const sent: { sql: string; params: unknown[] }[] = [];
  const properties: Record<string, string> = { fullName: 'full_name', username: 'username', email: 'email' };
  const dataSource = {
    getMetadata: () => ({
      name: 'UserEntity',
      tablePath: 'directory.app_user',
      columns: [],
      findColumnWithPropertyName: (property: string) => (properties[property] ? { databaseName: properties[property] } : undefined),
    }),
    driver: {
      master: {
        query: async (sql: string, params: unknown[] = []) => {
          sent.push({ sql, params });
          return { rows: [{ total }] };
        },
      },
    },
  };
  return { repository: new UserRepository(dataSource as unknown as DataSource), sent };
}

describe('UserRepository SQL (as the bench runs it)', () => {
  it('search: the exact username by its unique index, then substrings, joined to the branch, capped', async () => {
    const { repository, sent } = recording();
    await repository.search('kam_al');
    expect(sent).toEqual([
      {
        sql: `SELECT ${COLUMNS} FROM (
         (SELECT u.*, 0 AS rank FROM directory.app_user u WHERE lower(u.username) = lower($2))
         UNION ALL
         (SELECT u.*, 1 FROM directory.app_user u WHERE u.username ILIKE $1 AND lower(u.username) <> lower($2)
          ORDER BY lower(u.username) LIMIT 50)
       ) u JOIN directory.branch b ON b.id = u.branch_id
       ORDER BY u.rank, lower(u.username) LIMIT 50`,
        params: ['%kam\\_al%', 'kam_al'],
      },
    ]);
  });

  it('a page: one index range of ids, then those users with their branch; the total a plain count', async () => {
    const { repository, sent } = recording();
    await repository.list({ sort: 'fullName', page: 3, pageSize: 25 });
    expect(sent).toEqual([
      {
        sql: `SELECT ${COLUMNS} FROM (SELECT u.id FROM directory.app_user u
      ORDER BY lower(u.full_name) ASC, u.id ASC LIMIT 25 OFFSET 50) page JOIN directory.app_user u ON u.id = page.id JOIN directory.branch b ON b.id = u.branch_id
         ORDER BY lower(u.full_name) ASC, u.id ASC`,
        params: [],
      },
      { sql: `SELECT count(*)::int AS total FROM directory.app_user u`, params: [] },
    ]);
  });

  const where = `WHERE (u.username ILIKE $1 OR u.full_name ILIKE $1 OR u.email ILIKE $1)`;
  const page = (ids: string) => `SELECT ${COLUMNS} FROM (${ids}) page JOIN directory.app_user u ON u.id = page.id JOIN directory.branch b ON b.id = u.branch_id
         ORDER BY lower(b.city) DESC, u.id DESC`;

  it('a filtered page: the count first (never joined); a few matches are read, sorted by branch (the join read too) and paged', async () => {
    const { repository, sent } = recording(3);
    await repository.list({ q: 'perera', sort: 'branchCity', order: 'desc', page: 1, pageSize: 10 });
    expect(sent.map((s) => s.sql)).toEqual([
      `SELECT count(*)::int AS total FROM directory.app_user u ${where}`,
      page(`WITH matches AS MATERIALIZED (SELECT u.id, lower(b.city) AS "__sort_key_0", u.id AS "__sort_key_1" FROM directory.app_user u JOIN directory.branch b ON b.id = u.branch_id ${where})
      SELECT id FROM matches ORDER BY "__sort_key_0" DESC, "__sort_key_1" DESC LIMIT 10 OFFSET 0`),
    ]);
    expect(sent.map((s) => s.params)).toEqual([['%perera%'], ['%perera%']]);
  });

  it(`a filtered page with more than ${SORTED_MATCHES_MAX} matches walks the sort's index; none, or a page past them, reads no page`, async () => {
    const many = recording(SORTED_MATCHES_MAX + 1);
    await many.repository.list({ q: 'a', sort: 'branchCity', order: 'desc', page: 2, pageSize: 10 });
    expect(many.sent.map((s) => s.sql)).toEqual([
      `SELECT count(*)::int AS total FROM directory.app_user u ${where}`,
      page(`SELECT u.id FROM directory.app_user u JOIN directory.branch b ON b.id = u.branch_id ${where}
      ORDER BY lower(b.city) DESC, u.id DESC LIMIT 10 OFFSET 10`),
    ]);
    for (const [total, pageNumber] of [
      [0, 1],
      [10, 2],
    ]) {
      const few = recording(total);
      await expect(few.repository.list({ q: 'a', page: pageNumber, pageSize: 10 })).resolves.toEqual({ items: [], total });
      expect(few.sent).toHaveLength(1);
    }
  });

  it('without a page: the whole sorted list in one statement', async () => {
    const { repository, sent } = recording();
    await repository.list({});
    expect(sent.map((s) => s.sql)).toEqual([
      `SELECT ${COLUMNS} FROM directory.app_user u JOIN directory.branch b ON b.id = u.branch_id ORDER BY lower(u.username) ASC`,
    ]);
  });
});
