/**
 * The PDF of a tax invoice or credit note, drawn with pdfkit (its standard Helvetica, so no font file is
 * embedded): the words 'Tax Invoice' (or 'Tax Credit Note'), the supplier's name, address and TRN, the
 * client's TRN when it is VAT-registered, the number, issue and due dates, the lines with 5 % VAT on each,
 * and the totals in AED.
 */
import { formatIsoDate } from '../../../../common/calendar.ts';
import { SUPPLIER } from '../../../../common/invoices.ts';
import { formatFils } from '../../../../common/money.ts';
import type { PrintableInvoice } from './store.ts';

export async function renderInvoicePdf(invoice: PrintableInvoice): Promise<Buffer> {
  // Loaded at the first PDF, not at start-up: pdfkit and its fonts' code cost every start about 0.3 s of CPU.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${invoice.number}`, Author: SUPPLIER.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const credit = invoice.kind === 'credit_note';
  const left = 50;
  const width = 495;

  doc.font('Helvetica-Bold').fontSize(20).fillColor('#1b2a4a').text(credit ? 'Tax Credit Note' : 'Tax Invoice', left, 50);
  doc.font('Helvetica').fontSize(9).fillColor('#333333');
  doc.font('Helvetica-Bold').fontSize(11).text(SUPPLIER.name, left, 85);
  doc.font('Helvetica').fontSize(9).text(SUPPLIER.address, left, doc.y, { width: 280 });
  doc.text(`TRN: ${SUPPLIER.trn}`);

  const metaTop = 85;
  const metaX = 340;
  const meta: [string, string][] = [
    [credit ? 'Credit note no.' : 'Invoice no.', invoice.number],
    ['Issue date', formatIsoDate(invoice.issued_on)],
    // A credit note is not paid: it has no due date.
    ...(credit ? [] : [['Due date', formatIsoDate(invoice.due_on)] as [string, string]]),
  ];
  if (invoice.credited_number) meta.push(['Credits invoice', invoice.credited_number]);
  if (invoice.period_start && invoice.period_end) meta.push(['Period', `${formatIsoDate(invoice.period_start)} - ${formatIsoDate(invoice.period_end)}`]);
  meta.forEach(([label, value], index) => {
    doc.font('Helvetica').fontSize(9).fillColor('#666666').text(label, metaX, metaTop + index * 14, { width: 75 });
    doc.font('Helvetica-Bold').fillColor('#222222').text(value, metaX + 75, metaTop + index * 14, { width: 130 });
  });

  const billTop = Math.max(doc.y, metaTop + meta.length * 14) + 24;
  doc.font('Helvetica').fontSize(9).fillColor('#666666').text('Bill to', left, billTop);
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#222222').text(invoice.client_name, left, doc.y + 2, { width: 300 });
  doc.font('Helvetica').fontSize(9).text(invoice.client_address, { width: 300 });
  if (invoice.client_trn) doc.text(`TRN: ${invoice.client_trn}`);
  if (invoice.reason) doc.moveDown(0.5).text(`Reason: ${invoice.reason}`, { width: width });

  // Lines: description, qty, unit price, net, VAT 5 %, total.
  const columns = [
    { title: 'Description', x: left, w: 185, align: 'left' as const },
    { title: 'Qty', x: 240, w: 30, align: 'right' as const },
    { title: 'Unit price', x: 275, w: 70, align: 'right' as const },
    { title: 'Net', x: 350, w: 60, align: 'right' as const },
    { title: 'VAT 5 %', x: 415, w: 55, align: 'right' as const },
    { title: 'Total', x: 475, w: 70, align: 'right' as const },
  ];
  let y = doc.y + 24;
  doc.rect(left, y - 4, width, 18).fill('#eef1f6');
  doc.fillColor('#1b2a4a').font('Helvetica-Bold').fontSize(9);
  for (const column of columns) doc.text(column.title, column.x, y, { width: column.w, align: column.align });
  y += 20;
  doc.font('Helvetica').fillColor('#222222');
  const amount = (fils: number) => formatFils(fils).replace('AED ', '');
  for (const line of invoice.lines) {
    const cells = [line.description, String(line.quantity), amount(line.unit_fils), amount(line.net_fils), amount(line.vat_fils), amount(line.total_fils)];
    const height = doc.heightOfString(line.description, { width: columns[0]!.w });
    columns.forEach((column, index) => doc.text(cells[index]!, column.x, y, { width: column.w, align: column.align }));
    y += Math.max(14, height) + 6;
    doc.moveTo(left, y - 3).lineTo(left + width, y - 3).strokeColor('#dddddd').lineWidth(0.5).stroke();
  }

  y += 10;
  const totals: [string, number, boolean][] = [
    ['Total excluding VAT (AED)', invoice.net_fils, false],
    ['VAT 5 % (AED)', invoice.vat_fils, false],
    [credit ? 'Total credited (AED)' : 'Total due (AED)', invoice.total_fils, true],
  ];
  for (const [label, fils, bold] of totals) {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9).fillColor('#222222');
    doc.text(label, 300, y, { width: 170, align: 'right' });
    doc.text(amount(fils), 475, y, { width: 70, align: 'right' });
    y += bold ? 18 : 14;
  }
  doc.font('Helvetica').fontSize(8).fillColor('#666666').text('Amounts in UAE dirhams (AED). VAT at 5 % under UAE Federal Decree-Law No. 8 of 2017.', left, y + 24, { width });
  doc.end();
  return done;
}
