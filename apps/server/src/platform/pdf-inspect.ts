import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFRef,
} from '@cantoo/pdf-lib';
import jsQR from 'jsqr';

/**
 * What tests read back from a finished PDF, from its objects rather than from what our code meant to write:
 * every font dictionary and whether its program is embedded, and the text as a reader's copy-and-paste would get
 * it (through each font's ToUnicode map). For tests only; nothing in the server reads PDFs.
 */

export interface PdfFontInfo {
  baseFont: string;
  subtype: string;
  /** FontFile, FontFile2 or FontFile3 in the font's descriptor (a Type0 font's: in its descendant's). */
  embedded: boolean;
}

const name = (o: PDFObject | undefined) => (o instanceof PDFName ? o.decodeText() : '');

async function load(bytes: Uint8Array) {
  return PDFDocument.load(bytes, { updateMetadata: false });
}

function lookupDict(doc: PDFDocument, o: PDFObject | undefined): PDFDict | undefined {
  const v = o instanceof PDFRef ? doc.context.lookup(o) : o;
  return v instanceof PDFDict ? v : undefined;
}

function descriptorEmbeds(doc: PDFDocument, font: PDFDict): boolean {
  const descriptor = lookupDict(doc, font.get(PDFName.of('FontDescriptor')));
  if (!descriptor) return false;
  return ['FontFile', 'FontFile2', 'FontFile3'].some((k) => descriptor.get(PDFName.of(k)) !== undefined);
}

/** Every font dictionary in the file (not only those a page uses). */
export async function pdfFonts(bytes: Uint8Array): Promise<PdfFontInfo[]> {
  const doc = await load(bytes);
  const fonts: PdfFontInfo[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    const dict = obj instanceof PDFRawStream ? undefined : obj instanceof PDFDict ? obj : undefined;
    if (!dict || name(dict.get(PDFName.of('Type'))) !== 'Font') continue;
    const subtype = name(dict.get(PDFName.of('Subtype')));
    // A CID font is checked through the Type0 font that uses it.
    if (subtype === 'CIDFontType2' || subtype === 'CIDFontType0') continue;
    let embedded: boolean;
    if (subtype === 'Type0') {
      const list = doc.context.lookup(dict.get(PDFName.of('DescendantFonts')));
      const descendants = list instanceof PDFArray ? list.asArray() : [];
      embedded =
        descendants.length > 0 &&
        descendants.every((d) => {
          const cid = lookupDict(doc, d);
          return cid !== undefined && descriptorEmbeds(doc, cid);
        });
    } else {
      embedded = descriptorEmbeds(doc, dict);
    }
    fonts.push({ baseFont: name(dict.get(PDFName.of('BaseFont'))), subtype, embedded });
  }
  return fonts;
}

function streamText(doc: PDFDocument, o: PDFObject | undefined): string {
  const s = o instanceof PDFRef ? doc.context.lookup(o) : o;
  if (!(s instanceof PDFRawStream)) return '';
  return Buffer.from(decodePDFRawStream(s).decode()).toString('latin1');
}

const utf16 = (hex: string) => {
  let out = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) out += String.fromCharCode(Number.parseInt(hex.slice(i, i + 4), 16));
  return out;
};

/** A ToUnicode CMap's bfchar and bfrange entries as code → text. */
function parseCMap(text: string): { map: Map<number, string>; bytes: number } {
  const map = new Map<number, string>();
  let bytes = 1;
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      bytes = Math.max(bytes, m[1]!.length / 2);
      map.set(Number.parseInt(m[1]!, 16), utf16(m[2]!));
    }
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(\[[^\]]*\]|<[0-9A-Fa-f]+>)/g)) {
      bytes = Math.max(bytes, m[1]!.length / 2);
      const lo = Number.parseInt(m[1]!, 16);
      const hi = Number.parseInt(m[2]!, 16);
      if (m[3]!.startsWith('[')) {
        const dests = [...m[3]!.matchAll(/<([0-9A-Fa-f]+)>/g)].map((d) => utf16(d[1]!));
        dests.forEach((d, i) => {
          map.set(lo + i, d);
        });
      } else {
        const start = utf16(m[3]!.slice(1, -1));
        const last = start.charCodeAt(start.length - 1);
        for (let c = lo; c <= hi; c++) map.set(c, start.slice(0, -1) + String.fromCharCode(last + c - lo));
      }
    }
  }
  return { map, bytes };
}

function literalBytes(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch !== '\\') {
      out.push(ch.charCodeAt(0));
      continue;
    }
    const next = s[++i];
    if (next === undefined) break; // a trailing backslash escapes nothing
    const esc: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
    if (next in esc) out.push(esc[next]!);
    else if (/[0-7]/.test(next)) {
      let oct = next;
      while (oct.length < 3 && /[0-7]/.test(s[i + 1] ?? '')) oct += s[++i];
      out.push(Number.parseInt(oct, 8));
    }
  }
  return out;
}

