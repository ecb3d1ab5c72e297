import { CREDIT_LIST } from '../credits/credit.repository.js';
import { INVOICE_LIST } from '../debits/debit.repository.js';
import { startAccounts, type AccountsHarness } from '../testing/accounts-harness.js';
import { getDataSourceToken } from '@nestjs/typeorm';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { SORTED_MATCHES_MAX, listSql, readListJson, type ListDef, type ListQuery } from './list.repository.js';

/*
 * The debit and credit records page, sort and search in SQL with indexes (requirements decisions §1): on 20,000
 * invoices and 20,000 credits over 200 consignees, every page Postgres plans for reads an index
 * that fits, never the whole table; totals come from the consignees' counts unless searched.
 */
let accounts: AccountsHarness;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

beforeAll(async () => {
  accounts = await startAccounts();
  const q = accounts.adminQuery;
  await q(`INSERT INTO accounts.consignee (id, name, from_directory) SELECT gen_random_uuid(), 'Consignee ' || n, true FROM generate_series(1, 200) n`);
  await q(`
    INSERT INTO accounts.job (job_no, consignee_id, origin_id, origin_port, bl_no, container_no)
    SELECT 'IMP-' || lpad(n::text, 6, '0'), c.id, gen_random_uuid(), 'Shanghai', 'BL' || n, 'CONT' || n
    FROM generate_series(1, 20000) n JOIN LATERAL (SELECT id FROM accounts.consignee ORDER BY id OFFSET n % 200 LIMIT 1) c ON true`);
  await q(`
    INSERT INTO accounts.invoice (job_no, consignee_id, consignee_name, invoice_no, amount, invoice_date, search_text, created_by, updated_by)
    SELECT j.job_no, j.consignee_id, c.name, 'INV-' || j.job_no, (random() * 1000)::numeric(14, 2), date '2026-01-01' + (random() * 300)::int,
      accounts.invoice_search_text(j.job_no, 'INV-' || j.job_no, c.name, j.bl_no, j.container_no), gen_random_uuid(), gen_random_uuid()
    FROM accounts.job j JOIN accounts.consignee c ON c.id = j.consignee_id`);
  await q(`
    INSERT INTO accounts.credit (credit_sr, consignee_id, consignee_name, payment_type, amount, credit_date, search_text, created_by, updated_by, deleted_at)
    SELECT n, c.id, c.name, 'Cash', 10, date '2026-01-01' + n % 300, accounts.credit_search_text(n, c.name, '', ''), gen_random_uuid(), gen_random_uuid(),
      CASE WHEN n % 50 = 0 THEN now() END
    FROM generate_series(1, 20000) n JOIN LATERAL (SELECT id, name FROM accounts.consignee ORDER BY id OFFSET n % 200 LIMIT 1) c ON true`);
  await q(`UPDATE accounts.consignee c SET invoice_count = (SELECT count(*) FROM accounts.invoice i WHERE i.consignee_id = c.id),
    credit_count = (SELECT count(*) FROM accounts.credit k WHERE k.consignee_id = c.id AND k.deleted_at IS NULL)`);
  await q(`ANALYZE accounts.consignee, accounts.job, accounts.invoice, accounts.credit`);
}, 120_000);
afterAll(() => accounts?.close());

const someConsignee = async () => (await accounts.adminQuery<{ id: string }>(`SELECT id::text FROM accounts.consignee ORDER BY name LIMIT 1`))[0]!.id;

/**
 * The plan of a list's page. `scanLast`: with sequential scans priced out, as the planner chooses on
 * a table too big to read whole (at 20,000 rows it rightly reads a searched table whole instead of
 * its trigram index; at the bench's million it does not): the index must fit the search.
 */
