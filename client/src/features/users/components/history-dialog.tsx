import { useState } from 'react';
import { Link } from 'wouter';
import { auditListPath } from '../../../../../common/contract/audit-paths.ts';
import type { SetPasswordLinkResponse, StaffUser, UserAuditEvent } from '../../../../../common/contract/users.ts';
import { roleLabel } from '../../../../../common/roles.ts';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { formatDubaiDateTime } from '../../../lib/dates.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useInfiniteQuery } from '../../../lib/use-query.ts';
import { userDisplayName } from '../../../lib/user-name.ts';
import { fetchUserAudit, newSetPasswordLink, resetUserSecondFactor, security, signOutUserEverywhere, unlockUserSecondFactor, userKeys, users, useUserSecondFactor } from '../api.ts';
import { SetPasswordLink } from './set-password-link.tsx';
import { StepUpDialog } from './step-up.tsx';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function describeEvent(event: UserAuditEvent): string {
  switch (event.kind) {
    case 'invited':
      return `Invited as ${roleLabel(text(event.after?.role))}`;
    case 'role_changed':
      return `Role changed from ${roleLabel(text(event.before?.role))} to ${roleLabel(text(event.after?.role))}`;
    case 'deactivated':
      return 'Deactivated';
    case 'reactivated':
      return 'Reactivated';
    case 'signed_out_everywhere':
      return 'Signed out everywhere';
    case 'admin_network_refused':
      return 'Refused: ADMIN call from outside the allowed networks';
    case 'audit_exported':
      return 'Exported the audit trail';
    case 'signed_in':
      return 'Signed in with the second factor';
    case 'second_factor_enrolled':
      return 'Set up the second factor';
    case 'second_factor_failed':
      return 'Refused: a wrong or used sign-in code';
    case 'second_factor_locked':
      return 'Second factor locked after wrong codes';
    case 'second_factor_reset':
      return 'Second factor reset';
    case 'list_exported':
      return 'Exported a list';
    case 'document_downloaded':
      return 'Downloaded a document';
    case 'compliance_officer_changed':
      return event.after?.compliance_officer === true ? 'Marked compliance officer' : 'No longer compliance officer';
    case 'second_factor_unlocked':
      return 'Second factor unlocked';
  }
}

type Confirm = 'sign-out' | 'reset' | null;

/**
 * One user's administration history (the audit, newest first), a new set-password link on request, and the
 * security actions: sign out everywhere and reset the second factor (each confirmed with the ADMIN's fresh
 * code, in a dialog of its own), unlocking a factor locked by wrong codes.
 */
export function HistoryDialog({ user, onClose }: { user: StaffUser; onClose: () => void }) {
  const [confirm, setConfirm] = useState<Confirm>(null);
  const name = userDisplayName(user.display_name);
  const back = () => setConfirm(null);
  // The confirmation replaces the history (a new mount), and the history comes back after it.
  if (confirm === 'sign-out') {
    return (
      <StepUpDialog
        key="sign-out"
        title={`Sign ${name} out everywhere?`}
        submitLabel="Sign out everywhere"
        danger
        success={`${name} is signed out everywhere`}
        endpoint={security.signOutUserEverywhere}
        run={(code, headers) => signOutUserEverywhere(user.id, code, headers)}
        onDone={back}
        onClose={back}
      >
        <p className="users-dialog__note">
          Every browser {user.email} is signed in on is signed out within seconds, with a message that an administrator ended the session. They can sign in
          again with their password and code.
        </p>
      </StepUpDialog>
    );
  }
  if (confirm === 'reset') {
    return (
      <StepUpDialog
        key="reset"
        title={`Reset the second factor of ${name}?`}
        submitLabel="Reset second factor"
        danger
        success={`${name} sets up the second factor again at the next sign-in`}
        endpoint={security.resetUser}
        run={(code, headers) => resetUserSecondFactor(user.id, code, headers)}
        onDone={back}
        onClose={back}
      >
        <p className="users-dialog__note">
          Their authenticator app and recovery codes stop working, every session of {user.email} ends, and their next sign-in sets up a new authenticator.
          Do this for a lost phone without recovery codes, once you know it is them.
        </p>
      </StepUpDialog>
    );
  }
  return <History user={user} onClose={onClose} onConfirm={setConfirm} />;
}

