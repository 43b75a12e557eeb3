import { useId, useState } from 'react';
import type { RoleChoice, SetPasswordLinkResponse, StaffUser } from '../../../../../common/contract/users.ts';
import { MAX_DISPLAY_NAME_LENGTH } from '../../../../../common/contract/users-paths.ts';
import type { StaffRole } from '../../../../../common/roles.ts';
import { roleLabel } from '../../../../../common/roles.ts';
import { sharedFields } from '../../../../../common/contract/shared-fields.ts';
import { userFields } from '../../../../../common/contract/users-fields.ts';
import { Button } from '../../../components/button.tsx';
import { Dialog, FormDialog } from '../../../components/dialog.tsx';
import { CountedTextField } from '../../../components/counted-field.tsx';
import { Select } from '../../../components/select.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { userDisplayName } from '../../../lib/user-name.ts';
import { changeRole, deactivateUser, inviteUser, newSetPasswordLink, reactivateUser, users } from '../api.ts';
import { SetPasswordLink } from './set-password-link.tsx';
import { StepUpField } from './step-up.tsx';

function RoleSelect({ id, roles, value, error, onChange }: { id: string; roles: readonly RoleChoice[]; value: string; error?: string; onChange: (role: StaffRole) => void }) {
  return (
    <Select id={id} field={userFields.role} value={value} required error={error} onChange={(role) => onChange(role as StaffRole)}>
      <option value="" disabled>
        Choose a role
      </option>
      {roles.map((role) => (
        <option key={role.value} value={role.value}>
          {role.label}
        </option>
      ))}
    </Select>
  );
}

/** The one-time set-password link, in a dialog a stray click beside it cannot close. */
function LinkDialog({ title, email, link, onClose }: { title: string; email: string; link: string; onClose: () => void }) {
  return (
    <Dialog title={title} onClose={onClose} closeOnBackdrop={false} footer={<Button onClick={onClose}>Done</Button>}>
      <SetPasswordLink email={email} link={link} />
    </Dialog>
  );
}

