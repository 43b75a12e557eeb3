/** Fields every area's forms share (a person's or a company's e-mail), for the contract and the console. */
import { fieldSheet } from './field.ts';
import { MAX_EMAIL_LENGTH } from './http.ts';

export const sharedFields = fieldSheet({
  email: { label: 'E-mail', max: MAX_EMAIL_LENGTH },
});
