import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * The one font family of every PDF the portal makes (decision 0092): DejaVu Sans and DejaVu Sans Mono
 * from the npm package `dejavu-fonts-ttf` (a dependency, no font file in the repository), embedded as subsets.
 * PDF/A-3 (the ZUGFeRD PDF) forbids fonts that are not embedded, which pdfkit's default Helvetica never is; and
 * Helvetica's WinAnsi encoding has no "ı" (Yılmaz), no Greek and no arrows, which DejaVu covers (Latin Extended,
 * Greek, Cyrillic, arrows). Invoices, bus tickets and the receipts PDF of a sale are all made by `newPdfDocument`;
 * pdfs.test.ts extracts the text of each kind and checks every font in them is embedded.
 */
const require = createRequire(import.meta.url);
const file = (name: string) => require.resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`);
const FILES = {
  regular: file('DejaVuSans'),
  bold: file('DejaVuSans-Bold'),
  // PINs and ticket codes: every character as wide as the next, 0 and O, 1 and l told apart.
  mono: file('DejaVuSansMono-Bold'),
};

/** The names to pass to `doc.font(…)` in a document made by `newPdfDocument`. */
export const PDF_FONT = { regular: 'PortalSans', bold: 'PortalSans-Bold', mono: 'PortalMono-Bold' } as const;

/**
 * A pdfkit document whose default font is the embedded regular face (so pdfkit never loads Helvetica) and with
 * the other faces registered (pdfkit embeds a face only once it is used); `bytes` resolves to the finished file
 * once `doc.end()` was called.
 */
export function newPdfDocument(options: PDFKit.PDFDocumentOptions): {
  doc: PDFKit.PDFDocument;
  bytes: Promise<Buffer>;
} {
  const doc = new PDFDocument({ ...options, font: FILES.regular });
  doc.registerFont(PDF_FONT.regular, FILES.regular);
  doc.registerFont(PDF_FONT.bold, FILES.bold);
  doc.registerFont(PDF_FONT.mono, FILES.mono);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}
