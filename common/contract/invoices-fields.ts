/** An invoice's fields in the console: each one's label (its schemas' title) and limits, for the contract and the console. */
import { MAX_INVOICE_REASON } from '../invoices.ts';
import { fieldSheet } from './field.ts';

export const invoiceFields = fieldSheet({
  client: { label: 'Client' },
  status: { label: 'Status' },
  einvoice: { label: 'E-invoice' },
  state: { label: 'State' },
  error: { label: 'Error' },
  /** Why an invoice is voided or credited. */
  reason: { label: 'Reason', min: 1, max: MAX_INVOICE_REASON },
});
