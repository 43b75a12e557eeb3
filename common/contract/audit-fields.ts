/** The Audit page's filters: each one's label (its schemas' title) and limits, for the contract and the console. */
import { fieldSheet } from './field.ts';

export const auditFields = fieldSheet({
  person: { label: 'Person' },
  area: { label: 'Area' },
  recordKind: { label: 'Record kind' },
  record: { label: 'Record' },
  event: { label: 'Event', min: 1, max: 60 },
  from: { label: 'From' },
  to: { label: 'To' },
});
