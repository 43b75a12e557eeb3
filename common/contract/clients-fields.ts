/** A client's fields: each one's label (its schemas' title), limits and option labels, for the contract and the console. */
import { CANCEL_REASON_LABELS, CLIENT_STATUS_LABELS, MAX_ADDRESS_LENGTH, MAX_AUTHORITY_LENGTH, MAX_CORPORATE_TAX_NUMBER_LENGTH, MAX_LEGAL_NAME_LENGTH, MAX_LICENCE_NUMBER_LENGTH, MAX_NOTE_LENGTH, MAX_PHONE_LENGTH } from '../clients.ts';
import { fieldSheet } from './field.ts';

export const clientFields = fieldSheet({
  legalName: { label: 'Legal name', min: 1, max: MAX_LEGAL_NAME_LENGTH },
  tradeLicenceNumber: { label: 'Trade licence number', min: 1, max: MAX_LICENCE_NUMBER_LENGTH },
  licenceExpiry: { label: 'Licence expiry' },
  licensingAuthority: { label: 'Licensing authority', min: 1, max: MAX_AUTHORITY_LENGTH },
  legalForm: { label: 'Legal form', min: 1, max: MAX_AUTHORITY_LENGTH },
  vatRegistered: { label: 'VAT registered' },
  trn: { label: 'TRN', max: 15 },
  vatPeriod: { label: 'VAT period' },
  corporateTaxNumber: { label: 'Corporate tax registration number', min: 1, max: MAX_CORPORATE_TAX_NUMBER_LENGTH },
  phone: { label: 'Phone', min: 5, max: MAX_PHONE_LENGTH },
  address: { label: 'Address', min: 1, max: MAX_ADDRESS_LENGTH },
  bookkeeper: { label: 'Bookkeeper' },
  reviewer: { label: 'Reviewer' },
  plan: { label: 'Plan' },
  cycle: { label: 'Cycle' },
  status: { label: 'Status', options: CLIENT_STATUS_LABELS },
  einvoicing: { label: 'E-invoicing' },
  /** Why a subscription is cancelled, and what more the person says. */
  cancelReason: { label: 'Reason', options: CANCEL_REASON_LABELS },
  cancelNote: { label: 'Note', max: MAX_NOTE_LENGTH },
  /** A document's, when its kind expires (a trade licence, an ID). */
  documentExpiry: { label: 'Expiry date' },
});