export function InviteDialog({ roles, onClose }: { roles: readonly RoleChoice[]; onClose: () => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole | ''>('');
  const [missing, setMissing] = useState<string | null>(null);
  const invite = useAction<{ email: string; display_name: string; role: StaffRole }, SetPasswordLinkResponse>({
    run: (body, { headers }) => inviteUser(body, headers),
    success: (invited) => `${invited.user.email} invited`,
    endpoint: users.invite,
  });
  const [invited, setInvited] = useState<SetPasswordLinkResponse | null>(null);

  const submit = async () => {
    if (!email.trim() || !name.trim() || !role) {
      setMissing('Enter the e-mail, the name and the role.');
      return;
    }
    setMissing(null);
    const answer = await invite.run({ email: email.trim(), display_name: name.trim(), role });
    if (answer) setInvited(answer);
  };

  if (invited) {
    // Its own dialog (a new mount), so the link shows in a fresh, undisturbed modal.
    return <LinkDialog key="invited" title="Invitation created" email={invited.user.email} link={invited.set_password_link} onClose={onClose} />;
  }
  return (
    <FormDialog title="Invite a staff member" submitLabel="Invite" busy={invite.busy} error={missing ?? invite.formError} onSubmit={() => void submit()} onClose={onClose}>
      <CountedTextField
        id={`${id}-email`}
        field={sharedFields.email}
        type="email"
        autoComplete="off"
        required
        error={invite.fieldErrors.email}
        value={email}
        onValueChange={setEmail}
      />
      <CountedTextField
        id={`${id}-name`}
        label="Display name"
        autoComplete="off"
        required
        limit={MAX_DISPLAY_NAME_LENGTH}
        error={invite.fieldErrors.display_name}
        value={name}
        onValueChange={setName}
      />
      <RoleSelect id={`${id}-role`} roles={roles} value={role} error={invite.fieldErrors.role} onChange={setRole} />
    </FormDialog>
  );
}

export function RoleDialog({ user, roles, onClose }: { user: StaffUser; roles: readonly RoleChoice[]; onClose: () => void }) {
  const id = useId();
  const [role, setRole] = useState<string>(user.role);
  const [code, setCode] = useState('');
  const change = useAction<StaffRole, StaffUser>({
    run: (next, { headers }) => changeRole(user.id, { role: next, code: code.trim() }, headers),
    success: (changed) => `${userDisplayName(changed.display_name)} is now ${roleLabel(changed.role)}`,
    endpoint: users.changeRole,
    onSuccess: onClose,
  });

  return (
    <FormDialog
      title={`Change the role of ${userDisplayName(user.display_name)}`}
      submitLabel="Save"
      busy={change.busy}
      error={change.formError}
      onSubmit={() => (role === user.role ? onClose() : void change.run(role as StaffRole))}
      onClose={onClose}
    >
      <p className="users-dialog__note">
        {user.email} is {roleLabel(user.role)} today. The new role applies to their next request and changes the pages they see.
      </p>
      <RoleSelect id={`${id}-role`} roles={roles} value={role} error={change.fieldErrors.role} onChange={setRole} />
      {role !== user.role && <StepUpField id={`${id}-code`} value={code} error={change.fieldErrors.code} onChange={setCode} />}
    </FormDialog>
  );
}

/** Deactivation and reactivation, both confirmed first. */
export function ActiveDialog({ user, onClose }: { user: StaffUser; onClose: () => void }) {
  const deactivating = user.active;
  const name = userDisplayName(user.display_name);
  const toggle = useAction<void, StaffUser>({
    run: (_input, { headers }) => (deactivating ? deactivateUser(user.id, headers) : reactivateUser(user.id, headers)),
    success: `${name} ${deactivating ? 'deactivated' : 'reactivated'}`,
    endpoint: deactivating ? users.deactivate : users.reactivate,
    onSuccess: onClose,
  });

  return (
    <FormDialog
      title={deactivating ? `Deactivate ${name}?` : `Reactivate ${name}?`}
      submitLabel={deactivating ? 'Deactivate' : 'Reactivate'}
      submitVariant={deactivating ? 'danger' : 'primary'}
      busy={toggle.busy}
      error={toggle.formError}
      onSubmit={() => void toggle.run()}
      onClose={onClose}
    >
      {deactivating ? (
        <p className="users-dialog__note">
          {user.email} will be signed out and cannot sign in again until an administrator reactivates the account. Their next request is refused
          (within 30 seconds at most); their records stay.
        </p>
      ) : (
        <p className="users-dialog__note">{user.email} can sign in again with their existing password, as {roleLabel(user.role)}.</p>
      )}
    </FormDialog>
  );
}

/** A new set-password link for a user who has not signed in yet (or lost theirs): asked for, then shown once. */
export function ResendLinkDialog({ user, onClose }: { user: StaffUser; onClose: () => void }) {
  const name = userDisplayName(user.display_name);
  const resend = useAction<void, SetPasswordLinkResponse>({
    run: (_input, { headers }) => newSetPasswordLink(user.id, headers),
    success: 'New set-password link created',
    endpoint: users.setPasswordLink,
  });
  const [link, setLink] = useState<string | null>(null);

  if (link) return <LinkDialog key="link" title={`New link for ${name}`} email={user.email} link={link} onClose={onClose} />;
  return (
    <FormDialog
      title={`Send ${name} a new link?`}
      submitLabel="Create link"
      busy={resend.busy}
      error={resend.formError}
      onSubmit={() => void resend.run().then((answer) => answer && setLink(answer.set_password_link))}
      onClose={onClose}
    >
      <p className="users-dialog__note">
        {user.email} has not signed in yet. Create a new set-password link to hand over if theirs was lost or has expired.
      </p>
    </FormDialog>
  );
}

