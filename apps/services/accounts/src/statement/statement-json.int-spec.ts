import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { accountsReports, statementSchema, type ExportCursor, type Statement, type StatementLine, type StatementView } from '@freight/contracts';
import { startAccounts, type AccountsHarness } from '../testing/accounts-harness.js';

/*
 * The statement call's reply is built by Postgres (docs/adr/0059-json-replies-passed-as-bytes.md)
 * and must say what the export's lines, built from rows by the handler, say: each line's date,
 * kind, reference, details (every kind, cheque and cash, amounts with thousands and without
 * cents, texts a JSON writer must escape), debit, credit and running balance, and figures that
 * agree with them; exactly what the contract's schema gives back, for both views, every page.
 */
let accounts: AccountsHarness;
const head = { id: randomUUID(), username: 'head', role: 'Head' } as const;
const busy = randomUUID();
const empty = randomUUID();
const range = { from: '2026-01-01', to: '2026-06-30' };
const ODD = ['INV "7" \\ back', 'INV ශ්‍රී 🚢 </script>', 'INV \u2028\u2029 x'];

beforeAll(async () => {
  accounts = await startAccounts();
  const q = accounts.adminQuery;
  await q(
    `INSERT INTO accounts.consignee (id, name, from_directory, opening_balance) VALUES ($1, 'Consignee "Busy" ශ්‍රී', true, 1234567.8), ($2, 'Empty', true, 0)`,
    [busy, empty],
  );
  await q(
    `INSERT INTO accounts.job (job_no, consignee_id, origin_id, origin_port) SELECT 'IMP-' || lpad(n::text, 6, '0'), $1, $1, 'Shanghai' FROM generate_series(1, 60) n`,
    [busy],
  );
  // Invoices on days before, inside and after the range, several on a day, up to 12 digits.
  await q(
    `INSERT INTO accounts.invoice (job_no, consignee_id, consignee_name, invoice_no, amount, invoice_date, search_text, created_by, updated_by)
     SELECT 'IMP-' || lpad(n::text, 6, '0'), $1, 'c', CASE WHEN n <= 3 THEN ($2::text[])[n] ELSE 'INV-' || n END,
       CASE WHEN n % 5 = 0 THEN 999999999999.99 WHEN n % 5 = 1 THEN 0.5 ELSE n * 1000 END, date '2025-12-20' + n * 4 % 220, '', $1, $1
     FROM generate_series(1, 60) n`,
    [busy, ODD],
  );
  await q(
    `INSERT INTO accounts.credit (credit_sr, consignee_id, consignee_name, payment_type, cheque_number, amount, credit_date, search_text, created_by, updated_by, deleted_at)
     SELECT n, $1, 'c', CASE WHEN n % 2 = 0 THEN 'Cheque' ELSE 'Cash' END, CASE WHEN n % 2 = 0 THEN '00"' || n ELSE '' END, n * 1234.5,
       date '2025-12-22' + n * 5 % 220, '', $1, $1, CASE WHEN n % 7 = 0 THEN now() END
     FROM generate_series(1, 40) n`,
    [busy],
  );
  // The ledger: every kind, a payment's row naming its credit (or none), document amounts or none.
  await q(
    `INSERT INTO accounts.ledger (consignee_id, kind, amount, balance_before, balance_after, entry_date, job_no, invoice_no, credit_id, credit_sr, document_amount, recorded_by_name)
     SELECT $1, k.kind, a.amount, 0, a.amount, date '2025-12-15' + n * 3 % 230,
       CASE WHEN k.kind LIKE 'invoice%' THEN 'IMP-' || lpad(n::text, 6, '0') END,
       CASE WHEN k.kind LIKE 'invoice%' THEN CASE WHEN n % 11 = 0 THEN ($2::text[])[1 + n % 3] ELSE 'INV-' || n END END,
       CASE WHEN k.kind LIKE 'credit%' AND n % 4 <> 0 THEN (SELECT id FROM accounts.credit WHERE credit_sr = 1 + n % 40) END,
       CASE WHEN k.kind LIKE 'credit%' THEN 1 + n % 40 END,
       CASE WHEN n % 9 = 0 THEN NULL ELSE n * 98765.43 END, 'head'
     FROM generate_series(1, 150) n
     CROSS JOIN LATERAL (SELECT (ARRAY['opening balance', 'invoice', 'invoice replaced', 'credit', 'credit edited', 'credit deleted'])[1 + n % 6] AS kind) k
     CROSS JOIN LATERAL (SELECT CASE WHEN k.kind LIKE 'credit%' THEN -n * 321.5 WHEN n % 10 = 0 THEN -n ELSE n * 1000.1 END AS amount) a`,
    [busy, ODD],
  );
}, 60_000);
afterAll(() => accounts?.close());

