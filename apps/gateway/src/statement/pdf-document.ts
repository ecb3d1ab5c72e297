import { deflateSync } from 'node:zlib';
import { utf16Hex, type PdfFont, type Word } from './pdf-font.js';

/** A4 in points. */
export const A4 = { width: 595.28, height: 841.89 } as const;

/** What the file's Info dictionary says. */
export interface PdfInfo {
  title: string;
  author: string;
  created: Date;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
/** A PDF text string: ASCII as it is (escaped), anything else as UTF-16BE with its byte order mark. */
const pdfString = (text: string) => (/^[\x20-\x7e]*$/.test(text) ? `(${text.replace(/[\\()]/g, '\\$&')})` : `<feff${utf16Hex(text)}>`);
/** `D:20261127100000Z` */
const pdfDate = (date: Date) => `D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

/**
 * A PDF written directly (docs/adr/0062-statement-pdfs-drawn-directly.md): pages of text lines and
 * rules in pdfkit's coordinates (points from the top left; a line of text placed by the top of its
 * line box), each page's content one deflated stream, every font embedded as a subset (Type0,
 * Identity-H, the content naming the whole font's glyph ids, a CIDToGIDMap to the subset's), Info
 * with the title, author and creation date. Each text line is one text object placed by its text
 * matrix, as pdfkit drew them.
 */
export class PdfDocument {
  private readonly pages: string[][] = [];
  private page: string[] = [];
  /** The page's text object is open, and the font and size it has. */
  private inText = false;
  private textFont?: PdfFont;
  private textSize = 0;
  /** Per font: the glyphs this document drew, by glyph id. */
  private readonly used: Map<PdfFont, Uint8Array>;

  constructor(
    private readonly fonts: readonly PdfFont[],
    private readonly info: PdfInfo,
  ) {
    this.used = new Map(fonts.map((font) => [font, new Uint8Array(font.numGlyphs)]));
  }

  get pageCount(): number {
    return this.pages.length;
  }

  addPage(): void {
    this.endText();
    this.page = [];
    this.pages.push(this.page);
  }

  /** Goes back to page `index` (0 first) to draw more on it (the "Page n of m" footers). */
  switchToPage(index: number): void {
    this.endText();
    this.page = this.pages[index]!;
  }

  /** A line of text: `words` (PdfFont.wordsOf) at `size` points, its left edge at `x`, the top of its line box at `y`. */
  line(font: PdfFont, size: number, words: readonly Word[], x: number, y: number): void {
    if (!words.length) return;
    if (!this.inText) {
      this.page.push('BT\n');
      this.inText = true;
      this.textFont = undefined;
    }
    if (font !== this.textFont || size !== this.textSize) {
      this.page.push(`/F${this.fonts.indexOf(font) + 1} ${size} Tf\n`);
      this.textFont = font;
      this.textSize = size;
    }
    const baseline = A4.height - y - (font.ascender * size) / 1000;
    let tj = '';
    const used = this.used.get(font)!;
    for (const word of words) {
      tj += word.tj;
      for (const id of word.glyphs) used[id] = 1;
    }
    this.page.push(`1 0 0 1 ${round2(x)} ${round2(baseline)} Tm [${tj}] TJ\n`);
  }

  /** A horizontal rule `width` points thick from `x1` to `x2` at `y` from the top. */
  rule(x1: number, x2: number, y: number, width: number): void {
    this.endText();
    const at = round2(A4.height - y);
    this.page.push(`${width} w ${round2(x1)} ${at} m ${round2(x2)} ${at} l S\n`);
  }

  private endText(): void {
    if (this.inText) this.page.push('ET\n');
    this.inText = false;
  }

  /** The whole file. */
  end(): Buffer {
    this.endText();
    const objects: (string | [string, Buffer])[] = [];
    /** Reserves an object number (its place in `objects`, from 1); `set` gives it its content. */
    const ref = () => objects.push('');
    const set = (n: number, body: string | [string, Buffer]) => (objects[n - 1] = body);
    const stream = (dictionary: string, data: Buffer): [string, Buffer] => [`<< ${dictionary} /Length ${data.length} >>`, data];

    const catalog = ref();
    const pageTree = ref();
    const info = ref();
    const fontRefs = this.fonts.map((font) => {
      const embedding = font.embed(this.used.get(font)!);
      const [type0, cidFont, descriptor, program, glyphMap, toUnicode] = [ref(), ref(), ref(), ref(), ref(), ref()];
      set(program, stream('/Filter /FlateDecode', embedding.program));
      set(glyphMap, stream('/Filter /FlateDecode', embedding.glyphMap));
      set(toUnicode, stream('/Filter /FlateDecode', embedding.toUnicode));
      set(descriptor, `<< /Type /FontDescriptor /FontName /${embedding.name} ${font.descriptor()} /FontFile2 ${program} 0 R >>`);
      set(
        cidFont,
        `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /${embedding.name} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${descriptor} 0 R /W [${embedding.widths}] /CIDToGIDMap ${glyphMap} 0 R >>`,
      );
      set(
        type0,
        `<< /Type /Font /Subtype /Type0 /BaseFont /${embedding.name} /Encoding /Identity-H /DescendantFonts [${cidFont} 0 R] /ToUnicode ${toUnicode} 0 R >>`,
      );
      return type0;
    });
    const fontResources = fontRefs.map((n, i) => `/F${i + 1} ${n} 0 R`).join(' ');
    const pageRefs = this.pages.map((content) => {
      const [page, contents] = [ref(), ref()];
      // Level 1: a statement's content deflates 2–3 times faster than at the default 6, for a file a few per cent larger.
      set(contents, stream('/Filter /FlateDecode', deflateSync(Buffer.from(content.join(''), 'latin1'), { level: 1 })));
      set(
        page,
        `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Contents ${contents} 0 R /Resources << /ProcSet [/PDF /Text] /Font << ${fontResources} >> >> >>`,
      );
      return page;
    });
    set(catalog, `<< /Type /Catalog /Pages ${pageTree} 0 R >>`);
    set(pageTree, `<< /Type /Pages /Kids [${pageRefs.map((n) => `${n} 0 R`).join(' ')}] /Count ${pageRefs.length} >>`);
    set(info, `<< /Title ${pdfString(this.info.title)} /Author ${pdfString(this.info.author)} /CreationDate (${pdfDate(this.info.created)}) >>`);

    // The header (a comment of bytes over 127 marks the file binary), the objects, their offsets, the trailer.
    const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xff\xff\xff\xff\n', 'latin1')];
    let offset = parts[0]!.length;
    const offsets: number[] = [];
    const add = (part: Buffer) => {
      parts.push(part);
      offset += part.length;
    };
    objects.forEach((body, i) => {
      offsets.push(offset);
      if (typeof body === 'string') return add(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1'));
      add(Buffer.from(`${i + 1} 0 obj\n${body[0]}\nstream\n`, 'latin1'));
      add(body[1]);
      add(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    });
    const xref = offset;
    const entries = offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
    add(
      Buffer.from(
        `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
        'latin1',
      ),
    );
    // Memory of its own (not Node's shared pool), so a worker can hand it over without a copy.
    const file = Buffer.from(new ArrayBuffer(offset));
    let at = 0;
    for (const part of parts) {
      file.set(part, at);
      at += part.length;
    }
    return file;
  }
}
