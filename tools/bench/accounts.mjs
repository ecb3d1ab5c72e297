// `npm run bench` (accounts part; alone: `npm run bench:accounts`): 10,000 consignees and a
// million ledger rows on a fresh database (./accounts-seed.mjs), then, at 32 concurrent connections
// for ~10 s each, the Head's accounts reads through the gateway (HTTP → NATS → accounts → Postgres;
// not the local edge) and as the same SQL sent straight to Postgres from Node, both sides checked
// first to answer alike: a page of the debit records, a page of the credit records, one
// consignee's balance, one consignee's statement of ≈1,000 entries; then credits (BENCH_CREDITS
// through the gateway, as many as plain SQL transactions), each followed by the books' check: the
// voucher numbers consecutive with no gap and no duplicate, every touched consignee's balance equal
// to opening + debits − credits exactly and to the sum of its ledger rows; then EXPLAIN (ANALYZE,
// BUFFERS) of the reads' queries. With BENCH_REPORT=<file> the figures and plans are written there
// too (Markdown). Exit code 1 when a request failed or the books disagree. Stops and cleans up.
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { serviceNamed } from '../dev/services.mjs';
import { startSystem } from '../dev/start.mjs';
import { checkBooks, seedAccounts } from './accounts-seed.mjs';
import {
  CONNECTIONS,
  DURATION_S,
  headSession,
  inTransaction,
  loadAverage,
  planCollector,
  quiet,
  reportResults,
  seedStepsLine,
  viaGateway,
  viaSql,
} from './measure.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const CREDITS = Number(process.env.BENCH_CREDITS ?? 3_000);
const PAGE_SIZE = 50; // spec 02 §9: the records screens' page
/** Pages a user walks through: the first few of each list. */
const PAGES = 10;
/** Entries of the statement measured (issue 10). */
const STATEMENT_ENTRIES = 1_000;
const GOALS = { readP99Ms: 50, readVsSql: 0.5, creditsPerS: 300 };
const ACCOUNTS_URL = serviceNamed('accounts').databaseUrlVariable;
const DIRECTORY_URL = serviceNamed('directory').databaseUrlVariable;

// The SQL the accounts service runs; keep it identical (the answers are compared before measuring).
const stamp = (column) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
// Debit records (apps/services/accounts/src/debits/debit.handlers.ts invoicedshipments, no filter,
// the default sort: newest invoice first): the page, then the total.
const INVOICE_COLUMNS = `i.job_no AS "jobNo", i.consignee_name AS consignee, i.consignee_id::text AS consignee_id, i.invoice_no AS "invoiceNo",
  i.amount::text AS "invoiceAmount", to_char(i.invoice_date, 'YYYY-MM-DD') AS "invoiceDate", j.origin_port AS origin,
  coalesce(j.shipper_name, '') AS "shipperName", j.bl_no AS "blNo", j.container_no AS "containerNo"`;
// Credit records (credits/credit.handlers.ts list, newest voucher first) and a credit's add.
const CREDIT_COLUMNS = `k.id::text AS "_id", k.credit_sr, k.consignee_id::text AS consignee_id, k.consignee_name, c.opening_balance::text AS opening_balance,
  k.payment_type AS "paymentType", k.cheque_number AS "chequeNumber", k.amount::text AS amount, k.remarks, to_char(k.credit_date, 'YYYY-MM-DD') AS date,
  ${stamp('k.created_at')} AS "createdAt", ${stamp('k.updated_at')} AS "updatedAt"`;
// A balance (ledger/ledger.ts BALANCE_COLUMNS, balances/balance.handlers.ts).
const BALANCE_COLUMNS = `c.id AS consignee_id, c.name AS "consigneeName", c.opening_balance::text AS "openingBalance",
  c.total_debit::text AS "totalDebit", c.total_credit::text AS "totalCredit", c.balance::text AS balance,
  ${stamp('c.updated_at')} AS "updatedAt"`;
// The statement (statement/statement.handlers.ts statement, every line: no page), in one REPEATABLE READ snapshot.
const LINE_COLUMNS = `l.id::text AS id, to_char(l.entry_date, 'YYYY-MM-DD') AS entry_date, l.kind, l.amount::text AS amount, l.job_no, l.invoice_no,
  l.credit_sr, l.document_amount::text AS document_amount, c.payment_type, c.cheque_number`;