const statement = async (id: string, query: object): Promise<Statement> =>
  (await accounts.client.request(accountsReports.subjects.statement, {
    actor: head,
    params: { consignee_id: id },
    query: { ...range, ...query },
  } as never)) as Statement;
/** From the day of the first opening balance: the statement view's opening balance is a line. */
const withOpening = { from: '2025-12-19', to: range.to };

/** Every line of the export (the handler's rows), less the balances brought and carried forward. */
async function exportedLines(id: string, view: StatementView, from: string): Promise<StatementLine[]> {
  const lines: StatementLine[] = [];
  let after: ExportCursor | undefined;
  do {
    const message = { actor: head, params: { consignee_id: id }, query: { from, to: range.to, view }, limit: 7, ...(after && { after }) };
    const chunk = (await accounts.client.request(accountsReports.subjects.statementExport, message as never)) as {
      items: StatementLine[];
      next: ExportCursor | null;
    };
    lines.push(...chunk.items);
    after = chunk.next ?? undefined;
  } while (after);
  return lines;
}

const cents = (amount: string) => (amount === '' ? 0n : BigInt(amount.replace('.', '')));
const money = (value: bigint) => {
  const text = (value < 0n ? -value : value).toString().padStart(3, '0');
  return `${value < 0n ? '-' : ''}${text.slice(0, -2)}.${text.slice(-2)}`;
};

describe("the statement call's JSON, built by Postgres", () => {
  it.each([
    ['statement', range.from, 2],
    ['statement', withOpening.from, 3],
    ['ledger', range.from, 6],
  ] as const)('says what the export says, line by line, with figures that agree (%s view from %s)', async (view, from, kinds) => {
    const exported = await exportedLines(busy, view, from);
    const [brought, lines, carried] = [exported[0]!, exported.slice(1, -1), exported.at(-1)!];
    const whole = await statement(busy, { view, from });
    expect(isDeepStrictEqual(statementSchema.parse(whole), whole)).toBe(true);
    expect(whole.lines).toEqual(lines);
    expect(new Set(lines.map((line) => line.kind)).size).toBe(kinds);
    expect(lines.length).toBeGreaterThan(50);
    const debit = lines.reduce((sum, line) => sum + cents(line.debit), 0n);
    const credit = lines.reduce((sum, line) => sum + cents(line.credit), 0n);
    expect(whole).toMatchObject({
      success: true,
      consignee: { _id: busy, consigneeName: 'Consignee "Busy" ශ්‍රී' },
      from,
      to: range.to,
      openingBalance: brought.balance,
      totalDebit: money(debit),
      totalCredit: money(credit),
      closingBalance: carried.balance,
      lineCount: lines.length,
    });
    expect(money(cents(brought.balance) + debit - credit)).toBe(carried.balance);

    const page = await statement(busy, { view, from, page: 3, pageSize: 7 });
    expect(page).toEqual({ ...whole, lines: lines.slice(14, 21) });
    expect(await statement(busy, { view, from, page: 1000 })).toEqual({ ...whole, lines: [] });
  });

  it('answers a range without lines, and a consignee with none, with figures of 0.00 and the opening as it stands', async () => {
    const before = await statement(busy, { from: '2020-01-01', to: '2020-12-31' });
    expect(before).toMatchObject({ openingBalance: '0.00', totalDebit: '0.00', totalCredit: '0.00', closingBalance: '0.00', lineCount: 0, lines: [] });
    const nothing = await statement(empty, {});
    expect(nothing).toEqual({
      success: true,
      consignee: { _id: empty, consigneeName: 'Empty' },
      ...range,
      openingBalance: '0.00',
      totalDebit: '0.00',
      totalCredit: '0.00',
      closingBalance: '0.00',
      lineCount: 0,
      lines: [],
    });
    expect(isDeepStrictEqual(statementSchema.parse(nothing), nothing)).toBe(true);
  });
});
