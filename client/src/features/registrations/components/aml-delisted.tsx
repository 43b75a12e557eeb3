import { useId, useState } from 'react';
import type { Screening, ScreeningMatch } from '../../../../../common/contract/aml.ts';
import { Button } from '../../../components/button.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatFull } from '../../../lib/dates.ts';
import { useAction } from '../../../lib/use-action.ts';
import { aml, closeDelisted } from '../aml-api.ts';
import { personName } from '../../../lib/user-name.ts';

const PREVIOUS: Record<NonNullable<ScreeningMatch['delisted']>['previous_state'], string> = { potential: 'undecided', confirmed: 'confirmed', false_positive: 'a false positive' };

/** A match whose list entry was delisted: what it was and who decided it, and 'Close as delisted' until a person has. */
export function DelistedMatch({ userId, match, name }: { userId: number; match: ScreeningMatch; name: string }) {
  const [closing, setClosing] = useState(false);
  const delisted = match.delisted!;
  const history = `Delisted on ${formatFull(delisted.at)}; it was ${PREVIOUS[delisted.previous_state]}${match.decided_by ? ` (${personName(match.decided_by)}: ${match.reason ?? ''})` : ''}.`;
  return (
    <div className="aml-muted">
      <p>{history}</p>
      {match.state === 'delisted' ? (
        <p>
          Closed by {personName(delisted.closed_by)}: {delisted.reason}
        </p>
      ) : (
        <div className="review-actions__row">
          <Button variant="outlined" onClick={() => setClosing(true)}>
            Close as delisted
          </Button>
        </div>
      )}
      {closing && <CloseDialog userId={userId} match={match} name={name} onClose={() => setClosing(false)} />}
    </div>
  );
}

function CloseDialog({ userId, match, name, onClose }: { userId: number; match: ScreeningMatch; name: string; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const action = useAction<void, Screening>({
    run: (_input, { headers }) => closeDelisted(userId, match.id, { version: match.version, reason }, headers),
    success: 'Delisted match closed',
    endpoint: aml.closeDelisted,
    onSuccess: onClose,
    onConflict: onClose,
  });
  return (
    <FormDialog title="Close the delisted match?" submitLabel="Close as delisted" busy={action.busy} submitDisabled={reason.trim() === ''} error={action.formError} onSubmit={() => void action.run()} onClose={onClose}>
      <p>
        {name} against {match.candidate.reference} ({match.candidate.listed_name}), no longer on the list. A freeze it caused is lifted only by its own procedure.
      </p>
      <TextField id={reasonId} label="Reason (required)" value={reason} onValueChange={setReason} error={action.fieldErrors.reason} />
    </FormDialog>
  );
}