const SQL = {
  debitPage: (offset) =>
    `SELECT ${INVOICE_COLUMNS} FROM accounts.invoice i JOIN accounts.job j USING (job_no)  ORDER BY i.invoice_date DESC, i.job_no DESC LIMIT ${PAGE_SIZE} OFFSET ${offset}`,
  // The lists' totals: the consignees' kept counts (ledger/lists.ts listSql, no filter).
  debitTotal: `SELECT coalesce(sum(invoice_count), 0) AS n FROM accounts.consignee`,
  creditPage: (offset) =>
    `SELECT ${CREDIT_COLUMNS} FROM accounts.credit k JOIN accounts.consignee c ON c.id = k.consignee_id WHERE k.deleted_at IS NULL ORDER BY k.credit_sr DESC, k.credit_sr DESC LIMIT ${PAGE_SIZE} OFFSET ${offset}`,
  creditTotal: `SELECT coalesce(sum(credit_count), 0) AS n FROM accounts.consignee`,
  balance: `SELECT ${BALANCE_COLUMNS} FROM accounts.consignee c WHERE c.id = $1 AND c.deleted_at IS NULL`,
  statementConsignee: `SELECT id, name FROM accounts.consignee WHERE id = $1`,
  statementFigures: `SELECT coalesce(sum(amount) FILTER (WHERE entry_date < $2), 0)::text AS opening,
         coalesce(sum(amount) FILTER (WHERE entry_date >= $2 AND amount > 0), 0)::text AS debit,
         coalesce(-sum(amount) FILTER (WHERE entry_date >= $2 AND amount < 0), 0)::text AS credit,
         coalesce(sum(amount), 0)::text AS closing,
         count(*) FILTER (WHERE entry_date >= $2)::int AS count
       FROM accounts.ledger WHERE consignee_id = $1 AND entry_date <= $3`,
  statementLines: `SELECT * FROM (
           SELECT ${LINE_COLUMNS}, l.entry_date AS day, l.id AS seq, ($4::numeric + sum(l.amount) OVER (ORDER BY l.entry_date, l.id))::text AS balance
           FROM accounts.ledger l LEFT JOIN LATERAL (SELECT k.payment_type, k.cheque_number FROM accounts.credit k WHERE k.id = l.credit_id OFFSET 0) c ON true
           WHERE l.consignee_id = $1 AND l.entry_date BETWEEN $2 AND $3
         ) lines
         ORDER BY day, seq LIMIT $5 OFFSET $6`,
};
// A credit as the service writes it (credits/credit.handlers.ts add, credit-writer.ts insertCredits
// for a group of one, ledger/ledger.ts moveBalances, libs/server/database appendEvents): the
// consignee by name, then in one transaction its row locked, the next voucher number, the credit
// inserted and read back, the consignee's totals and the ledger row, the balance's event, the credit's.
const CREDIT_SQL = {
  consigneeByName: `SELECT id, name FROM accounts.consignee WHERE lower(name) = lower($1) AND deleted_at IS NULL AND from_directory ORDER BY updated_at DESC LIMIT 1`,
  lock: `SELECT id FROM accounts.consignee WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
  takeVoucher: `UPDATE accounts.voucher_counter SET value = value + $1 WHERE name = 'voucher' RETURNING value`,
  insert: `WITH k AS (
       INSERT INTO accounts.credit (credit_sr, consignee_id, consignee_name, payment_type, cheque_number, amount, remarks, credit_date, search_text,
         created_by, updated_by)
       SELECT n.credit_sr, n.consignee_id, n.consignee_name, n.payment_type, n.cheque_number, n.amount, n.remarks, coalesce(n.credit_date, current_date),
         accounts.credit_search_text(n.credit_sr, n.consignee_name, n.cheque_number, n.remarks), n.created_by, n.created_by
       FROM jsonb_to_recordset($1::jsonb) AS n(credit_sr int, consignee_id uuid, consignee_name text, payment_type text, cheque_number text, amount numeric,
         remarks text, credit_date date, created_by uuid)
       RETURNING *)
     SELECT ${CREDIT_COLUMNS} FROM k JOIN accounts.consignee c ON c.id = k.consignee_id ORDER BY k.credit_sr`,
  moveBalances: `WITH m AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS m(i int, consignee_id uuid, change numeric, count int, entry_date date, job_no text, invoice_no text,
         credit_id uuid, credit_sr int, document_amount numeric, recorded_by uuid, recorded_by_name text)
     ),
     per AS (SELECT consignee_id, sum(change) AS change, sum(count) AS count FROM m GROUP BY consignee_id),
     c AS (
       UPDATE accounts.consignee c SET total_credit = total_credit + per.change, credit_count = credit_count + per.count, updated_at = clock_timestamp()
       FROM per WHERE c.id = per.consignee_id RETURNING ${BALANCE_COLUMNS}, c.balance AS final
     ),
     -- A change's balance after it: the consignee's final balance less what the later changes of the group moved.
     moved AS (
       SELECT m.*, -m.change AS amount,
         c.final - coalesce(sum(-m.change) OVER (PARTITION BY m.consignee_id ORDER BY m.i DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS after
       FROM m JOIN c ON c.consignee_id = m.consignee_id
     ),
     ledger AS (
       INSERT INTO accounts.ledger (consignee_id, kind, amount, balance_before, balance_after, entry_date, job_no, invoice_no, credit_id, credit_sr,
         document_amount, recorded_by, recorded_by_name)
       SELECT consignee_id, $2, amount, after - amount, after, coalesce(entry_date, current_date), job_no, invoice_no, credit_id, credit_sr,
         document_amount, recorded_by, recorded_by_name
       FROM moved ORDER BY i
     )
     SELECT moved.i, moved.after::numeric(20, 2)::text AS after, c.consignee_id, c."consigneeName", c."openingBalance", c."totalDebit", c."totalCredit",
       c.balance, c."updatedAt"
     FROM moved JOIN c ON c.consignee_id = moved.consignee_id ORDER BY moved.i`,
  event: `INSERT INTO "accounts".outbox (id, subject, payload) VALUES (COALESCE($1::uuid, gen_random_uuid()), $2, $3::jsonb)`,
};

const rand = (n) => Math.floor(Math.random() * n);
const any = (list) => list[rand(list.length)];
const say = (line = '') => process.stdout.write(`${line}\n`);

const system = await startSystem({ isolated: { label: 'bench' }, build: process.argv.includes('--build'), out: quiet });
let pool;
try {
  say(`seeding ${ROWS.toLocaleString('en')} ledger rows…`);
  const seedStarted = Date.now();
  const seedSteps = await seedAccounts({ directoryUrl: system.env[DIRECTORY_URL], accountsUrl: system.env[ACCOUNTS_URL], rows: ROWS }, say);
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  pool = new pg.Pool({ connectionString: system.env[ACCOUNTS_URL], max: CONNECTIONS });
  const seeded = await checkBooks(pool);
  say(`  books checked: ${seeded.checked} consignees, ${seeded.wrong.length} disagree`);
  if (seeded.wrong.length) throw new Error(`the seed's books disagree: ${JSON.stringify(seeded.wrong.slice(0, 3))}`);
  const loadBefore = await loadAverage();

  const { gatewayUrl, token, userId: headId } = await headSession(system);
  const get = async (path) => {
    const response = await fetch(`${gatewayUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    return { body: await response.json(), total: Number(response.headers.get('x-total-count')) };
  };

  const consignees = (await pool.query(`SELECT id, name FROM accounts.consignee`)).rows;
  /**
   * Statements of ≈STATEMENT_ENTRIES entries: each consignee with that many, from the day of its
   * STATEMENT_ENTRIES-th newest ledger row to today (a day's rows all in: a few more at most).
   */
  // A smaller run (BENCH_ROWS) has fewer: its busiest consignee's count.
  const [{ most }] = (await pool.query(`SELECT max(n)::int AS most FROM (SELECT count(*) AS n FROM accounts.ledger GROUP BY consignee_id) counts`)).rows;
  const entries = Math.min(STATEMENT_ENTRIES, most);
  const statements = (
    await pool.query(
      `SELECT consignee_id AS id, to_char(entry_date, 'YYYY-MM-DD') AS "from", to_char(current_date, 'YYYY-MM-DD') AS "to"
       FROM (SELECT consignee_id, entry_date, row_number() OVER (PARTITION BY consignee_id ORDER BY entry_date DESC, id DESC) AS n FROM accounts.ledger) l
       WHERE n = $1`,
      [entries],
    )
  ).rows;

  /** A page and its total as the service reads them: the page first, then the total. */
  const pageAndTotal = async (pageSql, totalSql) => {
    const { rows } = await pool.query(pageSql);
    const [{ n }] = (await pool.query(totalSql)).rows;
    return { rows, total: Number(n) };
  };
  const debitPath = (page) => `/api/shipments/invoicedshipments?page=${page}&pageSize=${PAGE_SIZE}`;
  const debitSql = (page) => pageAndTotal(SQL.debitPage((page - 1) * PAGE_SIZE), SQL.debitTotal);
  const creditPath = (page) => `/api/credits/all?page=${page}&pageSize=${PAGE_SIZE}`;
  const creditSql = (page) => pageAndTotal(SQL.creditPage((page - 1) * PAGE_SIZE), SQL.creditTotal);
  const balancePath = (id) => `/api/accounts/balance/${id}`;
  const statementPath = ({ id, from, to }) => `/api/accounts/statement/${id}?from=${from}&to=${to}`;
  /** The statement as the service reads it: one snapshot, the consignee, the range's figures, every line with its running balance. */
  const statementSql = ({ id, from, to }) =>
    inTransaction(
      pool,
      async (client) => {
        const [consignee] = (await client.query(SQL.statementConsignee, [id])).rows;
        const [figures] = (await client.query(SQL.statementFigures, [consignee.id, from, to])).rows;
        const opening = /\.\d{2}$/.test(figures.opening) ? figures.opening : `${figures.opening}.00`;
        const { rows } = await client.query(SQL.statementLines, [consignee.id, from, to, opening, null, 0]);
        return { figures, rows };
      },
      'START TRANSACTION ISOLATION LEVEL REPEATABLE READ',
    );

  // Both sides must do the same work: the gateway's answers and the SQL's agree.
  const alike = (what, gatewaySide, sqlSide) => {
    const [viaGatewayText, viaSqlText] = [gatewaySide, sqlSide].map((side) => JSON.stringify(side));
    if (viaGatewayText !== viaSqlText)
      throw new Error(`the gateway and the bench's SQL disagree on ${what}: keep SQL the service's SQL\n${viaGatewayText}\n${viaSqlText}`);
  };
  for (const page of [1, 2, PAGES]) {
    const debitsViaGateway = await get(debitPath(page));
    const debitsViaSql = await debitSql(page);
    alike(
      `debit records page ${page}`,
      { jobs: debitsViaGateway.body.results, total: debitsViaGateway.total },
      { jobs: debitsViaSql.rows, total: debitsViaSql.total },
    );
    const creditsViaGateway = await get(creditPath(page));
    const creditsViaSql = await creditSql(page);
    alike(
      `credit records page ${page}`,
      { credits: creditsViaGateway.body.results.map((credit) => [credit._id, credit.credit_sr, credit.amount]), total: creditsViaGateway.total },
      { credits: creditsViaSql.rows.map((credit) => [credit._id, credit.credit_sr, credit.amount]), total: creditsViaSql.total },
    );
  }
  for (const { id } of consignees.slice(0, 5)) {
    const { body } = await get(balancePath(id));
    alike(`the balance of ${id}`, body.balance, (await pool.query(SQL.balance, [id])).rows[0]);
  }
  for (const statement of statements.slice(0, 3)) {
    const { body } = await get(statementPath(statement));
    const { figures, rows } = await statementSql(statement);
    alike(
      `the statement of ${statement.id} from ${statement.from}`,
      { count: body.lineCount, lines: body.lines.map((line) => [line.date, line.reference, line.balance]) },
      { count: figures.count, lines: rows.map((row) => [row.entry_date, row.job_no ?? (row.credit_sr === null ? '' : String(row.credit_sr)), row.balance]) },
    );
  }
  const statementLines = (await Promise.all(statements.map(async (s) => (await statementSql(s)).figures.count))).sort((a, b) => a - b);

  /** Each read: its name, each gateway request's path, and its SQL (run once). @type {[string, () => string, () => Promise<unknown>][]} */
  const calls = [
    [`debit records: ${PAGE_SIZE}, newest first`, () => debitPath(1 + rand(PAGES)), () => debitSql(1 + rand(PAGES))],
    [`credit records: ${PAGE_SIZE}, newest first`, () => creditPath(1 + rand(PAGES)), () => creditSql(1 + rand(PAGES))],
    ["one consignee's balance", () => balancePath(any(consignees).id), () => pool.query(SQL.balance, [any(consignees).id])],
    [`one consignee's statement (≈${entries.toLocaleString('en')} entries)`, () => statementPath(any(statements)), () => statementSql(any(statements))],
  ];
  const rows = [];
  for (const [name, path, sql] of calls) {
    say(`measuring ${name} (${DURATION_S} s via the gateway, ${DURATION_S} s straight SQL)…`);
    rows.push({ name, gateway: await viaGateway(gatewayUrl, token, path), direct: await viaSql(pool, sql) });
  }
  const reads = rows.length;

  // Credits: CREDITS payments (Head, Cash or Cheque, to any consignee) through the gateway, 32 at a
  // time (the service writes those that arrive together in one transaction, ADR 35); then as many
  // one-credit transactions straight to Postgres, the service's SQL for a group of one. After each, the books.
  const newCredit = () => {
    const cheque = rand(10) < 6;
    return {
      consigneeName: any(consignees).name,
      paymentType: cheque ? 'Cheque' : 'Cash',
      ...(cheque && { chequeNumber: String(100000 + rand(900000)) }),
      amount: `${1 + rand(250000)}.${String(rand(100)).padStart(2, '0')}`,
      remarks: 'bench',
    };
  };
  const creditSqlWrite = async () => {
    const body = newCredit();
    const [consignee] = (await pool.query(CREDIT_SQL.consigneeByName, [body.consigneeName])).rows;
    await inTransaction(pool, async (client) => {
      await client.query(CREDIT_SQL.lock, [[consignee.id]]);
      const [{ value }] = (await client.query(CREDIT_SQL.takeVoucher, [1])).rows;
      const added = {
        credit_sr: value,
        consignee_id: consignee.id,
        consignee_name: consignee.name,
        payment_type: body.paymentType,
        cheque_number: body.chequeNumber ?? '',
        amount: body.amount,
        remarks: body.remarks,
        credit_date: null,
        created_by: headId,
      };
      const [credit] = (await client.query(CREDIT_SQL.insert, [JSON.stringify([added])])).rows;
      const move = {
        i: 0,
        consignee_id: consignee.id,
        change: credit.amount,
        count: 1,
        entry_date: credit.date,
        job_no: null,
        invoice_no: null,
        credit_id: credit._id,
        credit_sr: credit.credit_sr,
        document_amount: credit.amount,
        recorded_by: headId,
        recorded_by_name: 'head',
      };
      const [{ i: _, after: __, ...balance }] = (await client.query(CREDIT_SQL.moveBalances, [JSON.stringify([move]), 'credit'])).rows;
      await client.query(CREDIT_SQL.event, [null, 'events.accounts.balance.updated', JSON.stringify({ key: balance.consignee_id, after: balance })]);
      await client.query(CREDIT_SQL.event, [null, 'events.accounts.credit.created', JSON.stringify({ key: credit._id, after: credit })]);
    });
  };
  /** The credits numbered after `before`: exactly `expected`, consecutive, once each, the counter on the last; and their consignees' books. */
  const creditsAfter = async (before, expected) => {
    const [n] = (
      await pool.query(
        `SELECT count(*)::int AS credits, count(DISTINCT credit_sr)::int AS numbers, coalesce(min(credit_sr), 0) AS first, coalesce(max(credit_sr), 0) AS last,
                (SELECT value FROM accounts.voucher_counter WHERE name = 'voucher') AS counter, array_agg(DISTINCT consignee_id) AS touched
           FROM accounts.credit WHERE credit_sr > $1`,
        [before],
      )
    ).rows;
    const books = await checkBooks(pool, n.touched ?? []);
    const exact = n.credits === expected && n.numbers === expected && n.first === before + 1 && n.last === before + expected && n.counter === n.last;
    return {
      exact,
      numbers: `${n.credits} credits, ${n.numbers} distinct voucher numbers ${n.first}–${n.last}, counter ${n.counter}: ${exact ? 'no gap, no duplicate' : 'MISMATCH'}`,
      booksExact: books.wrong.length === 0,
      books: `${books.checked} consignees touched: ${books.wrong.length === 0 ? 'balance = opening + debits − credits = ledger sum, each' : `${books.wrong.length} DISAGREE ${JSON.stringify(books.wrong.slice(0, 2))}`}`,
    };
  };
  const counterNow = async () => Number((await pool.query(`SELECT value FROM accounts.voucher_counter WHERE name = 'voucher'`)).rows[0].value);
  say(`measuring credits (${CREDITS} via the gateway, ${CREDITS} straight SQL)…`);
  const beforeGateway = await counterNow();
  const creditedViaGateway = await viaGateway(gatewayUrl, token, () => ({ path: '/api/credits/add', method: 'POST', body: newCredit() }), { amount: CREDITS });
  const gatewayBooks = await creditsAfter(beforeGateway, creditedViaGateway.total - creditedViaGateway.failed);
  const beforeSql = await counterNow();
  const creditedViaSql = await viaSql(pool, creditSqlWrite, { amount: CREDITS });
  const sqlBooks = await creditsAfter(beforeSql, creditedViaSql.total - creditedViaSql.failed);
  rows.push({ name: `credits (${CREDITS})`, gateway: creditedViaGateway, direct: creditedViaSql });
  const all = await checkBooks(pool);

  // The plans of the reads' queries, on this run's data.
  const { explain, plans } = planCollector(pool);
  await explain('debit records page 1', SQL.debitPage(0));
  await explain(`debit records page ${PAGES}`, SQL.debitPage((PAGES - 1) * PAGE_SIZE));
  await explain('debit records total', SQL.debitTotal);
  await explain(`credit records page ${PAGES}`, SQL.creditPage((PAGES - 1) * PAGE_SIZE));
  await explain('credit records total', SQL.creditTotal);
  await explain('balance', SQL.balance, [consignees[0].id]);
  const [busiest] = statements;
  await explain(`statement figures (${busiest.from} to ${busiest.to})`, SQL.statementFigures, [busiest.id, busiest.from, busiest.to]);
  await explain('statement lines', SQL.statementLines, [busiest.id, busiest.from, busiest.to, '0.00', null, 0]);

  const f = (n) => n.toFixed(n < 10 ? 1 : 0);
  const goals = [
    ...rows.slice(0, reads).map(({ name, gateway, direct }) => ({
      goal: `${name}: p99 ≤ ${GOALS.readP99Ms} ms, ≥ ${GOALS.readVsSql} of SQL's req/s`,
      measured: `p99 ${f(gateway.p99)} ms, ${(gateway.rps / direct.rps).toFixed(2)} of SQL`,
      met: gateway.p99 <= GOALS.readP99Ms && gateway.rps / direct.rps >= GOALS.readVsSql,
    })),
    {
      goal: `credits through the gateway ≥ ${GOALS.creditsPerS}/s`,
      measured: `${f(creditedViaGateway.rps)}/s`,
      met: creditedViaGateway.rps >= GOALS.creditsPerS,
    },
    { goal: 'gateway credits: voucher numbers with no gap, no duplicate', measured: gatewayBooks.numbers, met: gatewayBooks.exact },
    { goal: 'gateway credits: exact balances', measured: gatewayBooks.books, met: gatewayBooks.booksExact },
    { goal: 'SQL credits: voucher numbers with no gap, no duplicate', measured: sqlBooks.numbers, met: sqlBooks.exact },
    { goal: 'SQL credits: exact balances', measured: sqlBooks.books, met: sqlBooks.booksExact },
    {
      goal: 'every consignee: balance = opening + debits − credits = ledger sum',
      measured: `${all.checked} checked, ${all.wrong.length} disagree`,
      met: all.wrong.length === 0,
    },
  ];

  const loadAfter = await loadAverage();
  await reportResults({
    intro: [
      'Accounts bench',
      `${ROWS.toLocaleString('en')} ledger rows over ${consignees.length.toLocaleString('en')} consignees seeded in ${seedSeconds.toFixed(1)} s; ${CONNECTIONS} connections, ${DURATION_S} s a read; load average ${loadBefore} before the measurements, ${loadAfter} after, on ${availableParallelism()} cores`,
      seedStepsLine(seedSteps),
      `Statements measured: ${statements.length} consignees, each from the day of its ${entries.toLocaleString('en')}th newest entry to today: ${statementLines[0]}–${statementLines.at(-1)} lines`,
    ],
    rows,
    goals,
    planTitle: 'Plans of the reads',
    plans,
  });
  if (rows.some((r) => r.gateway.failed || r.direct.failed) || goals.slice(reads + 1).some((g) => !g.met)) process.exitCode = 1;
} finally {
  await pool?.end();
  await system.stop();
}
