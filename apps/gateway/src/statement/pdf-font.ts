import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import { create, type Font } from 'fontkit';

/** A word as drawn: its glyphs as a TJ operand's elements (strings of two-byte glyph ids, kerning in thousandths of the size), its width in thousandths of the size. */
export interface Word {
  tj: string;
  width: number;
  glyphs: readonly number[];
}

/** A font's PDF objects for the glyphs a document used (besides the usual ones every document gets). */
export interface Embedding {
  /** The subset's name, `ABCDEF+DejaVuSans`: a tag of its glyphs, so two subsets have two names. */
  name: string;
  /** The subset font program (TrueType), deflated. */
  program: Buffer;
  /** The subset's glyph for each glyph id of the whole font that the text shows (CIDToGIDMap), deflated. */
  glyphMap: Buffer;
  /** Glyph id → width in thousandths (the W array). */
  widths: string;
  /** Glyph id → the text it shows (the ToUnicode CMap), deflated. */
  toUnicode: Buffer;
}

/** Letters, digits and punctuation of the Latin script and those all scripts share: laid out glyph by glyph, kerned by pairs (see `word`). */
const PAIRWISE = /^[\p{Script=Latin}\p{Script=Common}]*$/u;
/** What every document's subset holds, used or not: printable ASCII and the statement's own marks, so most documents share one (cached) subset. */
const USUAL = ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~€—–·';
/** Bounds of the per-process caches (entries): past one, it starts again empty. */
const WORDS_KEPT = 20_000;
const PAIRS_KEPT = 100_000;
const EMBEDDINGS_KEPT = 64;

const hex4 = (n: number) => n.toString(16).padStart(4, '0');
/** Each byte as it stands in a PDF literal string (one character a byte: the content is written as Latin-1): the parentheses, the backslash and a carriage return (read as a line feed) escaped. */
const ESCAPED = Array.from({ length: 256 }, (_, byte) =>
  byte === 0x0d ? '\\r' : [0x28, 0x29, 0x5c].includes(byte) ? `\\${String.fromCharCode(byte)}` : String.fromCharCode(byte),
);
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A TrueType font read once per process (a worker thread of StatementPdfDrawer): its metrics, the
 * glyphs and widths of text, and its embedding for a document's glyphs. Text is laid out word by
 * word (a word ends after its spaces), with the font's default features, as pdfkit did: a word of
 * Latin and common characters glyph by glyph with the pair kerning fontkit gives each pair (the
 * same glyphs and advances as fontkit's whole-word layout, checked on 600,000 random words of DejaVu
 * Sans), any other word (Greek, Cyrillic, a ligature such as "fi", combining marks) by fontkit whole.
 * What it computes is kept for the next documents: glyphs and pairs, words, subsets.
 */
export class PdfFont {
  private readonly font: Font;
  /** Thousandths of the size per font unit. */
  private readonly scale: number;
  readonly ascender: number;
  readonly descender: number;
  private readonly lineGap: number;
  private readonly has = new Map<number, boolean>();
  private readonly glyphs = new Map<number, { id: number; advance: number }>();
  private readonly pairs = new Map<number, number | null>();
  private readonly words = new Map<string, Word>();
  /** Glyph id → the code points it shows, for ToUnicode: the first text it was seen for. */
  private readonly shows = new Map<number, number[]>();
  private readonly embeddings = new Map<string, Embedding>();
  private readonly usual: number[];

  constructor(file: string) {
    const font = create(readFileSync(createRequire(import.meta.url).resolve(file)));
    if (!('layout' in font)) throw new Error(`${file} is a font collection`);
    this.font = font;
    this.scale = 1000 / font.unitsPerEm;
    this.ascender = font.ascent * this.scale;
    this.descender = font.descent * this.scale;
    this.lineGap = font.lineGap * this.scale;
    this.usual = [...USUAL].map((char) => this.glyph(char.codePointAt(0)!).id);
  }

  get numGlyphs(): number {
    return this.font.numGlyphs;
  }