async function plan(def: ListDef, query: ListQuery, consigneeId: string | null, scanLast = false): Promise<PlanNode[]> {
  // A search's page is read from its matches when they are few (readListJson), as here; the page as the records calls read it, as JSON.
  const { rows } = listSql(def, query, consigneeId, Boolean(query.q), 'json');
  const client = new pg.Client({ connectionString: accounts.db.adminUrl });
  await client.connect();
  try {
    if (scanLast) await client.query('SET enable_seqscan = off');
    const { rows: result } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${rows.sql}`, rows.params);
    return flatten(result[0]!['QUERY PLAN'][0].Plan);
  } finally {
    await client.end();
  }
}

const indexesOf = (nodes: PlanNode[]) => nodes.flatMap((node) => (node['Index Name'] ? [node['Index Name']] : []));
const seqScans = (nodes: PlanNode[], table: string) => nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === table);

describe('debit records', () => {
  it.each([
    ['the first page, newest first', {}, 'ix_invoice_date'],
    ['by amount', { sort: 'invoiceAmount', order: 'desc' }, 'ix_invoice_amount'],
    ['by invoice number', { sort: 'invoiceNo' }, 'ix_invoice_no'],
    ['by consignee', { sort: 'consignee' }, 'ix_invoice_consignee_name'],
    ['by job number, a later page', { sort: 'jobNo', page: 20 }, 'invoice_pkey'],
  ] as const)('%s reads %s', async (_, query, index) => {
    const nodes = await plan(INVOICE_LIST, { page: 1, ...query }, null);
    expect(indexesOf(nodes)).toContain(index);
    expect(seqScans(nodes, 'invoice')).toEqual([]);
  });

  it("one consignee's page reads its index; a search reads the trigram index", async () => {
    const consignee = await plan(INVOICE_LIST, { page: 1 }, await someConsignee());
    expect(indexesOf(consignee)).toContain('ix_invoice_consignee_date');
    const searched = await plan(INVOICE_LIST, { page: 1, q: 'BL1234' }, null, true);
    expect(indexesOf(searched)).toContain('ix_invoice_search_trgm');
    expect(seqScans(consignee, 'invoice')).toEqual([]);
  });

  it('counts from the consignees, or the matches of a search', async () => {
    const id = await someConsignee();
    const read = async (consigneeId: string | null, q?: string) => {
      const { total } = listSql(INVOICE_LIST, { page: 1, q }, consigneeId);
      return Number((await accounts.adminQuery<{ n: string }>(total.sql, total.params))[0]!.n);
    };
    expect(await read(null)).toBe(20000);
    expect(await read(id)).toBe(100);
    expect(await read(null, 'inv-imp-00001')).toBe(10); // IMP-000010 … IMP-000019
  });

  it('reads a page of few matches from the matches, and of many by walking the sort, with the exact total either way', async () => {
    const db = accounts.app.get<DataSource>(getDataSourceToken());
    const read = async (query: ListQuery) => {
      const { json, total } = await readListJson(db, INVOICE_LIST, query, null);
      return { jobs: (JSON.parse(json) as { jobNo: string }[]).map((row) => row.jobNo), total };
    };
    const few = await read({ page: 1, q: 'inv-imp-00001', sort: 'jobNo' });
    expect(few.total).toBe(10);
    expect(few.jobs).toEqual(Array.from({ length: 10 }, (_, i) => `IMP-0000${10 + i}`));
    const many = await read({ page: 2, q: 'consignee', sort: 'jobNo' });
    expect(20000).toBeGreaterThan(SORTED_MATCHES_MAX);
    expect(many.total).toBe(20000);
    expect(many.jobs).toEqual(Array.from({ length: 50 }, (_, i) => `IMP-${String(51 + i).padStart(6, '0')}`));
  });
});

describe('credit records', () => {
  it.each([
    ['the first page, newest voucher first', {}, 'ix_credit_sr_live'],
    ['by date', { sort: 'date', order: 'desc' }, 'ix_credit_date'],
    ['by amount', { sort: 'amount' }, 'ix_credit_amount'],
    ['by consignee', { sort: 'consignee' }, 'ix_credit_consignee_name'],
    ['by payment type', { sort: 'paymentType' }, 'ix_credit_payment_type'],
  ] as const)('%s reads %s', async (_, query, index) => {
    const nodes = await plan(CREDIT_LIST, { page: 1, ...query }, null);
    expect(indexesOf(nodes)).toContain(index);
    expect(seqScans(nodes, 'credit')).toEqual([]);
  });

  it("one consignee's page reads its index; a search reads an index; deleted credits are not counted", async () => {
    const id = await someConsignee();
    expect(indexesOf(await plan(CREDIT_LIST, { page: 1 }, id))).toContain('ix_credit_consignee');
    // A search's matches come from an index (at this size Postgres may prefer walking a live credits' index to the trigram one).
    expect(seqScans(await plan(CREDIT_LIST, { page: 1, q: '12345' }, null, true), 'credit')).toEqual([]);
    const { total } = listSql(CREDIT_LIST, { page: 1 }, null);
    expect(Number((await accounts.adminQuery<{ n: string }>(total.sql, total.params))[0]!.n)).toBe(20000 - 400);
  });
});
