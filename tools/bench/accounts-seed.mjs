// The accounts bench's data, made by Postgres itself (INSERT … SELECT FROM generate_series):
// CONSIGNEES consignees in the directory and, with the same ids, names and opening balances, in
// the accounts service's copy (as its directory events leave them: known from the directory, an
// 'opening balance' ledger row); the jobs it invoices (its copy of the shipment service's jobs);
// then `rows` ledger rows over three years: one opening balance per consignee, invoices (60 %) and
// credits (40 %), each consignee's share skewed as real books are (a few dozen consignees have
// thousands of entries, most a few dozen), the voucher numbers and job numbers in date order,
// the ledger's balances before and after added up by Postgres, the consignees' totals from the
// same rows, the voucher counter on the highest voucher number. The secondary indexes and foreign
// keys of the loaded tables are dropped during the load and made again after. Every value is a
// function of the row number and a seeded random(), so two runs hold the same data.
import pg from 'pg';
import { setIndexesAside, stepTimer } from './bulk-load.mjs';

export const CONSIGNEES = 10_000;
/** Days of history: three years up to today. */
const DAYS = 3 * 365;
/** Jobs the accounts service knows that have no invoice yet (jobs to invoice). */
const UNINVOICED_JOBS = 10_000;
const TABLES = ['job', 'invoice', 'credit', 'ledger'];

// An md5 with the version (4) and variant bits of an RFC 9562 UUID: a client's id must be one (the client portal's sign-in).
const consigneeId = (k) => `overlay(overlay(md5('bench consignee ' || (${k})) placing '4' from 13) placing '8' from 17)::uuid`;
const consigneeName = (k) =>
  `'Bench Consignee ' || lpad(((${k}) + 1)::text, 5, '0') || ' ' || (ARRAY['Traders', 'Imports', 'Holdings', 'Lanka', 'Exports'])[1 + (${k}) % 5]`;
const openingBalance = (k) => `((1 + (${k}) % 1000) * 12.5)::numeric(14, 2)`;

/**
 * Seeds the directory's consignees as the directory's role (`directoryUrl`) and the accounts
 * service's data as its own role (`accountsUrl`), `rows` ledger rows in all. `say` reports
 * progress. Answers the seconds each step took.
 */
