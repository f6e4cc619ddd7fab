import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * The one font family of every PDF the portal makes (decision 0092): DejaVu Sans, and DejaVu Sans Mono Bold for PINs
 * and ticket codes, from the npm package `dejavu-fonts-ttf` (a dependency, no font file in the repository), embedded
 * as subsets. PDF/A-3 (the ZUGFeRD PDF) forbids fonts that are not embedded, which pdfkit's default Helvetica never
 * is; and Helvetica's WinAnsi encoding has no "ı" (Yılmaz), no Greek and no arrows, which DejaVu covers (Latin
 * Extended, Greek, Cyrillic, arrows). Invoices, bus tickets and the receipts PDF of a sale are all made by
 * `newPdfDocument`; pdf-kinds.test.ts extracts the text of each kind and finds every font embedded.
 */
const require = createRequire(import.meta.url);
const REGULAR_FILE = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD_FILE = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
// PINs and ticket codes: every character as wide as the next, 0 and O, 1 and l told apart.
const MONO_FILE = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf');

/** fontkit's layout features as an object: these off, the font's other defaults (kerning) on. */
const NO_LIGATURES = { liga: false, clig: false, dlig: false, rlig: false };

/** The names to pass to `doc.font(…)` in a document made by `newPdfDocument`. */
export const PDF_FONT = { regular: 'PortalSans', bold: 'PortalSans-Bold', mono: 'PortalMono-Bold' } as const;

/**
 * A pdfkit document whose default font is the embedded regular face (so pdfkit never loads Helvetica) and with
 * the bold face registered; `bytes` resolves to the finished file once `doc.end()` was called.
 */
export function newPdfDocument(options: PDFKit.PDFDocumentOptions): {
  doc: PDFKit.PDFDocument;
  bytes: Promise<Buffer>;
} {
  const doc = new PDFDocument({ ...options, font: REGULAR_FILE });
  // Ligatures off: pdfkit gives a ligature glyph (DejaVu's "ff", "fi") no text in the ToUnicode map, so "Kaffee"
  // would be copied or searched as "Kaee". `_initOptions` is where pdfkit gathers every text call's options.
  const internal = doc as unknown as { _initOptions(...args: unknown[]): Record<string, unknown> };
  const initOptions = internal._initOptions.bind(doc);
  internal._initOptions = (...args) => {
    const options = initOptions(...args);
    options.features ??= NO_LIGATURES;
    return options;
  };
  doc.registerFont(PDF_FONT.regular, REGULAR_FILE);
  doc.registerFont(PDF_FONT.bold, BOLD_FILE);
  doc.registerFont(PDF_FONT.mono, MONO_FILE);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}
