import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { RoleChoice, StaffUser } from '../../../../common/contract/users.ts';
import type { StaffRole } from '../../../../common/roles.ts';
import { roleLabel } from '../../../../common/roles.ts';
import { Button } from '../../components/button.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { FormError, TextField } from '../../components/text-field.tsx';
import { serverMessage } from '../../lib/errors.ts';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { userDisplayName } from '../../lib/user-name.ts';
import { changeRole, deactivateUser, inviteUser, reactivateUser } from './api.ts';
import { SetPasswordLink } from './set-password-link.tsx';

/** Runs a change; a refusal the user can act on (400, 403, 409) is shown in the form, anything else as a toast. */
async function submit<T>(work: () => Promise<T>, setError: (message: string | null) => void): Promise<T | undefined> {
  setError(null);
  try {
    return await work();
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 400 || status === 403 || status === 409) setError(serverMessage(error));
    else notifyError(error);
    return undefined;
  }
}

function RoleSelect({ id, roles, value, onChange }: { id: string; roles: readonly RoleChoice[]; value: string; onChange: (role: StaffRole) => void }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Role
      </label>
      <select id={id} className="field__input" value={value} required onChange={(event) => onChange(event.target.value as StaffRole)}>
        <option value="" disabled>
          Choose a role
        </option>
        {roles.map((role) => (
          <option key={role.value} value={role.value}>
            {role.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A dialog around one form: Cancel closes, the submit button submits the form and waits while busy. */
function FormDialog({
  title,
  submitLabel,
  busy,
  error,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const formId = `${useId()}-form`;
  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="outlined" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className="users-form" onSubmit={onSubmit} noValidate>
        <FormError message={error} />
        {children}
      </form>
    </Dialog>
  );
}

export function InviteDialog({ roles, onClose, onInvited }: { roles: readonly RoleChoice[]; onClose: () => void; onInvited: (user: StaffUser) => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim() || !name.trim() || !role) {
      setError('Enter the e-mail, the name and the role.');
      return;
    }
    setBusy(true);
    const invited = await submit(() => inviteUser({ email: email.trim(), display_name: name.trim(), role }), setError);
    setBusy(false);
    if (!invited) return;
    notifySuccess(`${invited.user.email} invited`);
    setLink(invited.set_password_link);
    onInvited(invited.user);
  };

  if (link) {
    return (
      <Dialog title="Invitation created" onClose={onClose} footer={<Button onClick={onClose}>Done</Button>}>
        <SetPasswordLink email={email.trim().toLowerCase()} link={link} />
      </Dialog>
    );
  }
  return (
    <FormDialog title="Invite a staff member" submitLabel="Invite" busy={busy} error={error} onSubmit={onSubmit} onClose={onClose}>
      <TextField id={`${id}-email`} label="E-mail" type="email" autoComplete="off" required maxLength={254} value={email} onValueChange={setEmail} />
      <TextField id={`${id}-name`} label="Display name" autoComplete="off" required maxLength={100} value={name} onValueChange={setName} />
      <RoleSelect id={`${id}-role`} roles={roles} value={role} onChange={setRole} />
    </FormDialog>
  );
}

export function RoleDialog({ user, roles, onClose, onChanged }: { user: StaffUser; roles: readonly RoleChoice[]; onClose: () => void; onChanged: (user: StaffUser) => void }) {
  const id = useId();
  const [role, setRole] = useState<string>(user.role);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (role === user.role) return onClose();
    setBusy(true);
    const changed = await submit(() => changeRole(user.id, { role: role as StaffRole }), setError);
    setBusy(false);
    if (!changed) return;
    notifySuccess(`${userDisplayName(changed.display_name)} is now ${roleLabel(changed.role)}`);
    onChanged(changed);
  };

  return (
    <FormDialog title={`Change the role of ${userDisplayName(user.display_name)}`} submitLabel="Save" busy={busy} error={error} onSubmit={onSubmit} onClose={onClose}>
      <p className="users-dialog__note">
        {user.email} is {roleLabel(user.role)} today. The new role applies to their next request and changes the pages they see.
      </p>
      <RoleSelect id={`${id}-role`} roles={roles} value={role} onChange={setRole} />
    </FormDialog>
  );
}

/** Deactivation and reactivation, both confirmed first. */
export function ActiveDialog({ user, onClose, onChanged }: { user: StaffUser; onClose: () => void; onChanged: (user: StaffUser) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const deactivating = user.active;
  const name = userDisplayName(user.display_name);

  const onConfirm = async () => {
    setBusy(true);
    const changed = await submit(() => (deactivating ? deactivateUser(user.id) : reactivateUser(user.id)), setError);
    setBusy(false);
    if (!changed) return;
    notifySuccess(`${name} ${deactivating ? 'deactivated' : 'reactivated'}`);
    onChanged(changed);
  };

  return (
    <Dialog
      title={deactivating ? `Deactivate ${name}?` : `Reactivate ${name}?`}
      onClose={onClose}
      footer={
        <>
          <Button variant="outlined" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={deactivating ? 'danger' : 'primary'} loading={busy} onClick={() => void onConfirm()}>
            {deactivating ? 'Deactivate' : 'Reactivate'}
          </Button>
        </>
      }
    >
      <FormError message={error} />
      {deactivating ? (
        <p className="users-dialog__note">
          {user.email} will be signed out and cannot sign in again until an administrator reactivates the account. Their next request is refused
          (within 30 seconds at most); their records stay.
        </p>
      ) : (
        <p className="users-dialog__note">{user.email} can sign in again with their existing password, as {roleLabel(user.role)}.</p>
      )}
    </Dialog>
  );
}
