/**
 * Each completed step's record as the verification page shows it: who verified the profile and when (and
 * any override), the call (time, host, mode, outcome, notes), the plan with its figures, the payment and
 * the activation. Amounts come in fils and times are shown in Dubai time.
 */
import type { ReactNode } from 'react';
import type { ActivationRecord, MeetingRecord, PaymentRecord, PlanRecord, VerificationRecord, WithdrawalRecord } from '../../../../../common/contract/registrations.ts';
import { formatFils } from '../../../../../common/money.ts';
import { MEETING_MODE_LABELS, NO_PAYMENT_DUE, PAYMENT_METHOD_LABELS, skipsPayment } from '../../../../../common/pipeline.ts';
import { CYCLE_TERMS, priceLines, storedPrice } from '../../../../../common/pricing.ts';
import { registrationFields } from '../../../../../common/contract/registrations-fields.ts';
import { clientFields } from '../../../../../common/contract/clients-fields.ts';
import { formatDubaiDate, formatDubaiDateTime, formatFull } from '../../../lib/dates.ts';
import { personName } from '../../../lib/user-name.ts';
import { paymentFateText } from '../model.ts';
import { ProfileChecks } from './profile-checks.tsx';
import { Fact } from './profile-section.tsx';

const CALL_STATUS: Record<MeetingRecord['status'], string> = { scheduled: 'Scheduled', held: 'Held', no_show: 'No show', cancelled: 'Cancelled' };

function StepRecord({ title, children, empty }: { title: string; children: ReactNode; empty?: string | null }) {
  return (
    <section className="panel review-section" aria-label={title}>
      <h2 className="review-section__title">{title}</h2>
      {empty ? <p className="review-section__note">{empty}</p> : children}
    </section>
  );
}

const by = (person: Parameters<typeof personName>[0], at: string) => `${personName(person)}, ${formatFull(at)}`;

export function VerificationFacts({ verification }: { verification: VerificationRecord | null }) {
  return (
    <StepRecord title="Profile verification" empty={verification ? null : 'The profile has not been verified through the console.'}>
      {verification && (
        <>
          <dl className="review-facts">
            <Fact label="Verified by" value={by(verification.verified_by, verification.verified_at)} />
            <Fact label="Override" value={verification.override_reason ?? 'None: every check passed'} wide />
          </dl>
          <ProfileChecks checks={verification.checks} />
        </>
      )}
    </StepRecord>
  );
}

export function MeetingFacts({ meeting, bookedBy }: { meeting: MeetingRecord | null; bookedBy: string | null }) {
  return (
    <StepRecord title="Onboarding call" empty={meeting ? null : `No call is booked${bookedBy ? ` (booked by ${bookedBy})` : ''}.`}>
      {meeting && (
        <dl className="review-facts">
          <Fact label="Time (Dubai)" value={`${formatDubaiDateTime(meeting.starts_at)}, ${meeting.duration_minutes} min`} />
          <Fact label={registrationFields.host.label} value={personName(meeting.host)} />
          <Fact label={registrationFields.mode.label} value={MEETING_MODE_LABELS[meeting.mode]} />
          <Fact label={meeting.mode === 'video' ? 'Link' : meeting.mode === 'phone' ? 'Phone' : 'Location'} value={meeting.link_or_location} />
          <Fact label={registrationFields.outcome.label} value={CALL_STATUS[meeting.status]} />
          <Fact label="Booked by" value={by(meeting.booked_by, meeting.booked_at)} />
          {meeting.sequence > 0 && <Fact label="Rescheduled" value={`${meeting.sequence} time${meeting.sequence === 1 ? '' : 's'}`} />}
          {meeting.outcome_at && <Fact label="Marked by" value={by(meeting.outcome_by, meeting.outcome_at)} />}
          {meeting.outcome_notes && <Fact label={registrationFields.outcomeNotes.label} value={meeting.outcome_notes} wide />}
        </dl>
      )}
    </StepRecord>
  );
}

export function PlanFacts({ plan }: { plan: PlanRecord }) {
  const terms = CYCLE_TERMS[plan.cycle];
  return (
    <StepRecord title="Plan">
      <dl className="review-facts">
        <Fact label={registrationFields.plan.label} value={`${plan.plan_name} (${formatFils(plan.monthly_price_fils)} a month)`} />
        <Fact label={clientFields.cycle.label} value={terms.label} />
        <Fact label="Extra discount" value={plan.discount_bp > 0 ? `${plan.discount_bp / 100} %` : 'None'} />
        {priceLines(storedPrice(plan, plan.cycle), plan.cycle, plan.discount_bp).map((line) => (
          <Fact key={line.label} label={line.label} value={line.fils < 0 ? `- ${formatFils(-line.fils)}` : formatFils(line.fils)} />
        ))}
        <Fact label="Set by" value={by(plan.set_by, plan.set_at)} />
        <Fact label="Approved" value={plan.approved_at ? by(plan.approved_by, plan.approved_at) : 'Not yet'} />
        {plan.note && <Fact label={registrationFields.planNote.label} value={plan.note} wide />}
      </dl>
    </StepRecord>
  );
}

/** The payment; an approved plan with a zero total had none to make (common/pipeline.ts NO_PAYMENT_DUE). */
export function PaymentFacts({ payment, plan }: { payment: PaymentRecord | null; plan: PlanRecord | null }) {
  const noPaymentDue = plan?.approved_at ? skipsPayment(plan.total_fils) : false;
  const empty = noPaymentDue ? `${NO_PAYMENT_DUE.label}: the approved plan's total is ${formatFils(0)}.` : 'No payment was recorded through the console.';
  return (
    <StepRecord title="Payment" empty={payment ? null : empty}>
      {payment && (
        <dl className="review-facts">
          <Fact label={registrationFields.amount.label} value={formatFils(payment.amount_fils)} />
          <Fact label={registrationFields.method.label} value={PAYMENT_METHOD_LABELS[payment.method]} />
          <Fact label={registrationFields.reference.label} value={payment.reference} />
          <Fact label={registrationFields.paidOn.label} value={formatDubaiDate(payment.paid_on)} />
          <Fact label="Recorded by" value={by(payment.recorded_by, payment.recorded_at)} />
        </dl>
      )}
    </StepRecord>
  );
}

export function ActivationFacts({ activation }: { activation: ActivationRecord | null }) {
  return (
    <StepRecord title="Activation" empty={activation ? null : 'The account has not been activated through the console.'}>
      {activation && (
        <dl className="review-facts">
          <Fact label="Activated by" value={by(activation.activated_by, activation.activated_at)} />
          <Fact label={registrationFields.bookkeeper.label} value={personName(activation.bookkeeper)} />
          <Fact label={registrationFields.reviewer.label} value={personName(activation.reviewer)} />
          <Fact label="Subscription starts" value={formatDubaiDate(activation.starts_on)} />
          <Fact label="Client record" value={`#${activation.client_id}`} />
        </dl>
      )}
    </StepRecord>
  );
}

export function WithdrawalNotice({ withdrawal }: { withdrawal: WithdrawalRecord }) {
  return (
    <section className="panel review-section withdrawal-notice" aria-label="Withdrawn">
      <p>
        <strong>Withdrawn</strong> by {by(withdrawal.withdrawn_by, withdrawal.withdrawn_at)}: {withdrawal.reason}
      </p>
      {withdrawal.payment && withdrawal.payment_fate && <p>{paymentFateText(withdrawal.payment, withdrawal.payment_fate)}</p>}
    </section>
  );
}
