/** Leave's fields: each one's label (its schemas' title), for the contract and the Capacity view. */
import { fieldSheet } from './field.ts';

export const leaveFields = fieldSheet({
  staffMember: { label: 'Staff member' },
  from: { label: 'First day' },
  to: { label: 'Last day' },
});
