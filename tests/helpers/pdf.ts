/**
 * Reading a PDF the way a viewer does, with Mozilla's PDF.js: its pages (size in points) and the
 * text of each, as the fonts' Unicode maps give it back. A test that finds "₹ 1,299.00" or an
 * invoice number here knows a person would see it, not just that some bytes are present.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfPage {
  width: number;
  height: number;
  text: string;
}

export async function readPdf(bytes: Uint8Array): Promise<PdfPage[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: PdfPage[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const [, , width, height] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
      .join('')
      .replace(/[ \t]+/g, ' ');
    pages.push({ width: Math.round(width), height: Math.round(height), text });
  }
  await pdf.destroy();
  return pages;
}

/** True when the bytes start as a PDF file does. */
export const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
