/** The second factor's fields: each one's label (its schemas' title) and limits, for the contract and the console. */
import { fieldSheet } from './field.ts';

export const securityFields = fieldSheet({
  code: { label: 'Code', max: 12 },
  recoveryCode: { label: 'Recovery code', min: 1, max: 40 },
});
