/**
 * The banner every staff page of a frozen client shows (its Clients pages and its registration's): since when
 * it is frozen, what that means, and the lift: a compliance officer asks with a reason, a second person (ADMIN
 * or REVIEWER, not the one who asked) approves. The area passes its own calls; the server decides who may.
 */
import { useId, useState } from 'react';
import { MIN_LIFT_REASON } from '../../../common/contract/aml-paths.ts';
import type { ClientFreeze } from '../../../common/contract/aml-freeze.ts';
import { formatDubaiDate, formatDubaiDateTime } from '../lib/dates.ts';
import type { EndpointHandle } from '../lib/endpoints.ts';
import { useAction } from '../lib/use-action.ts';
import { Button } from './button.tsx';
import { FormDialog } from './dialog.tsx';
import { TextField } from './text-field.tsx';
import { personName } from '../lib/user-name.ts';
import './freeze-banner.css';

export interface FreezeBannerProps {
  freeze: ClientFreeze;
  /** An ADMIN may ask (the server lets only compliance officers); null: not offered. */
  requestLift: ((reason: string, headers: Record<string, string>) => Promise<unknown>) | null;
  /** An ADMIN or REVIEWER other than the one who asked; null: not offered. */
  approveLift: ((headers: Record<string, string>) => Promise<unknown>) | null;
  /** The two writes' endpoints: what each changes is read again, as the contract declares it. */
  endpoints: { request: EndpointHandle; approve: EndpointHandle };
}


export function FreezeBanner({ freeze, requestLift, approveLift, endpoints }: FreezeBannerProps) {
  const [asking, setAsking] = useState(false);
  const approve = useAction<void, unknown>({
    run: (_input, { headers }) => approveLift!(headers),
    success: 'Freeze lifted',
    endpoint: endpoints.approve,
  });
  const lift = freeze.lift_requested;
  return (
    <section className="freeze-banner" aria-label="Frozen">
      <p className="freeze-banner__text">
        <strong>Frozen</strong> since {formatDubaiDate(freeze.at)} by a confirmed sanctions match: nothing may be done for this client until the freeze is lifted. Chat
        replies stay possible; do not tell the client.
      </p>
      {lift && (
        <p className="freeze-banner__text">
          Lifting asked for by {personName(lift.by)} on {formatDubaiDateTime(lift.at)}: {lift.reason} It waits for a second approver.
        </p>
      )}
      <div className="freeze-banner__actions">
        {!lift && requestLift && (
          <Button variant="outlined" onClick={() => setAsking(true)}>
            Ask to lift the freeze
          </Button>
        )}
        {lift && approveLift && (
          <Button variant="danger" loading={approve.busy} onClick={() => void approve.run()}>
            Approve lifting the freeze
          </Button>
        )}
      </div>
      {asking && requestLift && <RequestLiftDialog requestLift={requestLift} endpoint={endpoints.request} onClose={() => setAsking(false)} />}
    </section>
  );
}

function RequestLiftDialog({ requestLift, endpoint, onClose }: { requestLift: NonNullable<FreezeBannerProps['requestLift']>; endpoint: EndpointHandle; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const action = useAction<void, unknown>({
    run: (_input, { headers }) => requestLift(reason, headers),
    success: 'Lift asked for: a second person approves it',
    endpoint,
    onSuccess: onClose,
    onConflict: onClose,
  });
  const short = reason.trim().length < MIN_LIFT_REASON;
  return (
    <FormDialog title="Ask to lift the freeze?" submitLabel="Ask to lift" busy={action.busy} error={action.formError} submitDisabled={short} onSubmit={() => void action.run()} onClose={onClose}>
      <p>A compliance officer asks, with the reason; the freeze ends when a second person (an ADMIN or REVIEWER) approves.</p>
      <TextField
        id={reasonId}
        label="Reason (required)"
        value={reason}
        onValueChange={setReason}
        hint={short ? `At least ${MIN_LIFT_REASON} characters: say why the freeze may end (e.g. the entry was delisted).` : undefined}
        error={action.fieldErrors.reason}
      />
    </FormDialog>
  );
}
