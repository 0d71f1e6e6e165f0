/**
 * The one PDF kit (decision 041): invoices, credit notes, labels and earnings statements: PDFKit with Noto Sans embedded
 * (subset to the glyphs used), so the rupee sign ₹ (U+20B9) and every Indian name print as typed,
 * whatever fonts the reader's machine has. PDFKit's own standard fonts (Helvetica, no ₹) are never
 * loaded: the document starts in Noto Sans.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const REGULAR_PATH = require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf');
const BOLD_PATH = require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf');

let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** Read once per process (about 1 MB together); PDFKit embeds only the glyphs a document uses. */
const fontBytes = () => (fonts ??= { regular: readFileSync(REGULAR_PATH), bold: readFileSync(BOLD_PATH) });

export type Pdf = PDFKit.PDFDocument;

/** A4 in points, and the margin every A4 page keeps. */
export const A4 = { width: 595.28, height: 841.89, margin: 36 } as const;
/** A shipping label: 4 × 6 inches, the size of courier thermal printers (it prints scaled on A4 too). */
export const LABEL = { width: 288, height: 432, margin: 14 } as const;

/** A new document with the fonts `regular` and `bold` registered and no page yet (`doc.addPage(…)`). */
export function newPdf(title: string): Pdf {
  const doc = new PDFDocument({ autoFirstPage: false, font: REGULAR_PATH, info: { Title: title, Creator: 'Marketplace Back-office' }, pdfVersion: '1.7' });
  const { regular, bold } = fontBytes();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  doc.font('regular');
  return doc;
}

/** Ends the document and gives its bytes. */
export function pdfBytes(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
