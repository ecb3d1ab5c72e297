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
import { checkBooks, seedAccounts, statementRanges } from './accounts-seed.mjs';
import {
  CONNECTIONS,
  DURATION_S,
  headSession,
  inTransaction,
  loadAverage,
  measureDatabasesOf,
  planCollector,
  quiet,
  reportResults,
  seedStepsLine,
  viaGateway,
  viaSql,
  PRODUCTION_SETTINGS,
} from './measure.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const CREDITS = Number(process.env.BENCH_CREDITS ?? 3_000);
const PAGE_SIZE = 50; // requirements 02 §9: the records screens' page
/** Pages a user walks through: the first few of each list. */
const PAGES = 10;
/** Entries of the statement measured (issue 10). */
const STATEMENT_ENTRIES = 1_000;
const GOALS = { readP99Ms: 50, readVsSql: 0.5, creditsPerS: 300 };
const ACCOUNTS_URL = serviceNamed('accounts').databaseUrlVariable;
const DIRECTORY_URL = serviceNamed('directory').databaseUrlVariable;

// The SQL the accounts service runs, from its build (ADR 50): its repositories' queries, so both
// sides send the same statements (the answers are compared before measuring).
const accounts = (module) => import(new URL(`../../apps/services/accounts/dist/${module}`, import.meta.url).href);
const { values } = await import('@freight/server-database');
const { CONSIGNEE_QUERIES } = await accounts('ledger/consignee.repository.js');
const { LEDGER_QUERIES } = await accounts('ledger/ledger.repository.js');
const { listSql } = await accounts('ledger/list.repository.js');
const { CREDIT_LIST, CREDIT_QUERIES } = await accounts('credits/credit.repository.js');
const { INVOICE_LIST } = await accounts('debits/debit.repository.js');
const { STATEMENT_QUERIES } = await accounts('statement/statement.repository.js');
const { voucherCounter } = await accounts('voucher/voucher.repository.js');

/**
 * A statement of the service's and its positional values for named `params`.
 * @param {import('@freight/server-database').Query} query
 * @param {object} params
 * @returns {[string, unknown[]]}
 */
const bound = (query, params) => [query.text, values(query, params)];
// Debit records (debits/debit.handlers.ts invoicedshipments, no filter, the default sort: newest
// invoice first) and credit records (credits/credit.handlers.ts list, newest voucher first): the
// page as JSON built by Postgres and its total (the consignees' kept counts), in one statement.
const listPage = (list, offset) => listSql(list, { page: offset / PAGE_SIZE + 1, pageSize: PAGE_SIZE }, null, false, 'json').rows.sql;
const SQL = {
  debitPage: (offset) => listPage(INVOICE_LIST, offset),
  creditPage: (offset) => listPage(CREDIT_LIST, offset),
  // A balance (balances/balance.handlers.ts): the reply as JSON built by Postgres.
  balance: /** @type {string} */ (CONSIGNEE_QUERIES.balanceReply.text),
  // The statement (statement/statement.handlers.ts statement, every line: no page): the reply as JSON built by Postgres, one statement.
  statement: (range) => bound(STATEMENT_QUERIES['statement.reply'], { ...range, limit: null, offset: 0 }),
};
// A credit as the service writes it (credits/credit.handlers.ts add, credit-writer.ts insertCredits
// for a group of one, ledger/ledger.ts moveBalances, libs/server/database appendEvents): the
// consignee by name, then in one transaction its row locked, the next voucher number, the credit
// inserted and read back, the consignee's totals and the ledger row, the balance's event, the credit's.
const CREDIT_SQL = {
  consigneeByName: CONSIGNEE_QUERIES.byName,
  lock: CONSIGNEE_QUERIES.lock,
  takeVoucher: voucherCounter.queries.take,
  insert: CREDIT_QUERIES.insert,
  moveBalances: LEDGER_QUERIES['move.total_credit'],
  event: `INSERT INTO "accounts".outbox (id, subject, payload) VALUES (COALESCE($1::uuid, gen_random_uuid()), $2, $3::jsonb)`,
};

const rand = (n) => Math.floor(Math.random() * n);
const any = (list) => list[rand(list.length)];
const say = (line = '') => process.stdout.write(`${line}\n`);

const system = await startSystem({ env: PRODUCTION_SETTINGS, isolated: { label: 'bench' }, build: process.argv.includes('--build'), out: quiet });
measureDatabasesOf(system.env);
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
  const { entries, statements } = await statementRanges(pool, STATEMENT_ENTRIES);

  /** A page and its total as the service reads them, the page's JSON read as the browser does. */
  const pageAndTotal = async (pageSql) => {
    const [{ json, total }] = (await pool.query(pageSql)).rows;
    return { rows: JSON.parse(json), total: Number(total) };
  };
  const debitPath = (page) => `/api/shipments/invoicedshipments?page=${page}&pageSize=${PAGE_SIZE}`;
  const debitSql = (page) => pageAndTotal(SQL.debitPage((page - 1) * PAGE_SIZE));
  const creditPath = (page) => `/api/credits/all?page=${page}&pageSize=${PAGE_SIZE}`;
  const creditSql = (page) => pageAndTotal(SQL.creditPage((page - 1) * PAGE_SIZE));
  const balancePath = (id) => `/api/accounts/balance/${id}`;
  const statementPath = ({ id, from, to }) => `/api/accounts/statement/${id}?from=${from}&to=${to}`;
  /** The statement as the service reads it: its figures and every line with its running balance, as JSON, in one statement. */
  const statementSql = async ({ id, from, to }) => (await pool.query(...SQL.statement({ consigneeId: id, from, to }))).rows[0].json;

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
      { credits: creditsViaGateway.body.results, total: creditsViaGateway.total },
      { credits: creditsViaSql.rows, total: creditsViaSql.total },
    );
  }
  for (const { id } of consignees.slice(0, 5)) {
    const { body } = await get(balancePath(id));
    alike(`the balance of ${id}`, body, JSON.parse((await pool.query(SQL.balance, [id])).rows[0].json));
  }
  for (const statement of statements.slice(0, 3)) {
    const { body } = await get(statementPath(statement));
    alike(`the statement of ${statement.id} from ${statement.from}`, body, JSON.parse(await statementSql(statement)));
  }
  const statementLines = (await Promise.all(statements.map(async (s) => JSON.parse(await statementSql(s)).lineCount))).sort((a, b) => a - b);

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
    const [consignee] = (await pool.query(...bound(CREDIT_SQL.consigneeByName, { name: body.consigneeName }))).rows;
    await inTransaction(pool, async (client) => {
      await client.query(...bound(CREDIT_SQL.lock, { ids: [consignee.id] }));
      const [{ value }] = (await client.query(...bound(CREDIT_SQL.takeVoucher, { count: 1 }))).rows;
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
      const [credit] = (await client.query(...bound(CREDIT_SQL.insert, { credits: JSON.stringify([added]) }))).rows;
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
      const [{ i: _, after: __, ...balance }] = (await client.query(...bound(CREDIT_SQL.moveBalances, { moves: JSON.stringify([move]), kind: 'credit' }))).rows;
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
  await explain(`credit records page ${PAGES}`, SQL.creditPage((PAGES - 1) * PAGE_SIZE));
  await explain('balance', SQL.balance, [consignees[0].id]);
  const [busiest] = statements;
  const busiestRange = { consigneeId: busiest.id, from: busiest.from, to: busiest.to };
  await explain(`statement (${busiest.from} to ${busiest.to})`, ...SQL.statement(busiestRange));

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
