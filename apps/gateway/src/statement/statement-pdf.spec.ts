import type { Statement, StatementLine } from '@freight/contracts';
import { pdfText } from '@freight/server-testing';
import { dayText, printable, statementPdf } from './statement-pdf.js';

const head: Statement = {
  success: true,
  consignee: { _id: 'c1', consigneeName: 'Acme Traders (Pvt) Ltd' },
  from: '2026-01-01',
  to: '2026-12-31',
  openingBalance: '1000.00',
  totalDebit: '1234567.50',
  totalCredit: '120.00',
  closingBalance: '1235447.50',
  lineCount: 121,
  lines: [],
};

const line = (n: number, extra: Partial<StatementLine> = {}): StatementLine => ({
  date: '2026-02-03',
  kind: 'credit',
  reference: String(n),
  details: 'Cash',
  debit: '',
  credit: '1.00',
  balance: '999.00',
  ...extra,
});

async function* chunks(lines: StatementLine[], size: number): AsyncGenerator<StatementLine[]> {
  for (let i = 0; i < lines.length; i += size) yield lines.slice(i, i + size);
}

describe('the statement PDF', () => {
  it('has the title, consignee, period, figures, and every line over as many pages as it needs, each numbered', async () => {
    const lines = [
      { date: '2026-01-01', kind: 'brought forward', reference: '', details: '', debit: '', credit: '', balance: '1000.00' } as StatementLine,
      line(0, { kind: 'invoice', reference: 'IMP-000001', details: 'Invoice INV-1', debit: '1234567.50', credit: '', balance: '1235567.50' }),
      ...Array.from({ length: 120 }, (_, i) => line(i + 1)),
      { date: '2026-12-31', kind: 'carried forward', reference: '', details: '', debit: '', credit: '', balance: '1235447.50' } as StatementLine,
    ];
    const file = await statementPdf(head, chunks(lines, 7), new Date('2026-11-27T10:00:00Z'));
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfText(new Uint8Array(file));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const all = pages.join('\n').replace(/[ ]+/g, ' ');
    for (const text of [
      'Statement of Account',
      'Consignee: Acme Traders (Pvt) Ltd',
      'Period: 01/01/2026 to 31/12/2026',
      'Printed: 27/11/2026',
      'Total debit Rs. 1,234,567.50',
      'Total credit Rs. 120.00',
      'Rs. 1,235,447.50',
      'Brought forward',
      'Carried forward',
      'IMP-000001',
      'Invoice INV-1',
    ])
      expect(all).toContain(text);
    // Every line is there once, in order.
    const references = [...all.replace(/\s+/g, ' ').matchAll(/03\/02\/2026 Payment (\d+) Cash Rs\. 1\.00 Rs\. 999\.00/g)].map((m) => Number(m[1]));
    expect(references).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page).toContain('Balance');
    });
  });

  it('says when the period has no lines', async () => {
    const file = await statementPdf({ ...head, lineCount: 0 }, chunks([], 5));
    expect((await pdfText(new Uint8Array(file))).join('\n')).toContain('No invoices or payments in this period.');
  });

  it('shows days as dd/mm/yyyy and keeps to what Helvetica can print', () => {
    expect(dayText('2026-11-27')).toBe('27/11/2026');
    expect(printable('Café Ünal – 東京')).toBe('Café Ünal ? ??');
  });
});
