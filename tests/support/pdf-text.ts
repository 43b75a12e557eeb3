/** The text of a PDF, page by page joined, read back with pdfjs-dist (Mozilla's PDF reader): tests parse what they render. */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// The standard 14 fonts' metrics ship with pdfjs-dist; without them it warns on every Helvetica text run.
const standardFontDataUrl = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, standardFontDataUrl }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

/** The document's /Title (its information dictionary's, as a PDF viewer reads it), or null without one. */
export async function pdfTitle(bytes: Uint8Array): Promise<string | null> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, standardFontDataUrl }).promise;
  try {
    const { info } = await pdf.getMetadata();
    const title = (info as { Title?: unknown }).Title;
    return typeof title === 'string' ? title : null;
  } finally {
    await pdf.destroy();
  }
}
