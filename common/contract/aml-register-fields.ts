/** The goAML register's fields (apart from aml-fields.ts, as its constants are): each one's label (its schemas' title), limits and option labels, for the contract and the console. */
import { MAX_REGISTER_NOTES, REGISTER_TYPE_LABELS } from './aml-register-paths.ts';
import { fieldSheet } from './field.ts';

export const registerFields = fieldSheet({
  type: { label: 'Type', options: REGISTER_TYPE_LABELS },
  state: { label: 'State' },
  notes: { label: 'Notes', max: MAX_REGISTER_NOTES },
  goamlReference: { label: 'goAML reference', max: 60 },
  filedOn: { label: 'Date filed' },
});
