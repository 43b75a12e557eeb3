/**
 * The signed-in user's sessions (the sign-ins whose code was checked since their sessions last ended) and
 * 'Sign out everywhere' for a lost or shared laptop: confirmed first, then every tab of every browser signs
 * out, this one at once.
 */
import { useState } from 'react';
import { SESSION_ENDED_MESSAGES } from '../../../../../common/error-catalogue.ts';
import type { SessionEntry } from '../../../../../common/contract/security.ts';
import { Button } from '../../../components/button.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { formatDubaiDateTime } from '../../../lib/dates.ts';
import { endSessionWith } from '../../../lib/session-lost.ts';
import { useAction } from '../../../lib/use-action.ts';
import { signOutEverywhere, useSessions } from '../api.ts';

/** A User-Agent read as people name browsers; the whole string stays in the title. */
export function browserName(agent: string | null): string {
  if (!agent) return 'Unknown browser';
  const browser = /Edg\//.test(agent) ? 'Edge' : /Firefox\//.test(agent) ? 'Firefox' : /Chrome\//.test(agent) ? 'Chrome' : /Safari\//.test(agent) ? 'Safari' : 'A browser';
  const system = /Windows/.test(agent) ? 'Windows' : /Mac OS X|Macintosh/.test(agent) ? 'macOS' : /Android/.test(agent) ? 'Android' : /iPhone|iPad/.test(agent) ? 'iOS' : /Linux/.test(agent) ? 'Linux' : null;
  return system ? `${browser} on ${system}` : browser;
}

export function SecuritySection() {
  const sessions = useSessions();
  const [confirming, setConfirming] = useState(false);
  const list = sessions.data?.sessions ?? [];
  return (
    <section className="panel settings__section" aria-labelledby="settings-security">
      <h2 id="settings-security">Sessions</h2>
      <p className="settings__lead">
        Where you are still signed in: each sign-in with your code in the last {sessions.data?.max_hours ?? '…'} hours (the longest a sign-in lasts)
        {sessions.data?.ended_at ? `, since you were last signed out everywhere (${formatDubaiDateTime(sessions.data.ended_at)})` : ''}.
      </p>
      {sessions.isLoading && <LoadingIndicator label="Loading your sessions" />}
      {sessions.data && list.length === 0 && <p className="settings__note">No sign-in recorded in that time.</p>}
      {list.length > 0 && (
        <ul className="settings__sessions" aria-label="Your sessions">
          {list.map((entry) => (
            <SessionRow key={entry.signed_in_at} entry={entry} />
          ))}
        </ul>
      )}
      <div className="settings__actions">
        <Button variant="outlined" onClick={() => setConfirming(true)}>
          Sign out everywhere
        </Button>
      </div>
      <p className="settings__note">For a lost or shared computer: every browser you are signed in on, this one included, is signed out within seconds.</p>
      {confirming && <SignOutEverywhereDialog onClose={() => setConfirming(false)} />}
    </section>
  );
}

function SessionRow({ entry }: { entry: SessionEntry }) {
  return (
    <li className="settings__session">
      <span className="settings__session-what" title={entry.browser ?? undefined}>
        {browserName(entry.browser)}
        {entry.current && <span className="settings__session-current"> · this browser</span>}
      </span>
      <span className="settings__session-meta">
        Signed in {formatDubaiDateTime(entry.signed_in_at)}
        {entry.client_address ? ` from ${entry.client_address}` : ''}
        {entry.second_factor === 'recovery_code' ? ' with a recovery code' : ''}
      </span>
    </li>
  );
}

function SignOutEverywhereDialog({ onClose }: { onClose: () => void }) {
  const end = useAction<void, unknown>({
    run: (_input, { headers }) => signOutEverywhere(headers),
    // This tab goes too, with the same sentence the others show.
    onSuccess: () => void endSessionWith(SESSION_ENDED_MESSAGES.self),
  });
  return (
    <FormDialog title="Sign out everywhere?" submitLabel="Sign out everywhere" submitVariant="danger" busy={end.busy} error={end.formError} onSubmit={() => void end.run()} onClose={onClose}>
      <p className="settings__note">Every browser you are signed in on, this one included, is signed out. You sign in again with your password and a code.</p>
    </FormDialog>
  );
}
