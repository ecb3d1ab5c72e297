import {
  STATEMENT_KIND_LABELS,
  StatementTexts,
  companyProfileFromEnv,
  formatMoney,
  type CompanyProfile,
  type Statement,
  type StatementLine,
} from '@freight/contracts';
import { A4, PdfDocument } from './pdf-document.js';
import { PdfFont, type Word } from './pdf-font.js';

/*
 * The statement of account as a PDF (ADR 37): A4, the consignee, the period and its figures on top,
 * then every line in a table (date, type, reference, details, debit, credit, running balance) that
 * goes on over as many pages as it needs, its header repeated on each, "Page n of m" at the foot.
 * All text is in DejaVu Sans (regular and bold), embedded as subsets: a name or detail in
 * Greek, Cyrillic, Polish, Turkish, Vietnamese or with "€" prints as typed, where the built-in
 * Helvetica (Latin-1 only) printed "?". What DejaVu Sans has no glyph for (CJK) shows as "?" (see `printable`).
 * Drawn directly (PdfDocument) with pdfkit's layout, which it was drawn with until
 * docs/adr/0062-statement-pdfs-drawn-directly.md: the same places, fonts, sizes and wrapping.
 */

const MARGIN = 40;
const ROW_HEIGHT = 15;
// DejaVu Sans is wider than Helvetica: 8 pt reads like Helvetica at 8.5 and the columns below fit it.
const FONT_SIZE = 8;

