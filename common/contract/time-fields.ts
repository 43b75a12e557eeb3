/** Time's fields: each one's label (its schemas' title) and limit, for the contract and the Timesheet page. */
import { fieldSheet } from './field.ts';
import { MAX_RETURN_REASON_LENGTH } from './time-paths.ts';

export const timeFields = fieldSheet({
  staffMember: { label: 'Staff member' },
  returnReason: { label: 'Reason', min: 1, max: MAX_RETURN_REASON_LENGTH },
});
