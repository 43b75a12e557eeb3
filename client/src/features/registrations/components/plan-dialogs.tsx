/** The plan's dialogs: set it with its price lines, approve it, record the payment, activate the client. */
import { registrationFields } from '../../../../../common/contract/registrations-fields.ts';
import { useId, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { filsToDecimal, formatFils } from '../../../../../common/money.ts';
import {
  MAX_DISCOUNT_BP_WITHOUT_ADMIN,
  MAX_REASON_LENGTH,
  NO_PAYMENT_DUE,
  SECOND_APPROVER_DISCOUNT_BP,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  pipelineAction,
  secondApproverNotice,
  selfApprovalRefusal,
  skipsPayment,
  type PaymentMethod,
} from '../../../../../common/pipeline.ts';
import { BILLING_CYCLES, CYCLE_TERMS, priceLines, type BillingCycle } from '../../../../../common/pricing.ts';
import { CountedTextField, TextArea } from '../../../components/counted-field.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { session } from '../../../state/session.ts';
import { activate, approvePlan, recordPayment, registrations, setPlan, useAccountTeam, useCycles, usePlans, useReview } from '../api.ts';
import { dubaiToday, planQuote, readDiscount, type ActionTarget } from '../model.ts';
import { personName } from '../../../lib/user-name.ts';
import { initialTin, PlanTinField, tinProblem } from './plan-tin-field.tsx';
import { SelectField, Subject, useDialogAction } from './pipeline-dialog-parts.tsx';

export function PlanDialog({ target, onClose }: { target: ActionTarget; onClose: () => void }) {
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

  const action = useDialogAction<void>(registrations.setPlan, target, onClose, 'Plan set', (_input, headers) =>
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
        label={registrationFields.plan.label}
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

export function ApprovePlanDialog({ target, onClose }: { target: ActionTarget; onClose: () => void }) {
  useSignals();
  const review = useReview(String(target.id));
  const plan = review.data?.plan ?? null;
  const free = plan !== null && skipsPayment(plan.total_fils);
  // The company's TIN, asked for with its TRN (plan-tin-field.tsx).
  const [tin, setTin] = useState<string | null>(null);
  const tinText = tin ?? initialTin(review.data?.profile);
  // A discount above the threshold needs a second person: the one who set the plan sees why they cannot approve it.
  const ownDiscount = plan !== null && plan.set_by !== null && plan.set_by.email.toLowerCase() === (session.value.email ?? '').toLowerCase() ? selfApprovalRefusal(plan.discount_bp) : null;
  const action = useDialogAction<void>(registrations.approvePlan, target, onClose, free ? NO_PAYMENT_DUE.done : 'Plan approved: payment requested', (_input, headers) =>
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

export function PaymentDialog({ target, onClose }: { target: ActionTarget; onClose: () => void }) {
  const review = useReview(String(target.id));
  const total = review.data?.plan?.total_fils ?? null;
  const [amount, setAmount] = useState<string | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('bank_transfer');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(dubaiToday());
  const ids = { amount: useId(), method: useId(), reference: useId(), paid: useId() };
  const amountText = amount ?? (total === null ? '' : filsToDecimal(total));
  const action = useDialogAction<void>(registrations.payment, target, onClose, 'Payment recorded', (_input, headers) =>
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
        <SelectField id={ids.method} label={registrationFields.method.label} value={method} options={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))} onChange={(value) => setMethod(value as PaymentMethod)} />
      </div>
      <div className="pipeline-dialog__row">
        <CountedTextField
          id={ids.reference}
          field={registrationFields.reference}
          value={reference}
          onValueChange={setReference}
                    required
          error={errors.reference ?? (reference !== '' && reference.trim() === '' ? 'Reference must be more than spaces: the transfer, card or cheque reference.' : undefined)}
        />
        <TextField id={ids.paid} field={registrationFields.paidOn} type="date" value={paidOn} onValueChange={setPaidOn} max={dubaiToday()} required error={errors.paid_on} />
      </div>
    </FormDialog>
  );
}

export function ActivateDialog({ target, onClose }: { target: ActionTarget; onClose: () => void }) {
  const team = useAccountTeam();
  const [bookkeeper, setBookkeeper] = useState('');
  const [reviewer, setReviewer] = useState('');
  const [startsOn, setStartsOn] = useState(dubaiToday());
  const ids = { bookkeeper: useId(), reviewer: useId(), starts: useId() };
  const action = useDialogAction<void>(registrations.activate, target, onClose, `${target.legal_name} is now an active client`, (_input, headers) =>
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
        label={registrationFields.bookkeeper.label}
        value={bookkeeper}
        options={(team.data?.bookkeepers ?? []).map((person) => ({ value: String(person.id), label: personName(person) }))}
        onChange={setBookkeeper}
        error={errors.bookkeeper_id}
      />
      <SelectField
        id={ids.reviewer}
        label={registrationFields.reviewer.label}
        value={reviewer}
        options={(team.data?.reviewers ?? []).map((person) => ({ value: String(person.id), label: personName(person) }))}
        onChange={setReviewer}
        error={errors.reviewer_id}
      />
      <TextField id={ids.starts} label="Subscription starts on" type="date" value={startsOn} onValueChange={setStartsOn} min={dubaiToday()} required error={errors.starts_on} />
    </FormDialog>
  );
}
