import { randomUUID } from 'node:crypto';
import { AccountsTexts, credits, debits } from '@freight/contracts';
import { DataSource } from 'typeorm';
import { CREDIT_LIST } from '../credits/credit.repository.js';
import { CREDIT_COLUMNS, CREDIT_FROM, CREDIT_JSON, toCredit, type CreditRow } from '../credits/credit.row.js';
import { INVOICE_LIST } from '../debits/debit.repository.js';
import { startAccounts, type AccountsHarness } from '../testing/accounts-harness.js';
import { consigneeRepository } from './consignee.repository.js';
import { SORTED_MATCHES_MAX, listSql, readList, readListJson, type ListDef, type ListQuery } from './list.repository.js';

/*
 * The debit and credit records as JSON built by Postgres (docs/adr/0059-json-replies-passed-as-bytes.md)
 * are the rows the object path reads, in the same order with the same total: each field, null
 * and edge value alike (texts a JSON writer must escape, amounts with and without cents, dates,
 * timestamps to the microsecond in another zone, deleted credits), on every way a page is read.
 */
let accounts: AccountsHarness;
let db: DataSource;
const head = { id: randomUUID(), username: 'head', role: 'Head' } as const;
const ODD_NAMES = ['Consignee "Quoted" \\ back', 'Consignee ශ්‍රී Lanka 🚢 </script>', 'Consignee tab\tnew\nline\u0001 \u2028\u2029'];
/** Rows of each list: more than a search may match and still be read from its matches. */
const ROWS = SORTED_MATCHES_MAX + 2_000;

beforeAll(async () => {
  accounts = await startAccounts();
  db = accounts.app.get(DataSource);
  const q = accounts.adminQuery;
  await q(
    `INSERT INTO accounts.consignee (id, name, from_directory, opening_balance)
     SELECT gen_random_uuid(), CASE WHEN n <= 3 THEN ($1::text[])[n] ELSE 'Consignee ' || n END, true, CASE WHEN n % 2 = 0 THEN n * 1000.5 ELSE 0 END
     FROM generate_series(1, 40) n`,
    [ODD_NAMES],
  );
  await q(`
    INSERT INTO accounts.job (job_no, consignee_id, origin_id, origin_port, shipper_id, shipper_name, bl_no, container_no)
    SELECT 'IMP-' || lpad(n::text, 6, '0'), c.id, gen_random_uuid(), CASE WHEN n % 7 = 0 THEN 'Port "Qasim" ශ්‍රී' ELSE 'Shanghai' END,
      CASE WHEN n % 3 = 0 THEN NULL ELSE gen_random_uuid() END, CASE WHEN n % 3 = 0 THEN NULL ELSE E'Shipper \\\\ ' || n END,
      CASE WHEN n % 5 = 0 THEN '' ELSE 'BL' || n END, 'CONT' || n
    FROM generate_series(1, ${ROWS}) n JOIN LATERAL (SELECT id FROM accounts.consignee ORDER BY name OFFSET n % 40 LIMIT 1) c ON true`);
  await q(`
    INSERT INTO accounts.invoice (job_no, consignee_id, consignee_name, invoice_no, amount, invoice_date, search_text, created_by, updated_by)
    SELECT j.job_no, j.consignee_id, c.name, CASE WHEN right(j.job_no, 1) = '7' THEN 'INV "7" ' ELSE 'INV-' END || j.job_no,
      CASE WHEN right(j.job_no, 1) = '0' THEN 1500 ELSE (right(j.job_no, 4)::int * 7.31) % 100000 END, date '2025-12-30' + (right(j.job_no, 3)::int % 400),
      accounts.invoice_search_text(j.job_no, 'INV-' || j.job_no, c.name, j.bl_no, j.container_no), gen_random_uuid(), gen_random_uuid()
    FROM accounts.job j JOIN accounts.consignee c ON c.id = j.consignee_id`);
  await q(`
    INSERT INTO accounts.credit (credit_sr, consignee_id, consignee_name, payment_type, cheque_number, amount, remarks, credit_date, search_text,
      created_at, created_by, updated_at, updated_by, deleted_at)
    SELECT n, c.id, c.name, CASE WHEN n % 2 = 0 THEN 'Cheque' ELSE 'Cash' END, CASE WHEN n % 2 = 0 THEN '00' || n ELSE '' END,
      CASE WHEN n % 4 = 0 THEN 25 ELSE n * 0.37 END, CASE WHEN n % 9 = 0 THEN E'Remark "quoted"\\n\\\\ 🚢 \\u2028' ELSE '' END,
      date '2026-01-01' + n % 300, accounts.credit_search_text(n, c.name, '', ''),
      timestamptz '2026-03-04 05:06:07.891234+05:30' + n * interval '1 minute 0.000317 second', gen_random_uuid(),
      timestamptz '2026-12-31 23:59:59.999999+00' - n * interval '1 second', gen_random_uuid(), CASE WHEN n % 50 = 0 THEN now() END
    FROM generate_series(1, ${ROWS}) n JOIN LATERAL (SELECT id, name FROM accounts.consignee ORDER BY name OFFSET n % 40 LIMIT 1) c ON true`);
  await q(`UPDATE accounts.consignee c SET invoice_count = (SELECT count(*) FROM accounts.invoice i WHERE i.consignee_id = c.id),
    credit_count = (SELECT count(*) FROM accounts.credit k WHERE k.consignee_id = c.id AND k.deleted_at IS NULL)`);
  await q(`ANALYZE accounts.consignee, accounts.job, accounts.invoice, accounts.credit`);
}, 120_000);
afterAll(() => accounts?.close());

