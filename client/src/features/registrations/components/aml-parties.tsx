/** The AML file's parties table (edit, remove, withdraw) and the withdrawal that keeps a party in the file's history. */
import { useId, useState } from 'react';
import { ID_TYPE_LABELS, PARTY_ROLE_LABELS } from '../../../../../common/aml.ts';
import { MIN_DECISION_REASON } from '../../../../../common/aml-decisions.ts';
import { countryLabel } from '../../../../../common/aml-countries.ts';
import type { Party } from '../../../../../common/contract/aml.ts';
import { Button } from '../../../components/button.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { aml, deleteParty, withdrawParty } from '../aml-api.ts';
import { ScreeningChip } from './aml-screening.tsx';
import { Table } from '../../../components/table.tsx';

export function PartiesTable({ userId, parties, frozen, onEdit, onWithdraw }: { userId: number; parties: Party[]; frozen: boolean; onEdit: (party: Party) => void; onWithdraw: (party: Party) => void }) {
  const names = new Map(parties.map((party) => [party.id, party.name]));
  const removal = useAction<Party, unknown>({
    run: (party, { headers }) => deleteParty(userId, party.id, party.version, headers),
    success: (_answer, party) => `${party.name} removed`,
    endpoint: aml.deleteParty,
  });
  return (
    <div className="aml-table-wrap">
      <Table
        className="aml-table"
        columns={[
          {
            id: 'name',
            header: 'Name',
            cell: (party) => (
              <>
                <span className="aml-name">{party.name}</span>
                {party.name_ar && (
                  <span className="aml-name-ar" lang="ar" dir="rtl">
                    {' '}
                    {party.name_ar}
                  </span>
                )}
                {party.kind === 'company' && <span className="aml-muted"> · Company{party.registration_number ? ` ${party.registration_number}` : ''}</span>}
                {party.pep && (
                  <>
                    {' '}
                    <StatusChip variant="purple">PEP</StatusChip>
                  </>
                )}
              </>
            ),
          },
          { id: 'roles', header: 'Roles', cell: (party) => party.roles.map((role) => PARTY_ROLE_LABELS[role]).join(', ') },
          {
            id: 'share',
            header: 'Share',
            cell: (party) => (
              <>
                {party.share_percent === null ? '–' : `${party.share_percent} %`}
                {party.owner_party_id !== null && <span className="aml-muted"> of {names.get(party.owner_party_id)}</span>}
              </>
            ),
          },
          { id: 'nationality', header: 'Nationality', cell: (party) => (party.nationality ? countryLabel(party.nationality) : party.jurisdiction ? countryLabel(party.jurisdiction) : '–') },
          {
            id: 'id',
            header: 'ID',
            cell: (party) => (
              <>
                {party.id_type ? `${ID_TYPE_LABELS[party.id_type]} ${party.id_number ?? ''}` : '–'}
                {party.id_expiry !== 'valid' && (
                  <>
                    {' '}
                    <StatusChip variant={party.id_expiry === 'expired' ? 'red' : 'amber'}>{party.id_expiry === 'expired' ? 'Expired' : 'Expiring'}</StatusChip>
                  </>
                )}
              </>
            ),
          },
          { id: 'screening', header: 'Screening', cell: (party) => <ScreeningChip state={party.screening} /> },
          {
            id: 'actions',
            header: <span className="visually-hidden">Actions</span>,
            cell: (party) => (
              <div className="aml-row-actions">
                <Button variant="ghost" disabled={frozen} onClick={() => onEdit(party)} aria-label={`Edit ${party.name}`}>
                  Edit
                </Button>
                <Button variant="ghost" disabled={frozen || removal.busy} onClick={() => void removal.run(party)} aria-label={`Remove ${party.name}`}>
                  Remove
                </Button>
                <Button variant="ghost" disabled={frozen} onClick={() => onWithdraw(party)} aria-label={`Withdraw ${party.name}`}>
                  Withdraw
                </Button>
              </div>
            ),
          },
        ]}
        rows={parties}
        rowKey={(party) => party.id}
      />
    </div>
  );
}

/** A party added by mistake leaves the file's rules but stays in its history, with who withdrew it and why. */
export function WithdrawDialog({ userId, party, onClose }: { userId: number; party: Party; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const action = useAction<void, unknown>({
    run: (_input, { headers }) => withdrawParty(userId, party.id, { version: party.version, reason }, headers),
    success: `${party.name} withdrawn`,
    endpoint: aml.withdrawParty,
    onSuccess: onClose,
    onConflict: onClose,
  });
  return (
    <FormDialog title={`Withdraw ${party.name}?`} submitLabel="Withdraw" busy={action.busy} submitDisabled={reason.trim().length < MIN_DECISION_REASON} error={action.formError} onSubmit={() => void action.run()} onClose={onClose}>
      <p>The party leaves the owners, the screening and the checklist, and stays in the file's history with your reason.</p>
      <TextField id={reasonId} label="Reason (required)" hint={`At least ${MIN_DECISION_REASON} characters, e.g. 'Added to the wrong company by mistake.'`} value={reason} onValueChange={setReason} error={action.fieldErrors.reason} />
    </FormDialog>
  );
}