  hasGlyph(codePoint: number): boolean {
    let has = this.has.get(codePoint);
    if (has === undefined) this.has.set(codePoint, (has = this.font.hasGlyphForCodePoint(codePoint)));
    return has;
  }

  /** A line's height at `size` points, its gap included (pdfkit's `currentLineHeight(true)`). */
  lineHeight(size: number): number {
    return ((this.ascender + this.lineGap - this.descender) * size) / 1000;
  }

  /** `text`'s words as drawn (see the class). */
  wordsOf(text: string): Word[] {
    const words: Word[] = [];
    let start = 0;
    while (start < text.length) {
      let end = text.indexOf(' ', start);
      if (end < 0) end = text.length;
      while (text.charCodeAt(end) === 32) end++;
      words.push(this.word(text.slice(start, end)));
      start = end;
    }
    return words;
  }

  /** `text`'s width at `size` points. */
  widthOf(text: string, size: number): number {
    return (this.wordsOf(text).reduce((sum, word) => sum + word.width, 0) * size) / 1000;
  }

  private word(text: string): Word {
    let word = this.words.get(text);
    if (!word) {
      word = (PAIRWISE.test(text) && this.pairwise(text)) || this.shaped(text);
      if (this.words.size >= WORDS_KEPT) this.words.clear();
      this.words.set(text, word);
    }
    return word;
  }

  private glyph(codePoint: number): { id: number; advance: number } {
    let glyph = this.glyphs.get(codePoint);
    if (!glyph) {
      const found = this.font.glyphForCodePoint(codePoint);
      glyph = { id: found.id, advance: found.advanceWidth };
      this.glyphs.set(codePoint, glyph);
      if (!this.shows.has(found.id)) this.shows.set(found.id, [codePoint]);
    }
    return glyph;
  }

  /** The kerning fontkit puts between two characters (font units), or null when it draws them otherwise than as their two glyphs (a ligature). */
  private pair(first: number, second: number): number | null {
    const key = first * 0x110000 + second;
    let kerning = this.pairs.get(key);
    if (kerning === undefined) {
      const [a, b] = [this.glyph(first), this.glyph(second)];
      const { glyphs, positions } = this.font.layout(String.fromCodePoint(first, second));
      const plain =
        glyphs.length === 2 &&
        glyphs[0]!.id === a.id &&
        glyphs[1]!.id === b.id &&
        positions[1]!.xAdvance === b.advance &&
        positions.every((position) => !position.xOffset && !position.yOffset);
      kerning = plain ? positions[0]!.xAdvance - a.advance : null;
      if (this.pairs.size >= PAIRS_KEPT) this.pairs.clear();
      this.pairs.set(key, kerning);
    }
    return kerning;
  }

  /** A word of Latin and common characters, glyph by glyph; undefined when a pair of it is not plain. */
  private pairwise(text: string): Word | undefined {
    const codePoints = Array.from(text, (char) => char.codePointAt(0)!);
    const glyphs: { id: number; width: number; advance: number }[] = [];
    for (let i = 0; i < codePoints.length; i++) {
      const glyph = this.glyph(codePoints[i]!);
      const kerning = i + 1 < codePoints.length ? this.pair(codePoints[i]!, codePoints[i + 1]!) : 0;
      if (kerning === null) return undefined;
      glyphs.push({ id: glyph.id, width: glyph.advance, advance: glyph.advance + kerning });
    }
    return this.drawn(glyphs);
  }

  /** Any other word, by fontkit's layout (positions with offsets are drawn at their advance, as pdfkit's default did not offset them either). */
  private shaped(text: string): Word {
    const { glyphs, positions } = this.font.layout(text);
    for (const glyph of glyphs) if (!this.shows.has(glyph.id)) this.shows.set(glyph.id, glyph.codePoints);
    return this.drawn(glyphs.map((glyph, i) => ({ id: glyph.id, width: glyph.advanceWidth, advance: positions[i]!.xAdvance })));
  }

