import { useId, useState } from 'react';
import { CANCEL_REASONS, CANCEL_REASON_LABELS, CLIENT_STATUS_LABELS, MAX_NOTE_LENGTH, type CancelReason } from '../../../../../common/clients.ts';
import type { ClientDetail, Subscription } from '../../../../../common/contract/clients.ts';
import { formatFils } from '../../../../../common/money.ts';
import { BILLING_CYCLES, CYCLE_TERMS, cyclePrice, type BillingCycle } from '../../../../../common/pricing.ts';
import { Button } from '../../../components/button.tsx';
import { TextArea } from '../../../components/counted-field.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { cancelSubscription, changeSubscription, clients, pauseSubscription, resumeSubscription, usePlans } from '../api.ts';
import { CLIENT_STATUS_VARIANTS } from '../model.ts';
import { Fact } from './overview-tab.tsx';
import { Select } from '../../../components/select.tsx';
import { dubaiDate } from '../../../../../common/calendar.ts';
import { clientFields } from '../../../../../common/contract/clients-fields.ts';
import { formatDubaiDate } from '../../../lib/dates.ts';

type Dialog = 'change' | 'pause' | 'resume' | 'cancel' | 'withdraw' | null;

/** The subscription in force: price in fils with VAT, renewal, status, a change scheduled for the renewal, and its actions. */
export function SubscriptionTab({ client }: { client: ClientDetail }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const subscription = client.subscription;
  if (!subscription) {
    return (
      <section className="panel client-section">
        <p className="client-muted">This client has no subscription.</p>
      </section>
    );
  }
  const can = client.can.edit;
  const cancelled = subscription.status === 'cancelled';
  return (
    <section className="panel client-section" aria-labelledby="client-subscription">
      <div className="client-section__head">
        <h2 id="client-subscription" className="client-section__title">
          Subscription <StatusChip variant={CLIENT_STATUS_VARIANTS[subscription.status]}>{CLIENT_STATUS_LABELS[subscription.status]}</StatusChip>
        </h2>
        {can && !cancelled && (
          <div className="client-actions">
            <Button variant="outlined" onClick={() => setDialog('change')}>
              Change plan or cycle
            </Button>
            {subscription.status === 'active' ? (
              <Button variant="outlined" onClick={() => setDialog('pause')}>
                Pause
              </Button>
            ) : (
              <Button variant="outlined" onClick={() => setDialog('resume')}>
                Resume
              </Button>
            )}
            <Button variant="danger" onClick={() => setDialog('cancel')}>
              Cancel subscription
            </Button>
          </div>
        )}
      </div>
      <dl className="client-facts client-facts--wide">
        <Fact term="Plan" value={subscription.plan.name} />
        <Fact term="Cycle" value={CYCLE_TERMS[subscription.cycle].label} />
        <Fact term="Price (before VAT)" value={formatFils(subscription.price.net_fils)} />
        <Fact term="VAT 5 %" value={formatFils(subscription.price.vat_fils)} />
        <Fact term="Total per cycle" value={formatFils(subscription.price.total_fils)} />
        {subscription.discount_bp > 0 && (
          <Fact term="Negotiated discount" value={`${subscription.discount_bp / 100} %${subscription.discount_note ? `: ${subscription.discount_note}` : ''}`} />
        )}
        {/* A subscription activated to start on a later day has not begun yet (Dubai days). */}
        <Fact term={subscription.starts_on > dubaiDate(Date.now()) ? 'First cycle begins' : 'Current cycle began'} value={formatDubaiDate(subscription.starts_on)} />
        <Fact term="Next renewal" value={cancelled ? '-' : subscription.status === 'paused' ? 'Moves on by the days paused when it resumes' : formatDubaiDate(subscription.next_renewal_on)} />
        {subscription.paused_on && <Fact term="Paused since" value={formatDubaiDate(subscription.paused_on)} />}
        {subscription.cancelled_on && <Fact term="Cancelled on" value={formatDubaiDate(subscription.cancelled_on)} />}
        {subscription.cancel_reason && <Fact term="Reason" value={`${CANCEL_REASON_LABELS[subscription.cancel_reason]}${subscription.cancel_note ? `: ${subscription.cancel_note}` : ''}`} />}
      </dl>
      {subscription.scheduled && (
        <div className="client-scheduled" role="status">
          <StatusChip variant="blue">Scheduled</StatusChip>
          <span>
            {subscription.status === 'paused' ? 'From the first renewal after it resumes' : `From ${formatDubaiDate(subscription.scheduled.effective_on)}`}: {subscription.scheduled.plan.name}, {CYCLE_TERMS[subscription.scheduled.cycle].label}, {formatFils(subscription.scheduled.price.total_fils)} per cycle with VAT.
          </span>
          {can && (
            <Button variant="ghost" onClick={() => setDialog('withdraw')}>
              Withdraw
            </Button>
          )}
        </div>
      )}
      {dialog === 'change' && <ChangeDialog subscription={subscription} onClose={close} />}
      {dialog === 'withdraw' && <WithdrawDialog subscription={subscription} onClose={close} />}
      {(dialog === 'pause' || dialog === 'resume') && <PauseDialog subscription={subscription} resume={dialog === 'resume'} onClose={close} />}
      {dialog === 'cancel' && <CancelDialog subscription={subscription} onClose={close} />}
    </section>
  );
}

interface DialogProps {
  subscription: Subscription;
  onClose: () => void;
}

