import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import {
  STATEMENT_KIND_LABELS,
  StatementTexts,
  companyProfileFromEnv,
  formatMoney,
  type CompanyProfile,
  type Statement,
  type StatementLine,
} from '@freight/contracts';

/*
 * The statement of account as a PDF (ADR 37): A4, the consignee, the period and its figures on top,
 * then every line in a table (date, type, reference, details, debit, credit, running balance) that
 * goes on over as many pages as it needs, its header repeated on each, "Page n of m" at the foot.
 * All text is in DejaVu Sans (regular and bold), embedded and subset by pdfkit: a name or detail in
 * Greek, Cyrillic, Polish, Turkish, Vietnamese or with "€" prints as typed, where the built-in
 * Helvetica (Latin-1 only) printed "?". What DejaVu Sans has no glyph for (CJK) shows as "?" (see `printable`).
 */

const MARGIN = 40;
const ROW_HEIGHT = 15;
// DejaVu Sans is wider than Helvetica: 8 pt reads like Helvetica at 8.5 and the columns below fit it.
const FONT_SIZE = 8;

// Read once per process; pdfkit embeds only the glyphs a statement uses.
const fontFile = (name: string) => readFileSync(createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`));
const FONTS = { regular: fontFile('DejaVuSans.ttf'), bold: fontFile('DejaVuSans-Bold.ttf') };
const REGULAR = 'DejaVuSans';
const BOLD = 'DejaVuSans-Bold';

interface Column {
  label: string;
  width: number;
  align: 'left' | 'right';
  text: (line: StatementLine) => string;
}

/** `2026-11-27` → `27/11/2026` (requirements decisions §1). */
export function dayText(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

const money = (amount: string) => (amount === '' ? '' : formatMoney(amount));

// 515 points between the margins of an A4 page. On one line at 8 pt: a date and "Brought forward" in
// bold, "IMP-000001", a debit or credit up to Rs. 9,999,999.99, a bold balance up to Rs. -99,999,999.99;
// anything longer wraps inside its cell and the row grows.
export const COLUMNS: readonly Column[] = [
  { label: 'Date', width: 55, align: 'left', text: (line) => dayText(line.date) },
  { label: 'Type', width: 79, align: 'left', text: (line) => STATEMENT_KIND_LABELS[line.kind] },
  { label: 'Reference', width: 54, align: 'left', text: (line) => line.reference },
  { label: 'Details', width: 92, align: 'left', text: (line) => line.details },
  { label: 'Debit', width: 73, align: 'right', text: (line) => money(line.debit) },
  { label: 'Credit', width: 73, align: 'right', text: (line) => money(line.credit) },
  { label: 'Balance', width: 89, align: 'right', text: (line) => formatMoney(line.balance) },
];

/**
 * The text as it can be printed: a character the font has no glyph for (`hasGlyph`; CJK in DejaVu
 * Sans) would show as an empty box, and a control character must not reach the page (the server's
 * validation refuses them already), so either shows as "?". Composed first (NFC), so a letter typed
 * as base + accent prints as the font's single glyph.
 */
export function printable(text: string, hasGlyph: (codePoint: number) => boolean): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const codePoint = char.codePointAt(0)!;
    out += /\p{Cc}/u.test(char) || !hasGlyph(codePoint) ? '?' : char;
  }
  return out;
}

/** pdfkit's current font is a fontkit font underneath; its types do not say so. */
interface PdfkitFonts {
  _font: { font: { hasGlyphForCodePoint(codePoint: number): boolean } };
}

/** The company's name, address, phone and e-mail above the title (docs/adr/0044-company-profile.md). */
function drawCompanyHeader(doc: PDFKit.PDFDocument, company: CompanyProfile, shown: (value: string) => string, bold: string, regular: string): void {
  doc.font(bold).fontSize(12).text(shown(company.name), MARGIN, MARGIN);
  doc.font(regular).fontSize(9).text(shown(company.address));
  doc.text(shown(`Phone: ${company.phone} · E-mail: ${company.email}`));
  doc.moveDown(0.8);
}

/**
 * Draws a statement: `head` for the figures (a statement call of one line), `pages` for every line
 * in order, the balance brought forward first and the balance carried forward last (the CSV
 * export's chunks), under the company's details (the configured profile; the development one by
 * default). Resolves with the whole file.
 */
export async function statementPdf(
  head: Statement,
  pages: AsyncIterable<StatementLine[]>,
  now = new Date(),
  company: CompanyProfile = companyProfileFromEnv({}),
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    // pdfkit writes a non-ASCII Title as UTF-16, so the name is kept as it is (control characters aside).
    info: { Title: `${StatementTexts.title}: ${head.consignee.consigneeName.replace(/\p{Cc}/gu, '?')}`, Author: 'Freight platform', CreationDate: now },
  });
  doc.registerFont(REGULAR, FONTS.regular);
  doc.registerFont(BOLD, FONTS.bold);
  // The fallback asks the embedded fonts themselves (their cmap), in both weights: a line prints the same bold or not.
  // pdfkit's loaded font (`_font`) is not in its type declarations (PdfkitFonts names the one call used).
  const glyphs = [REGULAR, BOLD].map((name) => (doc.font(name) as unknown as PdfkitFonts)._font.font);
  const shown = (value: string) => printable(value, (codePoint) => glyphs.every((font) => font.hasGlyphForCodePoint(codePoint)));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const right = doc.page.width - MARGIN;
  const width = right - MARGIN;
  drawCompanyHeader(doc, company, shown, BOLD, REGULAR);
  doc.font(BOLD).fontSize(16).text(StatementTexts.title);
  doc.font(REGULAR).fontSize(10).moveDown(0.3);
  doc.text(`Consignee: ${shown(head.consignee.consigneeName)}`);
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
    doc.font(REGULAR).text(label, MARGIN, y, { width: 150 });
    doc.font(BOLD).text(value, MARGIN + 150, y, { width: 150, align: 'right' });
  }
  doc.moveDown(1);

  let y = doc.y;
  const headerRow = () => {
    doc.font(BOLD).fontSize(FONT_SIZE);
    row(COLUMNS.map((column) => column.label));
    doc
      .moveTo(MARGIN, y - 3)
      .lineTo(right, y - 3)
      .lineWidth(0.5)
      .stroke();
    doc.font(REGULAR);
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
      const font = edge ? BOLD : REGULAR;
      doc.font(font);
      row(
        COLUMNS.map((column) => shown(column.text(line))),
        () => {
          headerRow();
          doc.font(font);
        },
      );
    }
  }
  if (head.lineCount === 0) {
    doc.font(REGULAR).text(StatementTexts.noLines, MARGIN, y + 4, { width });
  }

  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin pdfkit would start a new page for the footer.
    doc.page.margins.bottom = 0;
    doc
      .font(REGULAR)
      .fontSize(8)
      .text(`Page ${i - start + 1} of ${count}`, MARGIN, doc.page.height - MARGIN - 10, { width, align: 'center', lineBreak: false });
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
