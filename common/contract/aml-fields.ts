/**
 * The AML fields (a registration's parties, the sanctions lists): each one's label (its schemas' title), limits
 * and option labels, for the contract and the console. The goAML register's: aml-register-fields.ts.
 */
import { MAX_PARTY_NAME, MAX_PARTY_TEXT } from '../aml.ts';
import { SANCTIONS_LIST_LABELS } from './aml-paths.ts';
import { fieldSheet } from './field.ts';

export const amlPartyFields = fieldSheet({
  name: { label: 'Name', min: 1, max: MAX_PARTY_NAME },
  dateOfBirth: { label: 'Date of birth' },
  nationality: { label: 'Nationality' },
  residence: { label: 'Residence' },
  idNumber: { label: 'ID number', max: 40 },
  idExpiry: { label: 'ID expiry' },
  jurisdiction: { label: 'Jurisdiction' },
  registrationNumber: { label: 'Registration number', max: 60 },
  pepDetails: { label: 'PEP details', max: MAX_PARTY_TEXT },
});

export const sanctionsFields = fieldSheet({
  list: { label: 'List', options: SANCTIONS_LIST_LABELS },
  file: { label: 'File' },
  /** Why a list's new version is rejected, or a delisted match closed. */
  reason: { label: 'Reason', min: 1, max: MAX_PARTY_TEXT },
});
