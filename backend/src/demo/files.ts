/**
 * Small real files for the demo documents, made in code so the repository holds no binaries: a one-page
 * PDF (text in Helvetica, valid cross-reference table) and a PNG card (RGB, zlib-compressed scanlines).
 * Browsers display both; the tests check their signatures.
 */
import { crc32, deflateSync } from 'node:zlib';

/** A one-page A4 PDF with a title and lines of text. */
export function makePdf(title: string, lines: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1');
  const body = [
    'BT /F1 20 Tf 56 770 Td (' + escape(title) + ') Tj ET',
    '0.1 0.3 0.6 RG 2 w 56 758 m 539 758 l S',
    ...lines.map((line, index) => `BT /F1 12 Tf 56 ${730 - index * 22} Td (${escape(line)}) Tj ET`),
    'BT /F1 9 Tf 56 60 Td (Demo document generated for the staff console. Not a real record.) Tj ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

type Rgb = readonly [number, number, number];

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
  colour: Rgb;
}

/** An ID-card-like PNG: a coloured header band, a photo box and grey bars standing for the printed lines. */
export function makeCardPng(accent: Rgb, seed: number, width = 428, height = 270): Buffer {
  const rects: Rect[] = [
    { x: 0, y: 0, width, height: 48, colour: accent },
    { x: 24, y: 72, width: 110, height: 140, colour: [196, 204, 214] },
    { x: 52, y: 96, width: 54, height: 54, colour: [150, 160, 174] },
    { x: 40, y: 156, width: 78, height: 46, colour: [150, 160, 174] },
  ];
  for (let line = 0; line < 6; line += 1) {
    const length = 120 + ((seed * 37 + line * 53) % 130);
    rects.push({ x: 156, y: 78 + line * 24, width: length, height: 10, colour: [120, 128, 140] });
  }
  rects.push({ x: 24, y: 230, width: width - 48, height: 14, colour: [225, 229, 235] });
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  // Paint the background, then each rectangle over it (row filter bytes stay 0: none).
  for (const rect of [{ x: 0, y: 0, width, height, colour: [246, 248, 251] as Rgb }, ...rects]) {
    for (let y = rect.y; y < Math.min(rect.y + rect.height, height); y += 1) {
      for (let x = rect.x; x < Math.min(rect.x + rect.width, width); x += 1) raw.set(rect.colour, y * stride + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}
