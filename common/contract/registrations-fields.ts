/**
 * A registration's fields through the onboarding pipeline (the call, the plan, the payment, the activation):
 * each one's label (its schemas' title), limits and option labels, for the contract and the console. The
 * company's own fields are a client's (clients-fields.ts), its parties' are the AML sheet's.
 */
import { MEETING_DURATION, MEETING_MODE_LABELS, MEETING_OUTCOME_LABELS, PAYMENT_FATE_LABELS, PAYMENT_METHOD_LABELS } from '../pipeline.ts';
import { fieldSheet } from './field.ts';

export const registrationFields = fieldSheet({
  status: { label: 'Status' },
  stage: { label: 'Stage' },
  assignee: { label: 'Assignee' },
  host: { label: 'Host' },
  duration: { label: 'Duration', min: MEETING_DURATION.min, max: MEETING_DURATION.max },
  mode: { label: 'Mode', options: MEETING_MODE_LABELS },
  outcome: { label: 'Outcome', options: MEETING_OUTCOME_LABELS },
  outcomeNotes: { label: 'Notes', max: 2_000 },
  plan: { label: 'Plan' },
  /** Why the plan's price was negotiated (needed with a discount). */
  planNote: { label: 'Note' },
  amount: { label: 'Amount' },
  method: { label: 'Method', options: PAYMENT_METHOD_LABELS },
  reference: { label: 'Reference', min: 1, max: 100 },
  paidOn: { label: 'Paid on' },
  paymentFate: { label: 'What becomes of the payment', options: PAYMENT_FATE_LABELS },
  bookkeeper: { label: 'Bookkeeper' },
  reviewer: { label: 'Reviewer' },
});
