/**
 * The invoice_lines table's row, declared once (lib/table.ts; invoices/table.ts holds the invoices table's):
 * the store's column lists (the detail's and the PDF's lines, the insert, the lines a credit note's
 * re-issue and the accounting sync copy) and their row types derive from it. The columns were made by
 * migration 0050. The e-invoice's document reads the lines too (einvoicing/store.ts): that module is imported
 * by this one, so it keeps its own list.
 */
import { column, selectList, table, type RowOf } from '../../lib/table.ts';

export const invoiceLinesTable = table('invoice_lines', {
  invoice_id: column<number>(),
  position: column<number>(),
  description: column<string>(),
  quantity: column<number>(),
  unit_fils: column<number>(),
  net_fils: column<number>(),
  vat_fils: column<number>(),
  total_fils: column<number>(),
});

export type InvoiceLineColumns = RowOf<typeof invoiceLinesTable.columns>;
export type InvoiceLineColumn = keyof InvoiceLineColumns & string;

/** The columns an invoice's page and PDF show of each line. */
export const LINE_FIELDS = ['position', 'description', 'quantity', 'unit_fils', 'net_fils', 'vat_fils', 'total_fils'] as const satisfies readonly InvoiceLineColumn[];

/** What a line is made from (its amounts follow): a re-issue and the accounting system take these. */
export const LINE_INPUT_FIELDS = ['description', 'quantity', 'unit_fils'] as const satisfies readonly InvoiceLineColumn[];

/** The columns an issue writes of each line. */
export const NEW_LINE_FIELDS = ['invoice_id', ...LINE_FIELDS] as const satisfies readonly InvoiceLineColumn[];

export type InvoiceLineRow = Pick<InvoiceLineColumns, (typeof LINE_FIELDS)[number]>;
export type LineInputRow = Pick<InvoiceLineColumns, (typeof LINE_INPUT_FIELDS)[number]>;

/** The SELECT of an invoice's lines ($1 its id), in their order. */
export const LINES_OF_INVOICE = `SELECT ${selectList(invoiceLinesTable, null, LINE_FIELDS)} FROM invoice_lines WHERE invoice_id = $1 ORDER BY position`;
/** The SELECT of what an invoice's lines were made from ($1 its id), in their order. */
export const LINE_INPUTS_OF_INVOICE = `SELECT ${selectList(invoiceLinesTable, null, LINE_INPUT_FIELDS)} FROM invoice_lines WHERE invoice_id = $1 ORDER BY position`;