function History({ user, onClose, onConfirm }: { user: StaffUser; onClose: () => void; onConfirm: (confirm: Confirm) => void }) {
  const history = useInfiniteQuery(userKeys.audit(user.id), (page, signal) => fetchUserAudit(user.id, page, signal));
  const factor = useUserSecondFactor(user.id);
  const [link, setLink] = useState<string | null>(null);
  const resend = useAction<void, SetPasswordLinkResponse>({
    run: (_input, { headers }) => newSetPasswordLink(user.id, headers),
    success: 'New set-password link created',
    endpoint: users.setPasswordLink,
    onSuccess: (answer) => setLink(answer.set_password_link),
  });
  const unlock = useAction<void, unknown>({
    run: (_input, { headers }) => unlockUserSecondFactor(user.id, headers),
    success: `The second factor of ${userDisplayName(user.display_name)} is unlocked`,
    endpoint: security.unlockUser,
  });
  const lockedUntil = factor.data?.locked_until ?? null;
  return (
    <Dialog
      title={`History of ${userDisplayName(user.display_name)}`}
      onClose={onClose}
      busy={resend.busy || unlock.busy}
      closeOnBackdrop={link === null}
      footer={
        <>
          {user.active && !link && (
            <Button variant="outlined" loading={resend.busy} onClick={() => void resend.run()}>
              New set-password link
            </Button>
          )}
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      {link && <SetPasswordLink email={user.email} link={link} />}
      {/* A lost laptop or phone: kept beside the history they add to, the footer holds the rest. */}
      {user.active && (
        <div className="user-history__security">
          {factor.data && (
            <p className="user-history__factor" role="status">
              {!factor.data.enrolled
                ? 'Second factor: not set up yet (set up at the next sign-in).'
                : lockedUntil
                  ? `Second factor: locked after wrong codes until ${formatDubaiDateTime(lockedUntil)}.`
                  : `Second factor: set up, ${factor.data.recovery_codes_left} recovery code${factor.data.recovery_codes_left === 1 ? '' : 's'} left.`}
            </p>
          )}
          <Button variant="outlined" onClick={() => onConfirm('sign-out')}>
            Sign out everywhere
          </Button>
          <Button variant="outlined" onClick={() => onConfirm('reset')}>
            Reset second factor
          </Button>
          {lockedUntil && (
            <Button variant="outlined" loading={unlock.busy} onClick={() => void unlock.run()}>
              Unlock second factor
            </Button>
          )}
        </div>
      )}
      <p className="user-history__audit">
        <Link href={auditListPath({ entity: 'user', record: user.id })}>Every event about {userDisplayName(user.display_name)} on the Audit page</Link>
        {' · '}
        <Link href={auditListPath({ actor: user.id })}>everything they did</Link>
      </p>
      <ol className="user-history" aria-label="Changes, newest first">
        {history.items.map((event) => (
          <li key={event.id} className="user-history__item">
            <span className="user-history__what">{describeEvent(event)}</span>
            <span className="user-history__meta">
              by {event.actor ? userDisplayName(event.actor.display_name) : 'the system'} · {formatDubaiDateTime(event.created_at)}
            </span>
          </li>
        ))}
      </ol>
      {history.isLoading && <LoadingIndicator label="Loading the history" />}
      {!history.isLoading && history.error === undefined && history.items.length === 0 && <EmptyState message="No changes recorded yet" />}
      {history.error !== undefined && (
        <Button variant="outlined" onClick={history.retry}>
          Retry
        </Button>
      )}
      {history.hasNextPage && !history.isLoading && history.error === undefined && (
        <Button variant="ghost" onClick={history.fetchNextPage}>
          Show older changes
        </Button>
      )}
    </Dialog>
  );
}
