import PDFDocument from 'pdfkit';
import { STATEMENT_KIND_LABELS, StatementTexts, formatMoney, type Statement, type StatementLine } from '@freight/contracts';

/*
 * The statement of account as a PDF (ADR 37): A4, the consignee, the period and its figures on top,
 * then every line in a table (date, type, reference, details, debit, credit, running balance) that
 * goes on over as many pages as it needs, its header repeated on each, "Page n of m" at the foot.
 * pdfkit's built-in Helvetica: no font file to ship; it covers Latin-1 (see `printable`).
 */

const MARGIN = 40;
const ROW_HEIGHT = 15;
const FONT_SIZE = 8.5;

interface Column {
  label: string;
  width: number;
  align: 'left' | 'right';
  text: (line: StatementLine) => string;
}

/** `2026-11-27` → `27/11/2026` (DECISIONS §1). */
export function dayText(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

const money = (amount: string) => (amount === '' ? '' : formatMoney(amount));

// 515 points between the margins of an A4 page.
const COLUMNS: readonly Column[] = [
  { label: 'Date', width: 50, align: 'left', text: (line) => dayText(line.date) },
  { label: 'Type', width: 72, align: 'left', text: (line) => STATEMENT_KIND_LABELS[line.kind] },
  { label: 'Reference', width: 56, align: 'left', text: (line) => line.reference },
  { label: 'Details', width: 111, align: 'left', text: (line) => line.details },
  { label: 'Debit', width: 72, align: 'right', text: (line) => money(line.debit) },
  { label: 'Credit', width: 72, align: 'right', text: (line) => money(line.credit) },
  { label: 'Balance', width: 82, align: 'right', text: (line) => formatMoney(line.balance) },
];

/** Helvetica's encoding is Latin-1 (WinAnsi): a character beyond it would print as garbage, so it shows as "?". */
export function printable(text: string): string {
  return text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

/**
 * Draws a statement: `head` for the figures (a statement call of one line), `pages` for every line
 * in order, the balance brought forward first and the balance carried forward last (the CSV
 * export's chunks). Resolves with the whole file.
 */
export async function statementPdf(head: Statement, pages: AsyncIterable<StatementLine[]>, now = new Date()): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${StatementTexts.title}: ${printable(head.consignee.consigneeName)}`, Author: 'Freight platform', CreationDate: now },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const right = doc.page.width - MARGIN;
  const width = right - MARGIN;
  doc.font('Helvetica-Bold').fontSize(16).text(StatementTexts.title, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
  doc.text(`Consignee: ${printable(head.consignee.consigneeName)}`);
  doc.text(`Period: ${dayText(head.from)} to ${dayText(head.to)}`);
  doc.text(`Printed: ${dayText(now.toISOString().slice(0, 10))}`);
  doc.moveDown(0.6);

  const figures: [string, string][] = [
    ['Opening balance', formatMoney(head.openingBalance)],
    ['Total debit', formatMoney(head.totalDebit)],
    ['Total credit', formatMoney(head.totalCredit)],
    ['Closing balance', formatMoney(head.closingBalance)],
  ];
  for (const [label, value] of figures) {
    const y = doc.y;
    doc.font('Helvetica').text(label, MARGIN, y, { width: 150 });
    doc.font('Helvetica-Bold').text(value, MARGIN + 150, y, { width: 150, align: 'right' });
  }
  doc.moveDown(1);

  let y = doc.y;
  const headerRow = () => {
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
    row(COLUMNS.map((column) => column.label));
    doc
      .moveTo(MARGIN, y - 3)
      .lineTo(right, y - 3)
      .lineWidth(0.5)
      .stroke();
    doc.font('Helvetica');
  };
  /** A row as tall as its tallest cell (a long detail wraps), on the next page when it does not fit on this one. */
  const row = (cells: string[], onNewPage?: () => void) => {
    const height = Math.max(ROW_HEIGHT, ...COLUMNS.map((column, i) => doc.heightOfString(cells[i]!, { width: column.width - 4 }) + 5));
    if (onNewPage && y + height > doc.page.height - MARGIN - 20) {
      doc.addPage();
      y = MARGIN;
      onNewPage();
    }
    let x = MARGIN;
    COLUMNS.forEach((column, i) => {
      doc.text(cells[i]!, x + 2, y, { width: column.width - 4, align: column.align });
      x += column.width;
    });
    y += height;
  };
  headerRow();
  for await (const lines of pages) {
    for (const line of lines) {
      const edge = line.kind === 'brought forward' || line.kind === 'carried forward';
      const font = edge ? 'Helvetica-Bold' : 'Helvetica';
      doc.font(font);
      row(
        COLUMNS.map((column) => printable(column.text(line))),
        () => {
          headerRow();
          doc.font(font);
        },
      );
    }
  }
  if (head.lineCount === 0) {
    doc.font('Helvetica-Oblique').text(StatementTexts.noLines, MARGIN, y + 4, { width });
  }

  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin pdfkit would start a new page for the footer.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(`Page ${i - start + 1} of ${count}`, MARGIN, doc.page.height - MARGIN - 10, { width, align: 'center', lineBreak: false });
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