/**
 * The text of every page, one line per text-showing operator (Tj, TJ), decoded through the font's ToUnicode map.
 * Enough for the documents pdfkit writes; not a general PDF reader.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await load(bytes);
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const resources = page.node.Resources(); // inherited from the page tree where the page has none
    const fontDict = lookupDict(doc, resources?.get(PDFName.of('Font')));
    const cmaps = new Map<string, { map: Map<number, string>; bytes: number }>();
    for (const [key, ref] of fontDict?.entries() ?? []) {
      const font = lookupDict(doc, ref);
      const cmap = font ? streamText(doc, font.get(PDFName.of('ToUnicode'))) : '';
      cmaps.set(key.decodeText(), cmap ? parseCMap(cmap) : { map: new Map(), bytes: 1 });
    }
    const contents = page.node.Contents();
    const parts = contents instanceof PDFArray ? contents.asArray() : [contents];
    const content = parts.map((p) => streamText(doc, p)).join('\n');
    let current = { map: new Map<number, string>(), bytes: 1 };
    const decode = (codes: number[]) => {
      let out = '';
      for (let i = 0; i + current.bytes <= codes.length; i += current.bytes) {
        let code = 0;
        for (let b = 0; b < current.bytes; b++) code = code * 256 + codes[i + b]!;
        out += current.map.get(code) ?? (current.map.size === 0 ? String.fromCharCode(code) : '\uFFFD');
      }
      return out;
    };
    const strings = (chunk: string) => {
      let out = '';
      for (const s of chunk.matchAll(/<([0-9A-Fa-f\s]*)>|\(((?:\\.|[^\\)])*)\)/g)) {
        if (s[1] !== undefined) {
          const hex = s[1].replace(/\s+/g, '');
          const codes: number[] = [];
          for (let i = 0; i + 2 <= hex.length; i += 2) codes.push(Number.parseInt(hex.slice(i, i + 2), 16));
          out += decode(codes);
        } else out += decode(literalBytes(s[2]!));
      }
      return out;
    };
    for (const op of content.matchAll(
      /\/([^\s/]+)\s+[\d.]+\s+Tf|(\[(?:[^\]\\]|\\.)*\])\s*TJ|(<[^>]*>|\((?:\\.|[^\\)])*\))\s*Tj/g,
    )) {
      if (op[1] !== undefined) current = cmaps.get(op[1]) ?? { map: new Map(), bytes: 1 };
      else lines.push(strings(op[2] ?? op[3]!));
    }
  }
  return lines.join('\n');
}

export interface PdfRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The rectangles (`re`) a page's content draws, in pdfkit's coordinates (from the top left: pdfkit flips the page
 * once at its start and draws rectangles in that space). Enough to read back a code drawn as squares.
 */
export async function pdfRects(bytes: Uint8Array, pageIndex = 0): Promise<PdfRect[]> {
  const doc = await load(bytes);
  const page = doc.getPages()[pageIndex];
  if (!page) return [];
  const contents = page.node.Contents();
  const parts = contents instanceof PDFArray ? contents.asArray() : [contents];
  const content = parts.map((p) => streamText(doc, p)).join('\n');
  const num = '(-?\\d+(?:\\.\\d+)?)';
  const rects: PdfRect[] = [];
  for (const m of content.matchAll(new RegExp(`${num}\\s+${num}\\s+${num}\\s+${num}\\s+re\\b`, 'g'))) {
    rects.push({ x: Number(m[1]), y: Number(m[2]), w: Number(m[3]), h: Number(m[4]) });
  }
  return rects;
}

/**
 * What a scanner reads from the squares a page draws: the rectangles filled black into white pixels, then decoded by
 * jsQR, a QR reader that shares no code with the library that drew them. Null when there is no readable code.
 */
export async function scanQrCode(bytes: Uint8Array, pageIndex = 0): Promise<string | null> {
  const rects = await pdfRects(bytes, pageIndex);
  if (rects.length === 0) return null;
  const scale = 3;
  const margin = 20;
  const minX = Math.min(...rects.map((r) => r.x)) - margin;
  const minY = Math.min(...rects.map((r) => r.y)) - margin;
  const width = Math.ceil((Math.max(...rects.map((r) => r.x + r.w)) + margin - minX) * scale);
  const height = Math.ceil((Math.max(...rects.map((r) => r.y + r.h)) + margin - minY) * scale);
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  const px = (v: number, origin: number) => Math.round((v - origin) * scale);
  for (const r of rects) {
    for (let y = px(r.y, minY); y < px(r.y + r.h, minY); y++) {
      for (let x = px(r.x, minX); x < px(r.x + r.w, minX); x++) {
        const i = (y * width + x) * 4;
        pixels[i] = 0;
        pixels[i + 1] = 0;
        pixels[i + 2] = 0;
      }
    }
  }
  // jsqr is CommonJS: under Node's module rules its ES default is the `default` of the imported module.
  return jsQR.default(pixels, width, height)?.data ?? null;
}
