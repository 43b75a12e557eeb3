/** The dialogs that move the registration itself: verify the profile, withdraw it, reinstate it. */
import { registrationFields } from '../../../../../common/contract/registrations-fields.ts';
import { useId, useState } from 'react';
import { formatDubaiDay } from '../../../../../common/dubai-time.ts';
import { formatFils } from '../../../../../common/money.ts';
import {
  MAX_REASON_LENGTH,
  PAYMENT_FATES,
  PAYMENT_FATE_LABELS,
  PAYMENT_METHOD_LABELS,
  pipelineAction,
  type PaymentFate,
} from '../../../../../common/pipeline.ts';
import { TextArea } from '../../../components/counted-field.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { registrations, reinstate, useReview, verifyProfile, withdraw } from '../api.ts';
import { type ActionTarget } from '../model.ts';
import { ProfileChecks } from './profile-checks.tsx';
import { SelectField, Subject, useDialogAction } from './pipeline-dialog-parts.tsx';

export function VerifyProfileDialog({ target, onClose }: { target: ActionTarget; onClose: () => void }) {
  const review = useReview(String(target.id));
  const [override, setOverride] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const checks = review.data?.profile_checks ?? [];
  const failing = checks.filter((check) => !check.passed);
  const action = useDialogAction<void>(registrations.verifyProfile, target, onClose, `Profile of ${target.legal_name} verified`, (_input, headers) =>
    verifyProfile(target.id, target.version, failing.length > 0 && override ? reason : null, headers),
  );
  const blocked = !review.data || (failing.length > 0 && (!override || reason.trim() === ''));
  return (
    <FormDialog title="Verify profile" submitLabel="Verify profile" busy={action.busy} error={action.formError} submitDisabled={blocked} onSubmit={() => void action.run()} onClose={onClose}>
      <Subject target={target} />
      <ProfileChecks checks={review.data ? checks : null} />
      {failing.length > 0 && (
        <>
          <label className="pipeline-dialog__check">
            <input type="checkbox" checked={override} onChange={(event) => setOverride(event.target.checked)} />
            Verify despite the failing check{failing.length === 1 ? '' : 's'}
          </label>
          {override && (
            <TextArea
              id={reasonId}
              label="Reason for the override (kept in the timeline)"
              rows={3}
              required
              limit={MAX_REASON_LENGTH}
              error={action.fieldErrors.override_reason}
              value={reason}
              onValueChange={setReason}
            />
          )}
        </>
      )}
    </FormDialog>
  );
}

/**
 * Withdraw, with a reason. Once a payment is recorded the dialog names it and asks what becomes of it (a refund
 * to be made or a credit kept), which the withdrawal records; only a BD manager or an administrator sees it then.
 */
export function WithdrawDialog({ target, onClose }: { target: ActionTarget; onClose: () => void }) {
  const review = useReview(String(target.id));
  const payment = review.data?.payment ?? null;
  const [reason, setReason] = useState('');
  const [fate, setFate] = useState<PaymentFate | ''>('');
  const ids = { reason: useId(), fate: useId() };
  const action = useDialogAction<void>(registrations.withdraw, target, onClose, `${target.legal_name} withdrawn`, (_input, headers) =>
    withdraw(target.id, { version: target.version, reason, ...(payment ? { payment_reference: payment.reference, ...(fate === '' ? {} : { payment_fate: fate }) } : {}) }, headers),
  );
  const { label, confirm } = pipelineAction('withdraw');
  return (
    <FormDialog
      title={`${label}?`}
      submitLabel={label}
      submitVariant="danger"
      busy={action.busy}
      error={action.formError}
      submitDisabled={!review.data || reason.trim() === '' || (payment !== null && fate === '')}
      onSubmit={() => void action.run()}
      onClose={onClose}
    >
      <Subject target={target} />
      <p>{confirm}</p>
      {payment && (
        <>
          <p className="pipeline-dialog__warning">
            A payment was received: {formatFils(payment.amount_fils)} by {PAYMENT_METHOD_LABELS[payment.method].toLowerCase()}, reference {payment.reference}, paid on{' '}
            {formatDubaiDay(payment.paid_on)}. Say what becomes of it; the withdrawal records it.
          </p>
          <SelectField
            id={ids.fate}
            label={registrationFields.paymentFate.label}
            value={fate}
            options={PAYMENT_FATES.map((value) => ({ value, label: PAYMENT_FATE_LABELS[value] }))}
            onChange={(value) => setFate(value as PaymentFate)}
            error={action.fieldErrors.payment_fate ?? action.fieldErrors.payment_reference}
          />
        </>
      )}
      <TextArea id={ids.reason} label="Reason (required)" rows={3} required limit={MAX_REASON_LENGTH} error={action.fieldErrors.reason} value={reason} onValueChange={setReason} />
    </FormDialog>
  );
}

export function ReinstateDialog({ target, onClose }: { target: ActionTarget; onClose: () => void }) {
  const action = useDialogAction<void>(registrations.reinstate, target, onClose, `${target.legal_name} reinstated`, (_input, headers) => reinstate(target.id, target.version, headers));
  return (
    <FormDialog title="Reinstate?" submitLabel="Reinstate" busy={action.busy} error={action.formError} onSubmit={() => void action.run()} onClose={onClose}>
      <Subject target={target} />
      <p>The registration goes back to the step it was withdrawn from, on that step's list.</p>
    </FormDialog>
  );
}
