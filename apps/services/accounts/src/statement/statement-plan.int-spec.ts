import { planNodes } from '@freight/server-testing';
import { startAccounts, type AccountsHarness } from '../testing/accounts-harness.js';
import { values } from '@freight/server-database';
import { STATEMENT_QUERIES } from './statement.repository.js';

// A statement reads one consignee's ledger rows through the index (consignee_id, entry_date, id),
// never the whole ledger: 200,000 rows over 2,000 consignees, with statistics, then the plans of
// the statement's three queries and the figures of one statement against the rows added up in SQL.
const CONSIGNEES = 2_000;
const ROWS = 200_000;
const DOCUMENTS = 60_000;
let accounts: AccountsHarness;
let consigneeId: string;

beforeAll(async () => {
  accounts = await startAccounts();
  await accounts.adminQuery(
    `INSERT INTO accounts.consignee (id, name, from_directory) SELECT gen_random_uuid(), 'Consignee ' || i, true FROM generate_series(1, $1::int) i`,
    [CONSIGNEES],
  );
  // Invoices of 100.00 and payments of 40.00, on days over two years; the balances are not the point here.
  await accounts.adminQuery(
    `WITH c AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM accounts.consignee)
     INSERT INTO accounts.ledger (consignee_id, kind, amount, balance_before, balance_after, entry_date, recorded_by_name)
     SELECT c.id, CASE WHEN i % 3 = 0 THEN 'credit' ELSE 'invoice' END, CASE WHEN i % 3 = 0 THEN -40 ELSE 100 END, 0,
       CASE WHEN i % 3 = 0 THEN -40 ELSE 100 END, date '2025-01-01' + (i * 7 % 730), 'Bench'
     FROM generate_series(1, $1::int) i JOIN c ON c.n = 1 + i % $2::int`,
    [ROWS, CONSIGNEES],
  );
  // The documents the statement view reads: 60,000 invoices (on as many jobs) and 60,000 payments over the same consignees.
  await accounts.adminQuery(
    `WITH c AS (SELECT id, name, row_number() OVER (ORDER BY id) AS n FROM accounts.consignee)
     INSERT INTO accounts.job (job_no, consignee_id, origin_id, origin_port)
     SELECT 'IMP-' || lpad(i::text, 6, '0'), c.id, c.id, 'Shanghai' FROM generate_series(1, $1::int) i JOIN c ON c.n = 1 + i % $2::int`,
    [DOCUMENTS, CONSIGNEES],
  );
  await accounts.adminQuery(
    `INSERT INTO accounts.invoice (job_no, consignee_id, consignee_name, invoice_no, amount, invoice_date, search_text, created_by, updated_by)
     SELECT j.job_no, j.consignee_id, 'c', 'INV-' || j.job_no, 100, date '2025-01-01' + (hashtext(j.job_no) & 1023) % 730, '', j.origin_id, j.origin_id
     FROM accounts.job j`,
  );
  await accounts.adminQuery(
    `WITH c AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM accounts.consignee)
     INSERT INTO accounts.credit (credit_sr, consignee_id, consignee_name, payment_type, amount, credit_date, search_text, created_by, updated_by)
     SELECT i, c.id, 'c', 'Cash', 40, date '2025-01-01' + (i * 7 % 730), '', c.id, c.id FROM generate_series(1, $1::int) i JOIN c ON c.n = 1 + i % $2::int`,
    [DOCUMENTS, CONSIGNEES],
  );
  await accounts.adminQuery(`ANALYZE accounts.ledger`);
  await accounts.adminQuery(`ANALYZE accounts.invoice`);
  await accounts.adminQuery(`ANALYZE accounts.credit`);
  [{ id: consigneeId }] = await accounts.adminQuery<{ id: string }>(`SELECT id FROM accounts.consignee ORDER BY id LIMIT 1`);
}, 120_000);
afterAll(() => accounts.close());

describe("a statement reads one consignee's rows by their index", () => {
  const range = ['2025-03-01', '2025-09-30'];
  const [from, to] = range as [string, string];
  it.each([
    ['figures', STATEMENT_QUERIES['ledger.figures'], () => ({ consigneeId, from, to })],
    ['reply', STATEMENT_QUERIES['ledger.reply'], () => ({ consigneeId, from, to, limit: 50, offset: 0 })],
    ['export chunk', STATEMENT_QUERIES['ledger.chunk'], () => ({ consigneeId, from, to, afterDay: from, afterId: '0', balance: '0.00', limit: 501 })],
  ])('%s', async (_, statement, params) => {
    const nodes = await planNodes({ query: (text, values) => accounts.adminQuery(text, values) }, statement.text, values(statement, params()));
    expect(nodes.map((node) => node['Index Name']).filter(Boolean)).toContain('ix_ledger_consignee_date');
    // (An empty table may be read whole: the credits, joined for a payment's type.)
    expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'ledger')).toEqual([]);
  });

  it.each([
    ['figures', STATEMENT_QUERIES['statement.figures'], () => ({ consigneeId, from, to })],
    ['reply', STATEMENT_QUERIES['statement.reply'], () => ({ consigneeId, from, to, limit: null, offset: 0 })],
    [
      'export chunk',
      STATEMENT_QUERIES['statement.chunk'],
      () => ({ consigneeId, from, to, afterDay: from, afterRank: -1, afterKey: '', balance: '0.00', limit: 501 }),
    ],
  ])('the statement view: %s by the invoices and payments of the consignee only', async (_, statement, params) => {
    const nodes = await planNodes({ query: (text, values) => accounts.adminQuery(text, values) }, statement.text, values(statement, params()));
    expect(nodes.map((node) => node['Index Name']).filter(Boolean)).toEqual(expect.arrayContaining(['ix_invoice_consignee_date', 'ix_credit_consignee_date']));
    expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan' && ['ledger', 'invoice', 'credit'].includes(node['Relation Name'] as string))).toEqual([]);
  });

  it('and its figures are the rows added up', async () => {
    const [figures] = await accounts.adminQuery<{ opening: string; closing: string; count: number }>(
      STATEMENT_QUERIES['ledger.figures'].text,
      values(STATEMENT_QUERIES['ledger.figures'], { consigneeId, from, to }),
    );
    const [sums] = await accounts.adminQuery<{ before: string; all: string; inside: number }>(
      `SELECT coalesce(sum(amount) FILTER (WHERE entry_date < $2), 0)::text AS before, coalesce(sum(amount) FILTER (WHERE entry_date <= $3), 0)::text AS all,
         count(*) FILTER (WHERE entry_date BETWEEN $2 AND $3)::int AS inside
       FROM accounts.ledger WHERE consignee_id = $1`,
      [consigneeId, ...range],
    );
    expect([Number(figures!.opening), Number(figures!.closing), figures!.count]).toEqual([Number(sums!.before), Number(sums!.all), sums!.inside]);
    expect(figures!.count).toBeGreaterThan(0);
  });
});
