/** A website enquiry's fields as staff handle them: each one's label (its schemas' title) and option labels, for the contract and the console. */
import { ENQUIRY_STATUS_LABELS } from './enquiries-paths.ts';
import { fieldSheet } from './field.ts';

export const enquiryFields = fieldSheet({
  status: { label: 'Status', options: ENQUIRY_STATUS_LABELS },
  assignee: { label: 'Assignee' },
});
