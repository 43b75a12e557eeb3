/** The stage moves that need more than a drop: losing a lead (its reason) and winning it (the invitation and its link). */
import { LengthCounter } from '../../../components/length-counter.tsx';
import { useId, useState } from 'react';
import type { InviteLeadResponse, LeadItem } from '../../../../../common/contract/crm.ts';
import { verificationPath } from '../../../../../common/links.ts';
import { Button } from '../../../components/button.tsx';
import { Dialog, FormDialog } from '../../../components/dialog.tsx';
import { OneTimeLink } from '../../../components/one-time-link.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { crm, inviteLead, moveLead } from '../api.ts';
import { LEAD_LOST } from '../../../../../common/crm.ts';
import { MAX_LOST_REASON_LENGTH } from '../../../../../common/contract/crm-paths.ts';

export function LostDialog({ lead, onClose }: { lead: LeadItem; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const id = useId();
  const save = useAction({
    run: (_: void, { headers }) => moveLead(lead.id, { version: lead.version, stage: LEAD_LOST, reason }, headers),
    success: 'Lead marked lost',
    endpoint: crm.stage,
    onSuccess: onClose,
    onConflict: onClose,
  });
  return (
    <FormDialog title={`Lost: ${lead.company}`} submitLabel="Mark lost" submitVariant="danger" busy={save.busy} error={save.formError} onSubmit={() => void save.run()} onClose={onClose} submitDisabled={reason.trim() === ''}>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          Why was it lost?
        </label>
        <input id={id} className="field__input" value={reason} onChange={(event) => setReason(event.target.value)} />
        <LengthCounter value={reason} limit={MAX_LOST_REASON_LENGTH} />
        {save.fieldErrors.reason && <p className="field__error">{save.fieldErrors.reason}</p>}
      </div>
    </FormDialog>
  );
}

/** 'Won: invite to register': confirms, then shows the set-password link to hand to the client. */
export function InviteDialog({ lead, onClose }: { lead: LeadItem; onClose: () => void }) {
  const [done, setDone] = useState<InviteLeadResponse | null>(null);
  const invite = useAction({
    run: (_: void, { headers }) => inviteLead(lead.id, lead.version, headers),
    success: 'Invited to register',
    endpoint: crm.invite,
    onSuccess: setDone,
    onConflict: onClose,
  });
  if (done) {
    const registration = done.lead.registration;
    return (
      <Dialog
        title={`Won: ${lead.company}`}
        onClose={onClose}
        closeOnBackdrop={false}
        footer={<Button onClick={onClose}>Done</Button>}
      >
        <p>
          {lead.contact_name} has an account and the registration {registration?.registration_id} is in onboarding (Registration, signed up).
        </p>
        <OneTimeLink label={`Set-password link for ${lead.email}`} link={done.set_password_link} />
        {registration && (
          <p>
            <a href={verificationPath(registration.user_id, 'signed_up')}>Open the registration</a>
          </p>
        )}
      </Dialog>
    );
  }
  return (
    <FormDialog title="Won: invite to register" submitLabel="Invite to register" busy={invite.busy} error={invite.formError} onSubmit={() => void invite.run()} onClose={onClose}>
      <p>
        This creates the sign-in account of {lead.contact_name} ({lead.email}) and the registration of {lead.company} in onboarding, and marks the lead won.
      </p>
    </FormDialog>
  );
}