  /**
   * Glyphs, their own widths and their advances as laid out (font units) as a TJ operand: the
   * glyph ids two bytes each in literal strings (half the bytes of hex, so less to deflate), a
   * glyph moved from its own width followed by the move, in thousandths.
   */
  private drawn(glyphs: { id: number; width: number; advance: number }[]): Word {
    let tj = '';
    let run = '';
    let width = 0;
    for (const glyph of glyphs) {
      run += ESCAPED[glyph.id >> 8]! + ESCAPED[glyph.id & 0xff]!;
      width += glyph.advance * this.scale;
      const move = round2((glyph.width - glyph.advance) * this.scale);
      if (move !== 0) {
        tj += `(${run})${move}`;
        run = '';
      }
    }
    if (run) tj += `(${run})`;
    return { tj, width, glyphs: glyphs.map((glyph) => glyph.id) };
  }

  /** The font's objects for a document that drew the glyphs flagged in `used` (indexed by glyph id). */
  embed(used: Uint8Array): Embedding {
    const extra: number[] = [];
    const usual = new Set(this.usual);
    used.forEach((flag, id) => {
      if (flag && !usual.has(id)) extra.push(id);
    });
    const key = extra.join(',');
    let embedding = this.embeddings.get(key);
    if (!embedding) {
      embedding = this.embedding([0, ...new Set([...this.usual, ...extra])].sort((a, b) => a - b));
      if (this.embeddings.size >= EMBEDDINGS_KEPT) this.embeddings.clear();
      this.embeddings.set(key, embedding);
    }
    return embedding;
  }

  private embedding(ids: number[]): Embedding {
    const subset = this.font.createSubset();
    const glyphMap = Buffer.alloc(2 * (ids.at(-1)! + 1));
    // The subset numbers its glyphs in the order included, .notdef (0) first: `ids` is sorted, 0 first, so glyph `ids[i]` is its `i`.
    ids.forEach((id, i) => {
      subset.includeGlyph(this.font.getGlyph(id));
      glyphMap.writeUInt16BE(i, 2 * id);
    });
    const tag = createHash('sha256').update(ids.join(',')).digest();
    const name = `${Array.from(tag.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26))).join('')}+${this.font.postscriptName}`;
    const widths = ids.map((id) => `${id} [${round2(this.font.getGlyph(id).advanceWidth * this.scale)}]`).join(' ');
    const mapped = ids.filter((id) => this.shows.has(id));
    const blocks: string[] = [];
    for (let i = 0; i < mapped.length; i += 100) {
      const block = mapped.slice(i, i + 100);
      const text = (id: number) => utf16Hex(String.fromCodePoint(...this.shows.get(id)!));
      blocks.push(`${block.length} beginbfchar\n${block.map((id) => `<${hex4(id)}> <${text(id)}>`).join('\n')}\nendbfchar`);
    }
    const toUnicode = `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<0000> <ffff>
endcodespacerange
${blocks.join('\n')}
endcmap
CMapName currentdict /CMap defineresource pop
end
end`;
    return { name, program: deflateSync(subset.encode()), glyphMap: deflateSync(glyphMap), widths, toUnicode: deflateSync(toUnicode) };
  }

  /** The font descriptor's figures (thousandths), as pdfkit wrote them. */
  descriptor(): string {
    const { bbox, italicAngle } = this.font;
    const box = [bbox.minX, bbox.minY, bbox.maxX, bbox.maxY].map((n) => round2(n * this.scale)).join(' ');
    const capHeight = round2((this.font.capHeight || this.font.ascent) * this.scale);
    return `/Flags 4 /FontBBox [${box}] /ItalicAngle ${italicAngle} /Ascent ${round2(this.ascender)} /Descent ${round2(this.descender)} /CapHeight ${capHeight} /XHeight ${round2((this.font.xHeight || 0) * this.scale)} /StemV 0`;
  }
}

/** A string as UTF-16BE hex digits. */
export function utf16Hex(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += hex4(text.charCodeAt(i));
  return out;
}