// Read once per process (a worker thread), with what they lay out kept for the next statements.
const REGULAR = new PdfFont('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = new PdfFont('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

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

/**
 * Draws a statement: `head` for the figures (a statement call of one line), `pages` for every line
 * in order, the balance brought forward first and the balance carried forward last (the CSV
 * export's chunks), under the company's details (the configured profile; the development one by
 * default). Resolves with the whole file.
 */
export async function statementPdf(
  head: Statement,
  pages: AsyncIterable<StatementLine[]> | Iterable<StatementLine[]>,
  now = new Date(),
  company: CompanyProfile = companyProfileFromEnv({}),
): Promise<Buffer> {
  const doc = new PdfDocument([REGULAR, BOLD], {
    // The Title keeps the name as it is (control characters aside): a PDF string holds any character.
    title: `${StatementTexts.title}: ${head.consignee.consigneeName.replace(/\p{Cc}/gu, '?')}`,
    author: 'Freight platform',
    created: now,
  });
  // The fallback asks the embedded fonts themselves (their cmap), in both weights: a line prints the same bold or not.
  // Printable ASCII, most of a statement, is in both as it is.
  const hasGlyph = (codePoint: number) => REGULAR.hasGlyph(codePoint) && BOLD.hasGlyph(codePoint);
  const shown = (value: string) => (/^[\x20-\x7e]*$/.test(value) ? value : printable(value, hasGlyph));
  const right = A4.width - MARGIN;
  const width = right - MARGIN;
  doc.addPage();
  let y = MARGIN;
  let font = REGULAR;
  let size = 12;
  /**
   * `text` in `font` at `size` from `y` down, wrapped to `width` at `x` and aligned in it (pdfkit's
   * `text(…, x, y, { width, align })`); answers the next line's top, as pdfkit moved its `y`.
   */
  const text = (value: string, x: number, top: number, box = width, align: 'left' | 'right' | 'center' = 'left') => {
    const height = font.lineHeight(size);
    for (const line of wrap(font, size, value, box)) {
      const free = box - line.width;
      doc.line(font, size, line.words, x + (align === 'right' ? free : align === 'center' ? free / 2 : 0), top);
      top += height;
    }
    return top;
  };
  const moveDown = (lines: number) => (y += font.lineHeight(size) * lines);
  const set = (next: PdfFont, nextSize = size) => {
    font = next;
    size = nextSize;
  };

  // The company's name, address, phone and e-mail above the title (docs/adr/0044-company-profile.md).
  set(BOLD, 12);
  y = text(shown(company.name), MARGIN, y);
  set(REGULAR, 9);
  y = text(shown(company.address), MARGIN, y);
  y = text(shown(`Phone: ${company.phone} · E-mail: ${company.email}`), MARGIN, y);
  moveDown(0.8);
  set(BOLD, 16);
  y = text(StatementTexts.title, MARGIN, y);
  set(REGULAR, 10);
  moveDown(0.3);
  y = text(`Consignee: ${shown(head.consignee.consigneeName)}`, MARGIN, y);
  y = text(`Period: ${dayText(head.from)} to ${dayText(head.to)}`, MARGIN, y);
  y = text(`Printed: ${dayText(now.toISOString().slice(0, 10))}`, MARGIN, y);
  moveDown(0.6);

  const figures: [string, string][] = [
    ['Opening balance', formatMoney(head.openingBalance)],
    ['Total debit', formatMoney(head.totalDebit)],
    ['Total credit', formatMoney(head.totalCredit)],
    ['Closing balance', formatMoney(head.closingBalance)],
  ];
  for (const [label, value] of figures) {
    set(REGULAR);
    text(label, MARGIN, y, 150);
    set(BOLD);
    y = text(value, MARGIN + 150, y, 150, 'right');
  }
  moveDown(1);

  set(BOLD, FONT_SIZE);
  const headerRow = () => {
    const rowFont = font;
    set(BOLD);
    row(COLUMNS.map((column) => column.label));
    doc.rule(MARGIN, right, y - 3, 0.5);
    set(rowFont);
  };
  /** A row as tall as its tallest cell (a long detail wraps), on the next page when it does not fit on this one. */
  const row = (cells: string[], onNewPage?: () => void) => {
    const lines = COLUMNS.map((column, i) => wrap(font, size, cells[i]!, column.width - 4));
    const height = Math.max(ROW_HEIGHT, ...lines.map((cell) => cell.length * font.lineHeight(size) + 5));
    if (onNewPage && y + height > A4.height - MARGIN - 20) {
      doc.addPage();
      y = MARGIN;
      onNewPage();
    }
    let x = MARGIN;
    COLUMNS.forEach((column, i) => {
      let top = y;
      for (const line of lines[i]!) {
        doc.line(font, size, line.words, x + 2 + (column.align === 'right' ? column.width - 4 - line.width : 0), top);
        top += font.lineHeight(size);
      }
      x += column.width;
    });
    y += height;
  };
  headerRow();
  set(REGULAR);
  for await (const lines of pages) {
    for (const line of lines) {
      const edge = line.kind === 'brought forward' || line.kind === 'carried forward';
      set(edge ? BOLD : REGULAR);
      row(
        COLUMNS.map((column) => shown(column.text(line))),
        headerRow,
      );
    }
  }
  if (head.lineCount === 0) {
    set(REGULAR);
    text(StatementTexts.noLines, MARGIN, y + 4);
  }

  const count = doc.pageCount;
  set(REGULAR, 8);
  for (let i = 0; i < count; i++) {
    doc.switchToPage(i);
    text(`Page ${i + 1} of ${count}`, MARGIN, A4.height - MARGIN - 10, width, 'center');
  }
  return doc.end();
}

/** A wrapped line: its words and its width in points (its trailing spaces not counted). */
interface Line {
  words: Word[];
  width: number;
}

/**
 * `text` in lines of at most `width` points at `size`, as pdfkit wrapped it: after spaces, a word
 * longer than a line broken where it reaches the edge.
 */
function wrap(font: PdfFont, size: number, text: string, width: number): Line[] {
  const words = font.wordsOf(text);
  const scale = size / 1000;
  const whole = words.reduce((sum, word) => sum + word.width, 0) * scale;
  if (whole <= width) {
    const trimmed = text.trimEnd();
    return text ? [{ words, width: trimmed === text ? whole : font.widthOf(trimmed, size) }] : [];
  }
  const lines: Line[] = [];
  let line: string[] = [];
  let used = 0;
  const flush = () => {
    const value = line.join('');
    if (value) lines.push({ words: font.wordsOf(value), width: font.widthOf(value.trimEnd(), size) });
    line = [];
    used = 0;
  };
  for (const piece of text.match(/[^ ]* */g) ?? []) {
    let word = piece;
    let wide = font.widthOf(word, size);
    if (used + wide > width) flush();
    // Longer than a line: as much of it as fits on each.
    while (wide > width) {
      const chars = Array.from(word);
      let fits = 1;
      while (fits < chars.length && font.widthOf(chars.slice(0, fits + 1).join(''), size) <= width) fits++;
      line.push(chars.slice(0, fits).join(''));
      flush();
      word = chars.slice(fits).join('');
      wide = font.widthOf(word, size);
    }
    if (word) {
      line.push(word);
      used += wide;
    }
  }
  flush();
  return lines;
}