const consigneeNamed = async (name: string) => (await consigneeRepository.byName(db, name))!.id;

describe('CREDIT_JSON', () => {
  it('is toCredit of the same row, for every credit (deleted ones too)', async () => {
    const rows = await db.query<(CreditRow & { json: string })[]>(
      `SELECT ${CREDIT_COLUMNS}, ${CREDIT_JSON}::text AS json FROM ${CREDIT_FROM} ORDER BY k.credit_sr`,
    );
    expect(rows).toHaveLength(ROWS);
    for (const { json, ...row } of rows) expect(JSON.parse(json)).toStrictEqual(toCredit(row));
  });
});

describe('readListJson', () => {
  /** Each list, with what its object path's rows become in the reply. */
  const lists: [string, ListDef, (row: never) => unknown][] = [
    ['debit records', INVOICE_LIST, (row) => row],
    ['credit records', CREDIT_LIST, toCredit],
  ];
  const sorts = (def: ListDef): ListQuery[] =>
    Object.keys(def.sorts).flatMap((sort) => (['asc', 'desc'] as const).map((order) => ({ page: 3, pageSize: 20, sort, order })));
  /** Queries over every way a page is read; `consignee`: with the first odd name's consignee. */
  const cases = (def: ListDef): [string, ListQuery, boolean][] => [
    ['the first page, the default sort', { page: 1 }, false],
    ['a later page', { page: 7, pageSize: 50 }, false],
    ...sorts(def).map((query): [string, ListQuery, boolean] => [`by ${query.sort} ${query.order}`, query, false]),
    ["one consignee's page", { page: 2, pageSize: 25 }, true],
    ["one consignee's every row (no page)", {}, true],
    ['a search of few matches', { page: 1, q: 'ශ්‍රී' }, false],
    ['a search of few matches, its second page, oldest first', { page: 2, pageSize: 10, q: 'quoted', sort: def.fallback.sort, order: 'asc' }, false],
    ['a search of more matches than are read from the matches', { page: 2, q: 'consignee' }, false],
    ['a search matching nothing', { page: 1, q: 'nothing-like-this' }, false],
    ['a search, every match (no page)', { q: 'ශ්‍රී' }, false],
    ['a page past the end', { page: 1000 }, false],
    ["a consignee's page past the end", { page: 1000 }, true],
  ];

  describe.each(lists)('%s', (_, def, toReply) => {
    it.each(cases(def))('answers the rows and total readList does, in one order: %s', async (__, query, ofConsignee) => {
      const consigneeId = ofConsignee ? await consigneeNamed(ODD_NAMES[0]!) : null;
      const expected = await readList<never>(db, def, query, consigneeId);
      const { json, total } = await readListJson(db, def, query, consigneeId);
      expect({ items: JSON.parse(json) as unknown, total }).toStrictEqual({ items: expected.items.map(toReply), total: expected.total });
    });
  });

  it('reads a page and its total in one statement, JSON built for the page only', () => {
    const { rows } = listSql(INVOICE_LIST, { page: 10 }, null, false, 'json');
    expect(rows.sql).toMatch(
      /^SELECT coalesce\(json_agg\(json_build_object\(.*\) ORDER BY .*\), '\[\]'\)::text AS json, \(SELECT invoice_count AS n FROM accounts\.list_totals\) AS total FROM .* WHERE i\.job_no IN \(SELECT i\.job_no FROM .* LIMIT 50 OFFSET 450\)$/s,
    );
  });
});

describe('the records calls', () => {
  const debitsOf = (query: object) => accounts.client.request(debits.subjects.listInvoicedShipments, { actor: head, query } as never);
  const creditsOf = (query: object) => accounts.client.request(credits.subjects.list, { actor: head, query } as never);

  it("answer their REST body whole, with the total beside: one consignee's debits with its summary and a message", async () => {
    const name = ODD_NAMES[1]!;
    const id = await consigneeNamed(name);
    const expected = await readList(db, INVOICE_LIST, { page: 1 }, id);
    await expect(debitsOf({ page: 1, consigneeName: name.toUpperCase() })).resolves.toStrictEqual({
      items: {
        success: true,
        results: expected.items,
        summary: await consigneeRepository.debitSummary(db, id),
        message: `${expected.total} invoiced shipments`,
      },
      total: expected.total,
    });
    await expect(debitsOf({ page: 1, q: 'nothing-like-this' })).resolves.toStrictEqual({
      items: { success: true, results: [], summary: null, message: AccountsTexts.noDebits },
      total: 0,
    });
    const one = await debitsOf({ page: 1, q: 'imp-000017' });
    expect(one).toMatchObject({ items: { message: '1 invoiced shipment', summary: null }, total: 1 });
  });

  it('answer the credits page as its body, with the total beside', async () => {
    const expected = await readList<CreditRow>(db, CREDIT_LIST, { page: 2 }, null);
    await expect(creditsOf({ page: 2 })).resolves.toStrictEqual({
      items: { success: true, results: expected.items.map(toCredit) },
      total: expected.total,
    });
  });
});