export async function seedAccounts({ directoryUrl, accountsUrl, rows }, say) {
  const documents = rows - CONSIGNEES;
  if (documents < 2) throw new Error(`BENCH_ROWS must be more than the ${CONSIGNEES} consignees' opening balances`);
  const invoices = Math.round(documents * 0.6);
  const directory = new pg.Client({ connectionString: directoryUrl });
  const clients = [new pg.Client({ connectionString: accountsUrl }), new pg.Client({ connectionString: accountsUrl })];
  await Promise.all([directory, ...clients].map((c) => c.connect()));
  const [client, other] = clients;
  const { step, times } = stepTimer(say);
  try {
    // A bulk load: no wait for the WAL flush per statement, room for the index builds.
    for (const c of [directory, ...clients]) await c.query(`SET synchronous_commit = off; SET maintenance_work_mem = '256MB'`);
    await client.query(`SELECT setseed(0.2026)`);
    const [{ id: headId }] = (await directory.query(`SELECT id FROM directory.app_user WHERE role = 'Head' ORDER BY created_at LIMIT 1`)).rows;

    await step(`${CONSIGNEES.toLocaleString('en')} consignees (directory)`, () =>
      // Each username claimed in client_username too, as the directory's insert does.
      directory.query(
        `WITH consignees AS (
           INSERT INTO directory.consignee (id, consignee_name, username, password_hash, email, address, mobile, handling_person_name, opening_balance)
           SELECT ${consigneeId('k')}, ${consigneeName('k')}, 'benchconsignee' || lpad((k + 1)::text, 5, '0'),
                  (SELECT password_hash FROM directory.app_user WHERE role = 'Head' LIMIT 1), 'consignee' || k || '@bench.example.com',
                  'No ' || k || ' Harbour Road', '+94 71 ' || lpad(k::text, 7, '0'), 'Handler ' || k, ${openingBalance('k')}
           FROM generate_series(0, $1::int - 1) AS k
           RETURNING username
         )
         INSERT INTO directory.client_username (username, kind) SELECT username, 'consignee' FROM consignees`,
        [CONSIGNEES],
      ),
    );

    // Every index of the loaded tables but their constraints', and their foreign keys: made again after the load.
    const aside = await setIndexesAside(client, 'accounts', TABLES);

    // The documents first, in a scratch table: who, which day, how much; numbered in date order.
    await step(`${documents.toLocaleString('en')} invoices and credits drawn`, async () => {
      await client.query(`
        CREATE UNLOGGED TABLE accounts.bench_document AS
        SELECT row_number() OVER (PARTITION BY credit ORDER BY day, n) AS number, *
        FROM (
          SELECT n, n > ${invoices} AS credit, floor(power(r[1], 2) * ${CONSIGNEES})::int AS k,
                 current_date - ${DAYS} + floor(r[2] * (${DAYS} + 1))::int AS day,
                 -- invoices Rs. 2,000 to 202,000, most small; credits a little larger (fewer, paying several invoices)
                 round(((2000 + power(r[3], 2) * 200000) * CASE WHEN n > ${invoices} THEN 1.3 ELSE 1 END)::numeric, 2) AS amount,
                 r[4] < 0.6 AS cheque, r
          FROM (SELECT n, ARRAY(SELECT random() FROM generate_series(1, 8) WHERE n > 0) AS r FROM generate_series(1, ${documents}) AS n) drawn
        ) documents`);
    });

    await step(`${CONSIGNEES.toLocaleString('en')} consignees (accounts' copy)`, () =>
      client.query(
        `INSERT INTO accounts.consignee (id, name, opening_balance, total_debit, total_credit, invoice_count, credit_count, from_directory)
         SELECT ${consigneeId('k')}, ${consigneeName('k')}, ${openingBalance('k')},
                coalesce(sum(d.amount) FILTER (WHERE NOT d.credit), 0), coalesce(sum(d.amount) FILTER (WHERE d.credit), 0),
                count(d.amount) FILTER (WHERE NOT d.credit), count(d.amount) FILTER (WHERE d.credit), true
         FROM generate_series(0, $1::int - 1) AS k LEFT JOIN accounts.bench_document d USING (k)
         GROUP BY k`,
        [CONSIGNEES],
      ),
    );

    // IMP-000123, as the shipment service numbers jobs (more digits past 999,999).
    const jobNo = (number) => `'IMP-' || CASE WHEN (${number}) < 1000000 THEN lpad((${number})::text, 6, '0') ELSE (${number})::text END`;
    await step(
      `${(invoices + UNINVOICED_JOBS).toLocaleString('en')} jobs, ${invoices.toLocaleString('en')} invoices, ${(documents - invoices).toLocaleString('en')} credits, ${rows.toLocaleString('en')} ledger rows`,
      () =>
        Promise.all([
          (async () => {
            // The jobs invoiced (numbered in their invoices' order), then the jobs not invoiced yet, then their invoices.
            await client.query(`
            INSERT INTO accounts.job (job_no, consignee_id, origin_id, origin_port, shipper_id, shipper_name, bl_no, container_no)
            SELECT ${jobNo('number')}, ${consigneeId('k')}, md5('bench origin ' || (number % 25))::uuid,
                   (ARRAY['Shanghai', 'Ningbo', 'Shenzhen', 'Qingdao', 'Busan', 'Singapore', 'Port Klang', 'Jebel Ali', 'Chennai', 'Nhava Sheva',
                          'Mundra', 'Chittagong', 'Bangkok', 'Jakarta', 'Hamburg', 'Rotterdam', 'Antwerp', 'Felixstowe', 'Los Angeles', 'Hong Kong',
                          'Kaohsiung', 'Xiamen', 'Tianjin', 'Laem Chabang', 'Ho Chi Minh City'])[1 + number % 25],
                   CASE WHEN r[5] < 0.5 THEN md5('bench shipper ' || (number % 400))::uuid END,
                   CASE WHEN r[5] < 0.5 THEN 'Bench Shipper ' || lpad((number % 400)::text, 3, '0') || ' Co., Ltd' END,
                   (ARRAY['MEDU', 'MAEU', 'CMDU', 'HLCU', 'ONEY', 'EGLV', 'COSU', 'OOLU'])[1 + number % 8] || lpad(((number * 7919) % 100000000)::text, 8, '0'),
                   (ARRAY['MSCU', 'MRKU', 'CMAU', 'HLXU', 'ONEU', 'EGHU', 'CSNU', 'OOLU'])[1 + (number / 7) % 8] || lpad(((number * 104729) % 10000000)::text, 7, '0')
            FROM accounts.bench_document WHERE NOT credit
            UNION ALL
            SELECT ${jobNo(`${invoices} + i`)}, ${consigneeId(`i % ${CONSIGNEES}`)}, md5('bench origin ' || (i % 25))::uuid, 'Shanghai', NULL, NULL, '', ''
            FROM generate_series(1, ${UNINVOICED_JOBS}) AS i`);
            await client.query(
              `INSERT INTO accounts.invoice (job_no, consignee_id, consignee_name, invoice_no, amount, invoice_date, search_text, created_at, created_by, updated_at, updated_by)
             SELECT j.job_no, j.consignee_id, ${consigneeName('d.k')}, 'INV-' || lpad(d.number::text, 7, '0'), d.amount, d.day,
                    accounts.invoice_search_text(j.job_no, 'INV-' || lpad(d.number::text, 7, '0'), ${consigneeName('d.k')}, j.bl_no, j.container_no),
                    d.day + time '10:00', $1, d.day + time '10:00', $1
             FROM accounts.bench_document d JOIN accounts.job j ON j.job_no = ${jobNo('d.number')}
             WHERE NOT d.credit`,
              [headId],
            );
            await client.query(
              `INSERT INTO accounts.credit (id, credit_sr, consignee_id, consignee_name, payment_type, cheque_number, amount, remarks, credit_date, search_text,
               created_at, created_by, updated_at, updated_by)
             SELECT md5('bench credit ' || number)::uuid, number, ${consigneeId('k')}, ${consigneeName('k')},
                    CASE WHEN cheque THEN 'Cheque' ELSE 'Cash' END, CASE WHEN cheque THEN lpad((100000 + number % 900000)::text, 6, '0') ELSE '' END,
                    amount, '', day,
                    accounts.credit_search_text(number::int, ${consigneeName('k')}, CASE WHEN cheque THEN lpad((100000 + number % 900000)::text, 6, '0') ELSE '' END, ''),
                    day + time '11:00', $1, day + time '11:00', $1
             FROM accounts.bench_document WHERE credit`,
              [headId],
            );
          })(),
          // The ledger: each consignee's opening balance on the first day, then the documents by day; the balance around each row
          // added up per consignee in the order of the rows' ids (the statement's order).
          other.query(
            `INSERT INTO accounts.ledger (consignee_id, kind, amount, balance_before, balance_after, entry_date, job_no, invoice_no, credit_id, credit_sr,
             document_amount, recorded_at, recorded_by, recorded_by_name)
           SELECT consignee_id, kind, amount, after - amount, after, day, job_no, invoice_no, credit_id, credit_sr, document_amount, recorded_at,
                  recorded_by, recorded_by_name
           FROM (
             SELECT *, sum(amount) OVER (PARTITION BY consignee_id ORDER BY day, n) AS after
             FROM (
               SELECT ${consigneeId('k')} AS consignee_id, 'opening balance' AS kind, ${openingBalance('k')} AS amount, current_date - ${DAYS} AS day,
                      -k - 1 AS n, NULL AS job_no, NULL AS invoice_no, NULL::uuid AS credit_id, NULL::int AS credit_sr,
                      ${openingBalance('k')} AS document_amount, (current_date - ${DAYS}) + time '08:00' AS recorded_at, NULL::uuid AS recorded_by,
                      'directory' AS recorded_by_name
               FROM generate_series(0, ${CONSIGNEES - 1}) AS k
               UNION ALL
               SELECT ${consigneeId('k')}, CASE WHEN credit THEN 'credit' ELSE 'invoice' END, CASE WHEN credit THEN -amount ELSE amount END, day, n,
                      CASE WHEN NOT credit THEN ${jobNo('number')} END, CASE WHEN NOT credit THEN 'INV-' || lpad(number::text, 7, '0') END,
                      CASE WHEN credit THEN md5('bench credit ' || number)::uuid END, CASE WHEN credit THEN number::int END, amount,
                      day + CASE WHEN credit THEN time '11:00' ELSE time '10:00' END, $1, 'head'
               FROM accounts.bench_document
             ) entries
           ) running
           ORDER BY day, n`,
            [headId],
          ),
        ]),
    );
    await client.query(`UPDATE accounts.voucher_counter SET value = (SELECT coalesce(max(credit_sr), 0) FROM accounts.credit) WHERE name = 'voucher'`);
    await client.query(`DROP TABLE accounts.bench_document`);

    await step(`${aside.indexes} indexes, ${aside.foreignKeys} foreign keys`, () => aside.restore(clients));
    // What autovacuum does soon after a bulk load: statistics, and the visibility map (list_totals: its row updated once per consignee loaded).
    await step('VACUUM ANALYZE', async () => {
      for (const table of ['consignee', ...TABLES, 'voucher_counter', 'list_totals']) await client.query(`VACUUM ANALYZE accounts.${table}`);
      for (const table of ['consignee', 'client_username']) await directory.query(`VACUUM ANALYZE directory.${table}`);
    });
    return times;
  } finally {
    await Promise.all([directory, ...clients].map((c) => c.end()));
  }
}

