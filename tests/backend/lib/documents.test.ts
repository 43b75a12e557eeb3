/** Uploaded files: the stored name, the download header and the byte check (backend/src/lib/documents.ts), without HTTP. */
import { describe, expect, it } from 'vitest';
import { cleanFileName, contentDisposition, decodeDocument, sniffContentType } from '../../../backend/src/lib/documents.ts';
import { HttpError } from '../../../backend/src/lib/http-error.ts';

describe('the stored file name', () => {
  it.each([
    ['scan.pdf', 'application/pdf', 'scan.pdf'],
    ['Scan.PDF', 'application/pdf', 'Scan.PDF'],
    ['photo.jpeg', 'image/jpeg', 'photo.jpeg'],
    // A PDF that says it is a program keeps its name but gains the extension of what it is.
    ['invoice.exe', 'application/pdf', 'invoice.exe.pdf'],
    ['no-extension', 'image/png', 'no-extension.png'],
    // U+202E makes 'invoice_\u202Efdp.exe' display as 'invoice_exe.pdf'.
    ['invoice_\u202Efdp.exe', 'application/pdf', 'invoice__fdp.exe.pdf'],
    ['a\u2066b\u2069c\u200f.png', 'image/png', 'a_b_c_.png'],
    ['../etc/passwd', 'image/png', '_etc_passwd.png'],
    ['..\\..\\boot.ini', 'image/png', '_.._boot.ini.png'],
    ['line\nbreak\ttab.pdf', 'application/pdf', 'line_break_tab.pdf'],
    ['   ...   ', 'application/pdf', 'document.pdf'],
    ['quote"and<angle>.pdf', 'application/pdf', 'quote_and_angle_.pdf'],
  ] as const)('%j stored as a %s is %j', (name, type, stored) => {
    expect(cleanFileName(name, type)).toBe(stored);
  });

  it('keeps at most 200 characters and the extension', () => {
    const stored = cleanFileName(`${'x'.repeat(300)}.pdf`, 'application/pdf');
    expect(stored).toHaveLength(200);
    expect(stored.endsWith('.pdf')).toBe(true);
  });
});

describe('Content-Disposition (RFC 6266 with an RFC 8187 name)', () => {
  it('gives an ASCII fallback and the exact name, percent-encoding everything outside attr-char', () => {
    expect(contentDisposition('attachment', "Trade licence (2026)'s copy*.pdf")).toBe(
      `attachment; filename="Trade licence (2026)'s copy*.pdf"; filename*=UTF-8''Trade%20licence%20%282026%29%27s%20copy%2A.pdf`,
    );
    expect(contentDisposition('inline', 'رخصة تجارية.pdf')).toBe(
      `inline; filename="____ ______.pdf"; filename*=UTF-8''%D8%B1%D8%AE%D8%B5%D8%A9%20%D8%AA%D8%AC%D8%A7%D8%B1%D9%8A%D8%A9.pdf`,
    );
    expect(contentDisposition('inline', 'a"b\\c%d.pdf')).toBe(`inline; filename="a_b_c_d.pdf"; filename*=UTF-8''a%22b%5Cc%25d.pdf`);
  });
});

describe('the byte check', () => {
  const pdf = Buffer.from('%PDF-1.4 demo').toString('base64');
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]).toString('base64');

  it('takes bytes of the declared type and refuses others, naming the field', () => {
    expect(decodeDocument(pdf, 'application/pdf', 1000).subarray(0, 4).toString()).toBe('%PDF');
    for (const [content, type] of [[pdf, 'image/png'], [png, 'application/pdf'], [pdf, 'image/jpeg']] as const) {
      const error = (() => {
        try {
          decodeDocument(content, type, 1000);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ statusCode: 400, errorCode: 'INVALID_INPUT', field: 'content_base64' });
    }
  });

  it('refuses an empty or an over-large file', () => {
    expect(() => decodeDocument('', 'application/pdf', 1000)).toThrow(/must not be empty/);
    expect(() => decodeDocument(pdf, 'application/pdf', 5)).toThrow(/at most/);
  });

  it('tells the type from the bytes alone', () => {
    expect(sniffContentType(Buffer.from(pdf, 'base64'))).toBe('application/pdf');
    expect(sniffContentType(Buffer.from(png, 'base64'))).toBe('image/png');
    expect(sniffContentType(Buffer.from('<html>'))).toBeNull();
  });
});
