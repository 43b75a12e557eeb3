/**
 * The AML file's retention (common/aml.ts: five years after the relationship ended) and a compliance officer's
 * legal hold, which keeps the file from the scheduled purge until lifted. The session does not know whether an
 * ADMIN is a compliance officer: the buttons are offered to every ADMIN and the server's 403 names the rule.
 */
import { useId, useState } from 'react';
import { MIN_LEGAL_HOLD_REASON } from '../../../../../common/contract/aml-paths.ts';
import type { LegalHold } from '../../../../../common/contract/aml-legal-hold.ts';
import { formatIsoDate } from '../../../../../common/calendar.ts';
import { Button } from '../../../components/button.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { formatFull } from '../../../lib/dates.ts';
import { session } from '../../../state/session.ts';
import { aml, liftLegalHold, setLegalHold, useLegalHold } from '../aml-api.ts';
import { personName } from '../../../lib/user-name.ts';

export function AmlRetention({ userId }: { userId: number }) {
  const retention = useLegalHold(userId);
  const [dialog, setDialog] = useState(false);
  const data = retention.data;
  if (!data) return null;
  const held = data.hold;
  return (
    <section className="panel review-section" aria-labelledby="aml-retention">
      <div className="review-section__head">
        <h2 id="aml-retention" className="review-section__title">
          Records kept
        </h2>
        {session.value.role === 'ADMIN' && (
          <Button variant="outlined" onClick={() => setDialog(true)}>
            {held ? 'Lift legal hold' : 'Set legal hold'}
          </Button>
        )}
      </div>
      <p>
        {data.relationship_ended_on && data.retained_until
          ? `The relationship ended on ${formatIsoDate(data.relationship_ended_on)}: the file is kept until ${formatIsoDate(data.retained_until)}, then purged${held ? ' unless a legal hold stands' : ''}.`
          : 'The file is kept while the relationship goes on and five years after it ends.'}
      </p>
      {held && (
        <p role="status">
          <strong>Legal hold:</strong> {held.reason} (set by {personName(held.by)}, <time dateTime={held.at}>{formatFull(held.at)}</time>). The file is not purged while it stands.
        </p>
      )}
      {dialog && <LegalHoldDialog userId={userId} retention={data} onClose={() => setDialog(false)} />}
    </section>
  );
}

function LegalHoldDialog({ userId, retention, onClose }: { userId: number; retention: LegalHold; onClose: () => void }) {
  const lifting = retention.hold !== null;
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const action = useAction<void, LegalHold>({
    run: (_input, { headers }) => (lifting ? liftLegalHold : setLegalHold)(userId, reason, headers),
    success: lifting ? 'Legal hold lifted' : 'Legal hold set',
    endpoint: lifting ? aml.liftLegalHold : aml.setLegalHold,
    onSuccess: onClose,
    onConflict: onClose,
  });
  return (
    <FormDialog
      title={lifting ? 'Lift the legal hold?' : 'Set a legal hold?'}
      submitLabel={lifting ? 'Lift hold' : 'Set hold'}
      busy={action.busy}
      submitDisabled={reason.trim().length < MIN_LEGAL_HOLD_REASON}
      error={action.formError}
      onSubmit={() => void action.run()}
      onClose={onClose}
    >
      <p>{lifting ? 'The five-year rule applies again: a file past its five years is purged at the next run.' : 'The file is kept, whatever its age, until a compliance officer lifts the hold.'}</p>
      <TextField id={reasonId} label="Reason (required)" hint={`At least ${MIN_LEGAL_HOLD_REASON} characters, e.g. 'Police request 2026/118: keep every record.'`} value={reason} onValueChange={setReason} error={action.fieldErrors.reason} />
    </FormDialog>
  );
}
