// The directory's bench data, seeded straight into Postgres (not through the service, so its
// events are not sent): used by `npm run bench` (run.mjs) and `npm run bench:forms` (forms.mjs).
import pg from 'pg';

/**
 * Bulk seed as the directory role: `branches` branches, `users` staff users among them and
 * `consignees` consignees (named "Consignee 000123 Traders", …), one statement each, the Head's
 * argon2 hash reused for all; then what autovacuum would do. Returns the seconds it took.
 * @param {string} url the directory's database URL
 * @param {{ users: number, branches: number, consignees: number }} sizes
 */
export async function seedDirectory(url, { users, branches, consignees }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = Date.now();
    await client.query(`
      INSERT INTO directory.branch (city, location, contact, code)
      SELECT 'Bench City ' || i, 'Street ' || i, '+94 11 ' || lpad(i::text, 7, '0'), 'B' || lpad(i::text, 4, '0')
      FROM generate_series(1, ${branches}) AS i`);
    await client.query(
      `
      WITH branches AS (
        SELECT id, row_number() OVER (ORDER BY city) - 1 AS n FROM directory.branch WHERE city LIKE 'Bench City %'
      )
      INSERT INTO directory.app_user (full_name, username, email, password_hash, branch_id, contact, role, department)
      SELECT 'Staff Member ' || md5(i::text), 'user' || lpad(i::text, 6, '0'), 'user' || i || '@bench.example.com',
             (SELECT password_hash FROM directory.app_user WHERE role = 'Head' LIMIT 1), b.id, '+94 77 ' || lpad(i::text, 7, '0'),
             CASE WHEN i % 50 = 0 THEN 'Admin' ELSE 'Employee' END, CASE WHEN i % 2 = 0 THEN 'Import' ELSE 'Export' END
      FROM generate_series(1, $1::int) AS i JOIN branches b ON b.n = i % ${branches}`,
      [users],
    );
    // Each username claimed in client_username too, as ClientRepository's insert does.
    await client.query(
      `
      WITH consignees AS (
        INSERT INTO directory.consignee (consignee_name, username, password_hash, email, address, mobile, handling_person_name, opening_balance)
        SELECT 'Consignee ' || lpad(i::text, 6, '0') || ' ' || (ARRAY['Traders', 'Imports', 'Holdings', 'Lanka'])[1 + i % 4],
               'consignee' || lpad(i::text, 6, '0'), (SELECT password_hash FROM directory.app_user WHERE role = 'Head' LIMIT 1),
               'consignee' || i || '@bench.example.com', 'No ' || i || ' Harbour Road', '+94 71 ' || lpad(i::text, 7, '0'),
               'Handler ' || md5(i::text), (i % 1000) * 12.5
        FROM generate_series(1, $1::int) AS i
        RETURNING username
      )
      INSERT INTO directory.client_username (username, kind) SELECT username, 'consignee' FROM consignees`,
      [consignees],
    );
    // What autovacuum does soon after a bulk load: statistics, and the visibility map that
    // lets a page's index range be read without visiting the table.
    for (const table of ['branch', 'app_user', 'consignee', 'client_username']) await client.query(`VACUUM ANALYZE directory.${table}`);
    return (Date.now() - started) / 1000;
  } finally {
    await client.end();
  }
}

/** Resident memory of a process, in bytes (Linux). */
