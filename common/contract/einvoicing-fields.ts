/** A client's e-invoicing readiness fields: each one's label (its schemas' title) and limits, for the contract and the console. */
import { MAX_ASP_NAME_LENGTH, REVENUE_BAND_LABELS, TIN_LENGTH } from '../einvoicing-readiness.ts';
import { fieldSheet } from './field.ts';

export const einvoicingFields = fieldSheet({
  revenueBand: { label: 'Revenue band', options: REVENUE_BAND_LABELS },
  asp: { label: 'ASP', min: 1, max: MAX_ASP_NAME_LENGTH },
  aspAppointedOn: { label: 'ASP appointed on' },
  tin: { label: 'TIN', max: TIN_LENGTH },
});