/**
 * Every consignee's books, checked (requirements decisions §3): the balance is opening + invoices − live
 * credits exactly, the ledger's rows add up to it, and its last row ends on it. `ids` limits it
 * to some consignees. Answers the consignees checked and those that disagree (with their figures).
 */
export async function checkBooks(pool, ids = null) {
  const which = `($1::uuid[] IS NULL OR consignee_id = ANY($1::uuid[]))`;
  const { rows } = await pool.query(
    `WITH invoiced AS (SELECT consignee_id, sum(amount) AS amount, count(*) AS n FROM accounts.invoice WHERE ${which} GROUP BY consignee_id),
          credited AS (SELECT consignee_id, sum(amount) AS amount, count(*) AS n FROM accounts.credit WHERE deleted_at IS NULL AND ${which} GROUP BY consignee_id),
          ledger AS (
            SELECT consignee_id, sum(amount) AS amount, (array_agg(balance_after ORDER BY id DESC))[1] AS last_after
            FROM accounts.ledger WHERE ${which} GROUP BY consignee_id
          ),
          books AS (
            SELECT c.id, c.balance, c.opening_balance, c.total_debit, c.total_credit, coalesce(i.amount, 0) AS invoiced, coalesce(k.amount, 0) AS credited,
                   c.invoice_count, coalesce(i.n, 0) AS invoices, c.credit_count, coalesce(k.n, 0) AS credits, coalesce(l.amount, 0) AS ledger_sum, coalesce(l.last_after, 0) AS last_after
            FROM accounts.consignee c LEFT JOIN invoiced i ON i.consignee_id = c.id LEFT JOIN credited k ON k.consignee_id = c.id
              LEFT JOIN ledger l ON l.consignee_id = c.id
            WHERE $1::uuid[] IS NULL OR c.id = ANY($1::uuid[])
          )
     SELECT count(*)::int AS checked,
            coalesce(json_agg(books) FILTER (WHERE NOT (balance = opening_balance + invoiced - credited AND total_debit = invoiced AND total_credit = credited
              AND invoice_count = invoices AND credit_count = credits AND ledger_sum = balance AND last_after = balance)), '[]') AS wrong
     FROM books`,
    [ids],
  );
  return rows[0];
}

/**
 * Statements of ≈`wanted` entries (at most the busiest consignee's count, `entries`): each
 * consignee with that many, from the day of its `entries`-th newest ledger row to today (a day's
 * rows all in: a few more at most), busiest first.
 * @param {import('pg').Pool} pool @param {number} wanted
 * @returns {Promise<{ entries: number, statements: { id: string, from: string, to: string }[] }>}
 */
export async function statementRanges(pool, wanted) {
  const [{ most }] = (await pool.query(`SELECT max(n)::int AS most FROM (SELECT count(*) AS n FROM accounts.ledger GROUP BY consignee_id) counts`)).rows;
  const entries = Math.min(wanted, most);
  const { rows: statements } = await pool.query(
    `SELECT consignee_id AS id, to_char(entry_date, 'YYYY-MM-DD') AS "from", to_char(current_date, 'YYYY-MM-DD') AS "to"
     FROM (SELECT consignee_id, entry_date, row_number() OVER (PARTITION BY consignee_id ORDER BY entry_date DESC, id DESC) AS n FROM accounts.ledger) l
     WHERE n = $1 ORDER BY entry_date DESC, consignee_id`,
    [entries],
  );
  return { entries, statements };
}
