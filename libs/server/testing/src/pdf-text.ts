import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// Where PDF.js finds the metrics of the standard fonts (Helvetica and kin), for a PDF that uses one
// without embedding it; the statement PDF embeds its own (DejaVu Sans) and does not need them.
const standardFontDataUrl = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');

const open = (data: Uint8Array) => getDocument({ data, standardFontDataUrl, useSystemFonts: false }).promise;

/** The text of each page of a PDF, as PDF.js reads it: the test's view of what a reader sees. */
export async function pdfText(data: Uint8Array): Promise<string[]> {
  const pdf = await open(data);
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    // A text run per line of the table: items on one baseline joined, lines by newlines.
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
  }
  await pdf.destroy();
  return pages;
}

/** A run of text as drawn (one show-text operation): its left edge, baseline (from the page's bottom) and width, in points. */
export interface PdfTextRun {
  str: string;
  x: number;
  y: number;
  width: number;
}

type Glyph = number | { unicode: string; width: number };

/**
 * Where each run of text sits on each page, and the document's Title: for checks of layout and
 * metadata. Read from the drawing operations, not from `getTextContent`, which joins runs that
 * share a baseline (the cells of a table row) into one item. Fits pdfkit's output: one run a text
 * object, placed by its text matrix.
 */
export async function pdfLayout(data: Uint8Array): Promise<{ title: string; pages: { width: number; height: number; runs: PdfTextRun[] }[] }> {
  const pdf = await open(data);
  const { info } = (await pdf.getMetadata()) as { info: { Title?: string } };
  const pages = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const [, , width, height] = page.view as [number, number, number, number];
    const { fnArray, argsArray } = await page.getOperatorList();
    const runs: PdfTextRun[] = [];
    let size = 0;
    let at: ArrayLike<number> = [1, 0, 0, 1, 0, 0];
    fnArray.forEach((fn, i) => {
      const args = argsArray[i] as unknown[];
      if (fn === OPS.setFont) size = args[1] as number;
      else if (fn === OPS.setTextMatrix) at = args[0] as ArrayLike<number>;
      else if (fn === OPS.showText) {
        const glyphs = [...(args[0] as Glyph[])];
        // The space a line wrapped at stays at its end, past the edge a right-aligned line ends on: not ink, not counted.
        while (glyphs.length && (typeof glyphs.at(-1) === 'number' || (glyphs.at(-1) as { unicode: string }).unicode === ' ')) glyphs.pop();
        const str = glyphs.map((glyph) => (typeof glyph === 'number' ? '' : glyph.unicode)).join('');
        // Widths and TJ adjustments are in thousandths of the font size; an adjustment moves back.
        const advance = glyphs.reduce<number>((sum, glyph) => sum + (typeof glyph === 'number' ? -glyph : glyph.width), 0);
        if (str.trim() !== '') runs.push({ str, x: at[4]!, y: at[5]!, width: (advance * size) / 1000 });
      }
    });
    pages.push({ width, height, runs });
  }
  await pdf.destroy();
  return { title: info.Title ?? '', pages };
}
