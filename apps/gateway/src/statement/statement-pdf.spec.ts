import type { Statement, StatementLine } from '@freight/contracts';
import { pdfLayout, pdfText } from '@freight/server-testing';
import { COLUMNS, dayText, printable, statementPdf } from './statement-pdf.js';

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
      // Payment details beyond Latin-1 on every page.
      ...Array.from({ length: 120 }, (_, i) => line(i + 1, { details: 'Gotówka — €' })),
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
    const references = [...all.replace(/\s+/g, ' ').matchAll(/03\/02\/2026 Payment (\d+) Gotówka — € Rs\. 1\.00 Rs\. 999\.00/g)].map((m) => Number(m[1]));
    expect(references).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page.replace(/\s+/g, ' ')).toContain('Date Type Reference Details Debit Credit Balance');
    });
  });

  it('says when the period has no lines', async () => {
    const file = await statementPdf({ ...head, lineCount: 0 }, chunks([], 5));
    expect((await pdfText(new Uint8Array(file))).join('\n')).toContain('No invoices or payments in this period.');
  });

  it('prints names and details in Greek, Cyrillic, Polish, Turkish and Vietnamese, with € and —, as typed; the Title too', async () => {
    const name = 'Ελληνική Ναυτιλία — ООО Балтика';
    const details = ['Łódź Cargo Sp. z o.o.', 'Türkiye Şirket', 'Việt Nam', 'Fracht € 1.200 — Ελληνική', 'ООО Балтика'];
    const lines = [
      ...details.map((text, i) => line(i, { details: text })),
      // Typed as base letters and combining accents: printed as the composed letters.
      line(9, { details: 'Vie\u0323\u0302t Nam Sa\u0301 Cargo' }),
    ];
    const file = await statementPdf({ ...head, consignee: { _id: 'c1', consigneeName: name }, lineCount: lines.length }, chunks(lines, 4));
    const all = (await pdfText(new Uint8Array(file))).join('\n').replace(/\s+/g, ' ');
    expect(all).toContain(`Consignee: ${name}`);
    for (const text of details) expect(all).toContain(text);
    expect(all).toContain('Việt Nam Sá Cargo');
    expect(all).not.toContain('?');
    expect((await pdfLayout(new Uint8Array(file))).title).toBe(`Statement of Account: ${name}`);
  });

  it('shows "?" for what DejaVu Sans has no glyph for (CJK), not an empty box; the Title keeps the name', async () => {
    const name = '上海 Ocean Freight 株式会社';
    const file = await statementPdf(
      { ...head, consignee: { _id: 'c1', consigneeName: name }, lineCount: 1 },
      chunks([line(1, { details: '東京 — Tokyo' })], 4),
    );
    const all = (await pdfText(new Uint8Array(file))).join('\n').replace(/\s+/g, ' ');
    expect(all).toContain('Consignee: ?? Ocean Freight ????');
    expect(all).toContain('?? — Tokyo');
    expect(all).not.toMatch(/[上海株式会社東京]/);
    expect((await pdfLayout(new Uint8Array(file))).title).toBe(`Statement of Account: ${name}`);
  });

  it('keeps every cell inside its column and the page margins: the usual values on one line, longer ones wrapped in their cell', async () => {
    const long = 'Ελληνική Ναυτιλία — Łódź Cargo Sp. z o.o. — Türkiye Şirket — Việt Nam — € 1.200';
    const unbroken = 'Ш'.repeat(40);
    const lines: StatementLine[] = [
      { date: '2026-11-27', kind: 'brought forward', reference: '', details: '', debit: '', credit: '', balance: '-99999999.99' },
      line(1, { kind: 'invoice replaced', reference: 'IMP-000001', details: long, debit: '9999999.99', credit: '', balance: '99999999.99' }),
      line(2, { kind: 'credit deleted', reference: 'IMP-0000012345', details: unbroken, debit: '9999999.99', credit: '', balance: '-999999999999.99' }),
      ...Array.from({ length: 60 }, (_, i) => line(i + 3, { kind: 'credit edited', details: long, debit: '', credit: '9999999.99' })),
      { date: '2026-11-27', kind: 'carried forward', reference: '', details: '', debit: '', credit: '', balance: '-99999999.99' },
    ];
    const file = await statementPdf({ ...head, lineCount: lines.length }, chunks(lines, 10));
    const { pages } = await pdfLayout(new Uint8Array(file));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const MARGIN = 40;
    const lefts = COLUMNS.map((_, i) => MARGIN + COLUMNS.slice(0, i).reduce((sum, column) => sum + column.width, 0));
    const cells: string[] = [];
    for (const page of pages) {
      const header = page.runs.find((run) => run.str === 'Date')!;
      for (const run of page.runs) {
        expect(run.x).toBeGreaterThanOrEqual(MARGIN - 0.01);
        expect([run.str, run.x + run.width <= page.width - MARGIN + 0.01]).toEqual([run.str, true]);
        if (run.y > header.y + 0.01 || run.str.startsWith('Page ')) continue;
        // A cell's text keeps 2 points from each side of its column.
        const i = lefts.findLastIndex((left) => left <= run.x);
        const inside = run.x >= lefts[i]! + 2 - 0.01 && run.x + run.width <= lefts[i]! + COLUMNS[i]!.width - 2 + 0.01;
        expect({ text: run.str, column: COLUMNS[i]!.label, inside }).toEqual({ text: run.str, column: COLUMNS[i]!.label, inside: true });
        cells.push(run.str.trim());
      }
    }
    for (const text of ['27/11/2026', 'Brought forward', 'Carried forward', 'Invoice replaced', 'Payment deleted', 'Payment edited', 'IMP-000001'])
      expect(cells).toContain(text);
    for (const text of ['Rs. 9,999,999.99', 'Rs. 99,999,999.99', 'Rs. -99,999,999.99']) expect(cells).toContain(text);
    // Longer ones wrap, nothing of them lost.
    const all = cells.join('').replace(/\s+/g, '');
    expect(all).toContain(long.replace(/\s+/g, ''));
    expect(all).toContain(unbroken);
    expect(all).toContain('Rs.-999,999,999,999.99');
    expect(all).toContain('IMP-0000012345');
  });

  it('shows days as dd/mm/yyyy and "?" for a character without a glyph or a control character', () => {
    expect(dayText('2026-11-27')).toBe('27/11/2026');
    expect(printable('Café Ünal – 東京\u0007\n', (codePoint) => codePoint < 0x2e80)).toBe('Café Ünal – ????');
    // One "?" for a character outside the BMP (two UTF-16 units).
    expect(printable('a😀b', (codePoint) => codePoint < 0x10000)).toBe('a?b');
    expect(printable('Vie\u0323\u0302t', () => true)).toBe('Việt');
  });
});
