import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// Where PDF.js finds the standard fonts' metrics (pdfkit's Helvetica is one, not embedded).
const standardFontDataUrl = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/');

/** The text of each page of a PDF, as PDF.js reads it: the test's view of what a reader sees. */
export async function pdfText(data: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data, standardFontDataUrl, useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    // A text run per line of the table: items on one baseline joined, lines by newlines.
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
  }
  await pdf.destroy();
  return pages;
}
