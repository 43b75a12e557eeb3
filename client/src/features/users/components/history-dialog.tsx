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
import { fetchUserAudit, newSetPasswordLink, resetUserSecondFactor, signOutUserEverywhere, userKeys } from '../api.ts';
import { SetPasswordLink } from './set-password-link.tsx';

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
  }
}

/** One user's administration history (the audit, newest first), and a new set-password link on request. */
export function HistoryDialog({ user, onClose }: { user: StaffUser; onClose: () => void }) {
  const history = useInfiniteQuery(userKeys.audit(user.id), (page, signal) => fetchUserAudit(user.id, page, signal));
  const [link, setLink] = useState<string | null>(null);
  const resend = useAction<void, SetPasswordLinkResponse>({
    run: (_input, { headers }) => newSetPasswordLink(user.id, headers),
    success: 'New set-password link created',
    invalidates: [userKeys.all],
    onSuccess: (answer) => setLink(answer.set_password_link),
  });
  const endSessions = useAction<void, unknown>({
    run: (_input, { headers }) => signOutUserEverywhere(user.id, headers),
    success: `${userDisplayName(user.display_name)} is signed out everywhere`,
    invalidates: [userKeys.all],
  });
  const resetFactor = useAction<void, unknown>({
    run: (_input, { headers }) => resetUserSecondFactor(user.id, headers),
    success: `${userDisplayName(user.display_name)} sets up the second factor again at the next sign-in`,
    invalidates: [userKeys.all],
  });
  return (
    <Dialog
      title={`History of ${userDisplayName(user.display_name)}`}
      onClose={onClose}
      busy={resend.busy || endSessions.busy || resetFactor.busy}
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
      {/* A lost laptop or phone (issue 33): kept beside the history they add to, the footer holds the rest. */}
      {user.active && (
        <div className="user-history__security">
          <Button variant="outlined" loading={endSessions.busy} onClick={() => void endSessions.run()}>
            Sign out everywhere
          </Button>
          <Button variant="outlined" loading={resetFactor.busy} onClick={() => void resetFactor.run()}>
            Reset second factor
          </Button>
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
