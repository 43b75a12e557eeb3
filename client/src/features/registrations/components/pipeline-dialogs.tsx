/**
 * The pipeline's dialogs, one per action that asks for something (pipeline-actions.tsx opens them; loaded
 * with the first one opened, so the list pages' chunks stay small). Each write goes through useAction with
 * the version the page or row shows: 'Please Wait' while it runs, one success toast, the answer shown at
 * once and everything under 'registrations' read again; a 409 closes the dialog over the page, which reads
 * the latest version (a booking refused for the host's other call keeps its form instead).
 */
import { useId, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { RegistrationReview } from '../../../../../common/contract/registrations.ts';
import { MAX_CALL_PLACE_LENGTH } from '../../../../../common/contract/registrations-paths.ts';
import { dubaiDateTimeIso, dubaiInputs, formatDubaiDay } from '../../../../../common/dubai-time.ts';
import { filsToDecimal, formatFils } from '../../../../../common/money.ts';
import {
  DEFAULT_CALL_TIME,
  MAX_DISCOUNT_BP_WITHOUT_ADMIN,
  MAX_REASON_LENGTH,
  MEETING_DURATION,
  MEETING_MODES,
  MEETING_MODE_LABELS,
  MEETING_PLACE_LABELS,
  NO_PAYMENT_DUE,
  SECOND_APPROVER_DISCOUNT_BP,
  PAYMENT_FATES,
  PAYMENT_FATE_LABELS,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  pipelineAction,
  secondApproverNotice,
  selfApprovalRefusal,
  skipsPayment,
  type MeetingMode,
  type MeetingOutcome,
  type PaymentFate,
  type PaymentMethod,
} from '../../../../../common/pipeline.ts';
import { BILLING_CYCLES, CYCLE_TERMS, priceLines, type BillingCycle } from '../../../../../common/pricing.ts';
import { CountedTextField, TextArea } from '../../../components/counted-field.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { FieldFrame, TextField } from '../../../components/text-field.tsx';
import { queryCache } from '../../../lib/query-cache.ts';
import { useAction } from '../../../lib/use-action.ts';
import { session } from '../../../state/session.ts';
import {
  activate,
  approvePlan,
  bookMeeting,
  cancelMeeting,
  recordOutcome,
  recordPayment,
  registrationKeys,
  reinstate,
  setPlan,
  useAccountTeam,
  useCycles,
  useHosts,
  usePlans,
  useReview,
  verifyProfile,
  withdraw,
} from '../api.ts';
import { defaultMeetingHost, dubaiToday, nextWorkingDay, personName, planQuote, readDiscount, type ActionTarget, type OpenDialog } from '../model.ts';
import { ProfileChecks } from './profile-checks.tsx';
import { initialTin, PlanTinField, tinProblem } from './plan-tin-field.tsx';

export function ActionDialog({ open, target, onClose }: { open: OpenDialog; target: ActionTarget; onClose: () => void }) {
  if (typeof open === 'object') return <OutcomeDialog target={target} outcome={open.outcome} onClose={onClose} />;
  switch (open) {
    case 'verify_profile':
      return <VerifyProfileDialog target={target} onClose={onClose} />;
    case 'book_meeting':
    case 'reschedule_meeting':
      return <MeetingDialog target={target} reschedule={open === 'reschedule_meeting'} onClose={onClose} />;
    case 'cancel_meeting':
      return <ReasonDialog target={target} action="cancel_meeting" onClose={onClose} />;
    case 'withdraw':
      return <WithdrawDialog target={target} onClose={onClose} />;
    case 'reinstate':
      return <ReinstateDialog target={target} onClose={onClose} />;
    case 'set_plan':
      return <PlanDialog target={target} onClose={onClose} />;
    case 'approve_plan':
      return <ApprovePlanDialog target={target} onClose={onClose} />;
    case 'record_payment':
      return <PaymentDialog target={target} onClose={onClose} />;
    case 'activate':
      return <ActivateDialog target={target} onClose={onClose} />;
  }
}

/**
 * useAction for one dialog's write: the answer shown at once, the dialog closed, every registrations view
 * read again. A 409 closes it over the page showing the latest version, unless `keepOnConflict`: a booking
 * refused for the host's other call keeps the form, with the reason, to pick another time.
 */
function useDialogAction<I>(
  target: ActionTarget,
  onClose: () => void,
  success: string,
  run: (input: I, headers: Record<string, string>) => Promise<RegistrationReview>,
  keepOnConflict = false,
) {
  return useAction<I, RegistrationReview>({
    run: (input, { headers }) => run(input, headers),
    success,
    invalidates: [registrationKeys.all],
    onSuccess: (answer) => {
      queryCache.setData(registrationKeys.review(target.id), answer);
      onClose();
    },
    onConflict: keepOnConflict ? undefined : onClose,
  });
}

/** The dialog's first line: which registration it acts on. */
function Subject({ target }: { target: ActionTarget }) {
  return (
    <p className="pipeline-dialog__subject">
      {target.legal_name} <span className="pipeline-dialog__muted">({target.registration_id})</span>
    </p>
  );
}

function SelectField<T extends string | number>({
  id,
  label,
  value,
  options,
  onChange,
  hint,
  error,
}: {
  id: string;
  label: string;
  value: T | '';
  options: readonly { value: T; label: string }[];
  onChange: (value: string) => void;
  hint?: string;
  error?: string | undefined;
}) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select id={id} className="field__input" value={value} aria-invalid={error ? true : undefined} onChange={(event) => onChange(event.target.value)}>
        {value === '' && <option value="">Choose...</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

// ------------------------------------------------------------------------------------ the dialogs

function VerifyProfileDialog({ target, onClose }: { target: ActionTarget; onClose: () => void }) {
  const review = useReview(String(target.id));
  const [override, setOverride] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const checks = review.data?.profile_checks ?? [];
  const failing = checks.filter((check) => !check.passed);
  const action = useDialogAction<void>(target, onClose, `Profile of ${target.legal_name} verified`, (_input, headers) =>
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

function ReasonDialog({ target, action: key, onClose }: { target: ActionTarget; action: 'cancel_meeting'; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const action = useDialogAction<void>(target, onClose, 'Call cancelled', (_input, headers) => cancelMeeting(target.id, target.version, reason, headers));
  const { label, confirm } = pipelineAction(key);
  return (
    <FormDialog
      title={`${label}?`}
      submitLabel={label}
      submitVariant="danger"
      busy={action.busy}
      error={action.formError}
      submitDisabled={reason.trim() === ''}
      onSubmit={() => void action.run()}
      onClose={onClose}
    >
      <Subject target={target} />
      <p>{confirm}</p>
      <TextArea id={reasonId} label="Reason (required)" rows={3} required limit={MAX_REASON_LENGTH} error={action.fieldErrors.reason} value={reason} onValueChange={setReason} />
    </FormDialog>
  );
}

/**
 * Withdraw, with a reason. Once a payment is recorded the dialog names it and asks what becomes of it (a refund
 * to be made or a credit kept), which the withdrawal records; only a BD manager or an administrator sees it then.
 */
function WithdrawDialog({ target, onClose }: { target: ActionTarget; onClose: () => void }) {
  const review = useReview(String(target.id));
  const payment = review.data?.payment ?? null;
  const [reason, setReason] = useState('');
  const [fate, setFate] = useState<PaymentFate | ''>('');
  const ids = { reason: useId(), fate: useId() };
  const action = useDialogAction<void>(target, onClose, `${target.legal_name} withdrawn`, (_input, headers) =>
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
            label="What becomes of the payment"
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

function ReinstateDialog({ target, onClose }: { target: ActionTarget; onClose: () => void }) {
  const action = useDialogAction<void>(target, onClose, `${target.legal_name} reinstated`, (_input, headers) => reinstate(target.id, target.version, headers));
  return (
    <FormDialog title="Reinstate?" submitLabel="Reinstate" busy={action.busy} error={action.formError} onSubmit={() => void action.run()} onClose={onClose}>
      <Subject target={target} />
      <p>The registration goes back to the step it was withdrawn from, on that step's list.</p>
    </FormDialog>
  );
}

const DURATIONS = Array.from({ length: (MEETING_DURATION.max - MEETING_DURATION.min) / MEETING_DURATION.step + 1 }, (_, index) => MEETING_DURATION.min + index * MEETING_DURATION.step);

function MeetingDialog({ target, reschedule, onClose }: { target: ActionTarget; reschedule: boolean; onClose: () => void }) {
  useSignals();
  const review = useReview(String(target.id));
  const hosts = useHosts();
  const current = review.data?.meeting ?? null;
  const start = current && reschedule ? dubaiInputs(current.starts_at) : { date: nextWorkingDay(), time: DEFAULT_CALL_TIME };
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [duration, setDuration] = useState<number>(current?.duration_minutes ?? MEETING_DURATION.default);
  const [hostChoice, setHostChoice] = useState<string>('');
  const [mode, setMode] = useState<MeetingMode>(current?.mode ?? 'video');
  const [place, setPlace] = useState(current?.link_or_location ?? '');
  const ids = { date: useId(), time: useId(), duration: useId(), host: useId(), mode: useId(), place: useId() };
  // Until chosen: the call's own host when rescheduling, else the signed-in host.
  const hostId = hostChoice !== '' ? Number(hostChoice) : defaultMeetingHost(hosts.data ?? [], session.value.email, reschedule ? current : null);

  const action = useDialogAction<void>(target, onClose, reschedule ? 'Call rescheduled' : 'Call booked', (_input, headers) =>
    bookMeeting(
      target.id,
      { version: target.version, starts_at: dubaiDateTimeIso(date, time), duration_minutes: duration, host_id: hostId ?? 0, mode, link_or_location: place.trim() },
      headers,
    ),
    true,
  );
  const errors = action.fieldErrors;
  return (
    <FormDialog
      title={reschedule ? 'Reschedule the call' : 'Book the onboarding call'}
      submitLabel={reschedule ? 'Reschedule' : 'Book call'}
      busy={action.busy}
      error={action.formError}
      submitDisabled={hostId === null || date === '' || time === '' || place.trim() === ''}
      onSubmit={() => void action.run()}
      onClose={onClose}
    >
      <Subject target={target} />
      <div className="pipeline-dialog__row">
        <TextField id={ids.date} label="Date" type="date" value={date} onValueChange={setDate} required error={errors.starts_at} hint="Monday to Friday" />
        <TextField id={ids.time} label="Time (Dubai)" type="time" step={900} value={time} onValueChange={setTime} required hint="UTC+4, 08:00-20:00" />
        <SelectField
          id={ids.duration}
          label="Duration"
          value={duration}
          options={DURATIONS.map((minutes) => ({ value: minutes, label: `${minutes} min` }))}
          onChange={(value) => setDuration(Number(value))}
          error={errors.duration_minutes}
        />
      </div>
      <SelectField
        id={ids.host}
        label="Host"
        value={hostId ?? ''}
        options={(hosts.data ?? []).map((host) => ({ value: host.id, label: personName(host) }))}
        onChange={setHostChoice}
        error={errors.host_id}
      />
      <div className="pipeline-dialog__row">
        <SelectField id={ids.mode} label="Mode" value={mode} options={MEETING_MODES.map((value) => ({ value, label: MEETING_MODE_LABELS[value] }))} onChange={(value) => setMode(value as MeetingMode)} />
        <CountedTextField id={ids.place} label={MEETING_PLACE_LABELS[mode]} value={place} onValueChange={setPlace} limit={MAX_CALL_PLACE_LENGTH} required error={errors.link_or_location} />
      </div>
    </FormDialog>
  );
}

function OutcomeDialog({ target, outcome, onClose }: { target: ActionTarget; outcome: MeetingOutcome; onClose: () => void }) {
  const [notes, setNotes] = useState('');
  const notesId = useId();
  const action = useDialogAction<void>(target, onClose, outcome === 'held' ? 'Call marked held: documents requested' : 'Call marked as a no-show', (_input, headers) =>
    recordOutcome(target.id, { version: target.version, outcome, notes }, headers),
  );
  const held = outcome === 'held';
  return (
    <FormDialog title={held ? 'Mark the call held?' : 'Mark as no show?'} submitLabel={held ? 'Mark held' : 'No show'} busy={action.busy} error={action.formError} onSubmit={() => void action.run()} onClose={onClose}>
      <Subject target={target} />
      <p>{held ? 'The client is asked to upload the trade licence, passport and Emirates ID.' : 'The call stays on Call Schedule as a no-show, to be rescheduled.'}</p>
      <TextArea id={notesId} label="Notes (optional)" rows={4} limit={2_000} error={action.fieldErrors.notes} value={notes} onValueChange={setNotes} />
    </FormDialog>
  );
}

function PlanDialog({ target, onClose }: { target: ActionTarget; onClose: () => void }) {
  useSignals();
  const review = useReview(String(target.id));
  const plans = usePlans();
  const cycles = useCycles();
  const current = review.data?.plan ?? null;
  const [planChoice, setPlanChoice] = useState('');
  const [cycle, setCycle] = useState<BillingCycle | ''>('');
  const [discount, setDiscount] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const ids = { plan: useId(), cycle: useId(), discount: useId(), note: useId() };
  // Until edited, the fields hold the plan already set.
  const planId = planChoice !== '' ? Number(planChoice) : (current?.plan_id ?? null);
  const chosenCycle: BillingCycle = cycle !== '' ? cycle : (current?.cycle ?? 'monthly');
  const discountText = discount ?? (current ? String(current.discount_bp / 100) : '0');
  const noteText = note ?? current?.note ?? '';
  const plan = plans.data?.find((candidate) => candidate.id === planId) ?? null;
  const read = readDiscount(discountText);
  const quote = planQuote(plan?.monthly_price_fils ?? null, chosenCycle, read.bp);
  const adminOnly = read.bp !== null && read.bp > MAX_DISCOUNT_BP_WITHOUT_ADMIN && session.value.role !== 'ADMIN';

  const action = useDialogAction<void>(target, onClose, 'Plan set', (_input, headers) =>
    setPlan(target.id, { version: target.version, plan_id: planId ?? 0, cycle: chosenCycle, discount_percent: (read.bp ?? 0) / 100, note: noteText }, headers),
  );
  const cycleChoices = cycles.data ?? BILLING_CYCLES.map((value) => ({ value, label: CYCLE_TERMS[value].label, discount_bp: CYCLE_TERMS[value].discountBp }));
  return (
    <FormDialog
      title="Set plan"
      submitLabel="Set plan"
      busy={action.busy}
      error={action.formError}
      submitDisabled={planId === null || read.bp === null || adminOnly}
      onSubmit={() => void action.run()}
      onClose={onClose}
    >
      <Subject target={target} />
      {review.data?.phase === 'awaiting_payment' && <p className="pipeline-dialog__warning">The plan is approved: changing it withdraws the payment request until it is approved again.</p>}
      <SelectField
        id={ids.plan}
        label="Plan"
        value={planId ?? ''}
        options={(plans.data ?? []).filter((candidate) => candidate.active || candidate.id === planId).map((candidate) => ({ value: candidate.id, label: `${candidate.name} (${formatFils(candidate.monthly_price_fils)} a month)` }))}
        onChange={setPlanChoice}
        error={action.fieldErrors.plan_id}
      />
      <div className="pipeline-dialog__row">
        <SelectField
          id={ids.cycle}
          label="Billing cycle"
          value={chosenCycle}
          options={cycleChoices.map((choice) => ({ value: choice.value, label: choice.discount_bp > 0 ? `${choice.label} (${choice.discount_bp / 100} % off)` : choice.label }))}
          onChange={(value) => setCycle(value as BillingCycle)}
        />
        <TextField
          id={ids.discount}
          label="Extra discount (%)"
          inputMode="decimal"
          value={discountText}
          onValueChange={setDiscount}
          hint={session.value.role === 'ADMIN' ? 'On top of the cycle discount' : 'Above 15 % needs an administrator'}
          error={read.error ?? (adminOnly ? 'A discount above 15 % needs an administrator.' : action.fieldErrors.discount_percent)}
        />
      </div>
      <TextArea id={ids.note} label="Note (required with a discount)" rows={2} limit={MAX_REASON_LENGTH} error={action.fieldErrors.note} value={noteText} onValueChange={setNote} />
      <PriceTable quote={quote} cycle={chosenCycle} discountBp={read.bp ?? 0} />
      {read.bp !== null && read.bp > SECOND_APPROVER_DISCOUNT_BP && <p className="pipeline-dialog__warning">{secondApproverNotice(read.bp)}</p>}
      {quote && skipsPayment(quote.total_fils) && <p className="pipeline-dialog__warning">{NO_PAYMENT_DUE.label}: approving this plan moves the registration straight on to Activation.</p>}
    </FormDialog>
  );
}

/** The price per cycle as it is edited, line by line (common/pricing.ts priceLines, in fils): each discount its own line. */
function PriceTable({ quote, cycle, discountBp }: { quote: ReturnType<typeof planQuote>; cycle: BillingCycle; discountBp: number }) {
  const lines = quote ? priceLines(quote, cycle, discountBp) : [];
  return (
    <dl className="price-table" aria-label="Price" aria-live="polite">
      {quote ? (
        lines.map((line) => (
          <div key={line.label} className={line.kind === 'total' ? 'price-table__row price-table__row--total' : 'price-table__row'}>
            <dt>{line.label}</dt>
            <dd data-testid={line.kind === 'total' ? 'plan-total' : undefined}>{line.fils < 0 ? `- ${formatFils(-line.fils)}` : formatFils(line.fils)}</dd>
          </div>
        ))
      ) : (
        <div className="price-table__row">
          <dt>Total</dt>
          <dd>Choose a plan and a valid discount</dd>
        </div>
      )}
    </dl>
  );
}

function ApprovePlanDialog({ target, onClose }: { target: ActionTarget; onClose: () => void }) {
  useSignals();
  const review = useReview(String(target.id));
  const plan = review.data?.plan ?? null;
  const free = plan !== null && skipsPayment(plan.total_fils);
  // The company's TIN, asked for with its TRN (plan-tin-field.tsx).
  const [tin, setTin] = useState<string | null>(null);
  const tinText = tin ?? initialTin(review.data?.profile);
  // A discount above the threshold needs a second person: the one who set the plan sees why they cannot approve it.
  const ownDiscount = plan !== null && plan.set_by !== null && plan.set_by.email.toLowerCase() === (session.value.email ?? '').toLowerCase() ? selfApprovalRefusal(plan.discount_bp) : null;
  const action = useDialogAction<void>(target, onClose, free ? NO_PAYMENT_DUE.done : 'Plan approved: payment requested', (_input, headers) =>
    approvePlan(target.id, target.version, headers, tinText.trim() || null),
  );
  return (
    <FormDialog
      title="Approve plan?"
      submitLabel="Approve plan"
      busy={action.busy}
      error={action.formError}
      submitDisabled={!plan || ownDiscount !== null || tinProblem(tinText) !== null}
      disabledReason={!plan ? 'Set a plan first.' : ownDiscount ?? 'Correct the TIN first.'}
      onSubmit={() => void action.run()}
      onClose={onClose}
    >
      <Subject target={target} />
      <p>{free ? NO_PAYMENT_DUE.confirm : pipelineAction('approve_plan').confirm}</p>
      {ownDiscount && <p className="pipeline-dialog__warning">{ownDiscount}</p>}
      {plan && (
        <dl className="price-table">
          <div className="price-table__row">
            <dt>Plan</dt>
            <dd>
              {plan.plan_name}, {CYCLE_TERMS[plan.cycle].label.toLowerCase()}
            </dd>
          </div>
          <div className="price-table__row price-table__row--total">
            <dt>Total incl. VAT</dt>
            <dd>{formatFils(plan.total_fils)}</dd>
          </div>
        </dl>
      )}
      <PlanTinField profile={review.data?.profile} value={tinText} onChange={setTin} error={action.fieldErrors.tin} />
    </FormDialog>
  );
}

function PaymentDialog({ target, onClose }: { target: ActionTarget; onClose: () => void }) {
  const review = useReview(String(target.id));
  const total = review.data?.plan?.total_fils ?? null;
  const [amount, setAmount] = useState<string | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('bank_transfer');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(dubaiToday());
  const ids = { amount: useId(), method: useId(), reference: useId(), paid: useId() };
  const amountText = amount ?? (total === null ? '' : filsToDecimal(total));
  const action = useDialogAction<void>(target, onClose, 'Payment recorded', (_input, headers) =>
    recordPayment(target.id, { version: target.version, amount_aed: amountText.trim(), method, reference: reference.trim(), paid_on: paidOn }, headers),
  );
  const errors = action.fieldErrors;
  return (
    <FormDialog
      title="Record payment"
      submitLabel="Record payment"
      busy={action.busy}
      error={action.formError}
      submitDisabled={amountText.trim() === '' || reference.trim() === '' || paidOn === ''}
      onSubmit={() => void action.run()}
      onClose={onClose}
    >
      <Subject target={target} />
      <p>{pipelineAction('record_payment').confirm}</p>
      <div className="pipeline-dialog__row">
        <TextField
          id={ids.amount}
          label="Amount (AED)"
          inputMode="decimal"
          value={amountText}
          onValueChange={setAmount}
          hint={total === null ? undefined : `Approved total ${formatFils(total)}`}
          error={errors.amount_aed}
        />
        <SelectField id={ids.method} label="Method" value={method} options={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))} onChange={(value) => setMethod(value as PaymentMethod)} />
      </div>
      <div className="pipeline-dialog__row">
        <CountedTextField
          id={ids.reference}
          label="Reference"
          value={reference}
          onValueChange={setReference}
          limit={100}
          required
          error={errors.reference ?? (reference !== '' && reference.trim() === '' ? 'Reference must be more than spaces: the transfer, card or cheque reference.' : undefined)}
        />
        <TextField id={ids.paid} label="Paid on" type="date" value={paidOn} onValueChange={setPaidOn} max={dubaiToday()} required error={errors.paid_on} />
      </div>
    </FormDialog>
  );
}

function ActivateDialog({ target, onClose }: { target: ActionTarget; onClose: () => void }) {
  const team = useAccountTeam();
  const [bookkeeper, setBookkeeper] = useState('');
  const [reviewer, setReviewer] = useState('');
  const [startsOn, setStartsOn] = useState(dubaiToday());
  const ids = { bookkeeper: useId(), reviewer: useId(), starts: useId() };
  const action = useDialogAction<void>(target, onClose, `${target.legal_name} is now an active client`, (_input, headers) =>
    activate(target.id, { version: target.version, bookkeeper_id: Number(bookkeeper), reviewer_id: Number(reviewer), starts_on: startsOn }, headers),
  );
  const errors = action.fieldErrors;
  return (
    <FormDialog
      title="Activate account?"
      submitLabel="Activate account"
      busy={action.busy}
      error={action.formError}
      submitDisabled={bookkeeper === '' || reviewer === '' || startsOn === ''}
      onSubmit={() => void action.run()}
      onClose={onClose}
    >
      <Subject target={target} />
      <p>{pipelineAction('activate').confirm}</p>
      <SelectField
        id={ids.bookkeeper}
        label="Bookkeeper"
        value={bookkeeper}
        options={(team.data?.bookkeepers ?? []).map((person) => ({ value: String(person.id), label: personName(person) }))}
        onChange={setBookkeeper}
        error={errors.bookkeeper_id}
      />
      <SelectField
        id={ids.reviewer}
        label="Reviewer"
        value={reviewer}
        options={(team.data?.reviewers ?? []).map((person) => ({ value: String(person.id), label: personName(person) }))}
        onChange={setReviewer}
        error={errors.reviewer_id}
      />
      <TextField id={ids.starts} label="Subscription starts on" type="date" value={startsOn} onValueChange={setStartsOn} min={dubaiToday()} required error={errors.starts_on} />
    </FormDialog>
  );
}