function ChangeDialog({ subscription, onClose }: DialogProps) {
  const plans = usePlans();
  const id = useId();
  const [planId, setPlanId] = useState(String(subscription.scheduled?.plan.id ?? subscription.plan.id));
  const [cycle, setCycle] = useState<BillingCycle>(subscription.scheduled?.cycle ?? subscription.cycle);
  const plan = plans.data?.find((candidate) => String(candidate.id) === planId);
  const price = plan ? cyclePrice(plan.monthly_price_fils, cycle, subscription.discount_bp) : null;
  const same = Number(planId) === subscription.plan.id && cycle === subscription.cycle;
  const change = useAction<void, Subscription>({
    run: (_input, { headers }) => changeSubscription(subscription.id, { plan_id: Number(planId), cycle, version: subscription.version }, headers),
    success: 'Change scheduled for the next renewal',
    endpoint: clients.changeSubscription,
    onSuccess: onClose,
    onConflict: onClose,
  });
  return (
    <FormDialog title="Change plan or cycle" submitLabel="Schedule the change" busy={change.busy} error={change.formError} submitDisabled={same || !plan} onSubmit={() => void change.run()} onClose={onClose}>
      <p>
        The change takes effect at the next renewal{subscription.status === 'paused' ? ', the first after the subscription resumes' : `, on ${formatDubaiDate(subscription.next_renewal_on)}`}. Until then the client keeps{' '}
        {subscription.plan.name}, {CYCLE_TERMS[subscription.cycle].label}.
      </p>
      <div>
        <Select id={`${id}-plan`} field={clientFields.plan} value={planId} onChange={setPlanId} error={change.fieldErrors.plan_id}>
          {(plans.data ?? []).filter((candidate) => candidate.active || candidate.id === subscription.plan.id).map((candidate) => (
            <option key={candidate.id} value={String(candidate.id)}>
              {candidate.name} ({formatFils(candidate.monthly_price_fils)} a month)
            </option>
          ))}
        </Select>
        <Select id={`${id}-cycle`} field={clientFields.cycle} value={cycle} onChange={(value) => setCycle(value as BillingCycle)} error={change.fieldErrors.cycle}>
          {BILLING_CYCLES.map((value) => (
            <option key={value} value={value}>
              {CYCLE_TERMS[value].label}
            </option>
          ))}
        </Select>
      </div>
      {price && (
        <p className="client-price" aria-live="polite">
          {formatFils(price.net_fils)} + VAT {formatFils(price.vat_fils)} = <strong>{formatFils(price.total_fils)}</strong> per cycle
        </p>
      )}
      {same && <p className="client-muted">This is the current plan and cycle.</p>}
    </FormDialog>
  );
}

/** Withdrawing is a change back to the plan and cycle in force. */
function WithdrawDialog({ subscription, onClose }: DialogProps) {
  const withdraw = useAction<void, Subscription>({
    run: (_input, { headers }) => changeSubscription(subscription.id, { plan_id: subscription.plan.id, cycle: subscription.cycle, version: subscription.version }, headers),
    success: 'Scheduled change withdrawn',
    endpoint: clients.changeSubscription,
    onSuccess: onClose,
    onConflict: onClose,
  });
  return (
    <FormDialog title="Withdraw the scheduled change?" submitLabel="Withdraw" busy={withdraw.busy} error={withdraw.formError} onSubmit={() => void withdraw.run()} onClose={onClose}>
      <p>The client stays on {subscription.plan.name}, {CYCLE_TERMS[subscription.cycle].label}, after the renewal.</p>
    </FormDialog>
  );
}

function PauseDialog({ subscription, resume, onClose }: DialogProps & { resume: boolean }) {
  const action = useAction<void, Subscription>({
    run: (_input, { headers }) => (resume ? resumeSubscription : pauseSubscription)(subscription.id, subscription.version, headers),
    success: resume ? 'Subscription resumed' : 'Subscription paused',
    endpoint: (resume ? clients.resumeSubscription : clients.pauseSubscription),
    onSuccess: onClose,
    onConflict: onClose,
  });
  return (
    <FormDialog title={resume ? 'Resume the subscription?' : 'Pause the subscription?'} submitLabel={resume ? 'Resume' : 'Pause'} busy={action.busy} error={action.formError} onSubmit={() => void action.run()} onClose={onClose}>
      <p>{resume ? 'The next renewal moves on by the days the subscription was paused.' : 'Nothing renews while the subscription is paused; the client shows as paused.'}</p>
    </FormDialog>
  );
}

function CancelDialog({ subscription, onClose }: DialogProps) {
  const id = useId();
  const [reason, setReason] = useState<CancelReason>('client_request');
  const [note, setNote] = useState('');
  const cancel = useAction<void, Subscription>({
    run: (_input, { headers }) => cancelSubscription(subscription.id, { reason, note: note.trim(), version: subscription.version }, headers),
    success: 'Subscription cancelled',
    endpoint: clients.cancelSubscription,
    onSuccess: onClose,
    onConflict: onClose,
  });
  return (
    <FormDialog title="Cancel the subscription?" submitLabel="Cancel subscription" submitVariant="danger" busy={cancel.busy} error={cancel.formError} submitDisabled={note.length > MAX_NOTE_LENGTH} onSubmit={() => void cancel.run()} onClose={onClose}>
      <Select id={`${id}-reason`} field={clientFields.cancelReason} value={reason} onChange={(value) => setReason(value as CancelReason)} error={cancel.fieldErrors.reason}>
        {CANCEL_REASONS.map((value) => (
          <option key={value} value={value}>
            {CANCEL_REASON_LABELS[value]}
          </option>
        ))}
      </Select>
      <TextArea id={`${id}-note`} field={clientFields.cancelNote} rows={3} value={note} onValueChange={setNote} error={cancel.fieldErrors.note} />
    </FormDialog>
  );
}
