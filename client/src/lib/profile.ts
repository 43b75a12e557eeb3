/**
 * A 403 on a call the menu offered usually means an administrator changed the signed-in user's role
 * since the profile was read at sign-in: the menu, the guard and the pages still follow the old role. So
 * a 403 reads the profile again (one read however many calls failed together); when the role differs,
 * the session takes the new one, which redraws the menu and sends the user away from a page the role may
 * no longer open, every cached answer is read again under the new role, and a notice says what happened.
 * A deactivated user's read fails with 401 instead, which ends the session (session-lost.ts). The API client
 * that heard the 403 is handed in, as this module is loaded by that client.
 */
import type { Me } from '../../../common/contract/users.ts';
import { requestOf } from '../../../common/contract/endpoint.ts';
import { usersRoutes } from '../../../common/contract/users-paths.ts';
import { roleLabel } from '../../../common/roles.ts';
import { authStatus, session, setSession } from '../state/session.ts';
import type { ApiClient } from './api-client.ts';
import { showPushToast } from './push-toast.ts';
import { queryCache } from './query-cache.ts';

export const ROLE_CHANGED_TITLE = 'Your role has changed';

/** The path the API client reports a failed profile call under. */
const ME_PATH = requestOf(usersRoutes.me).path;

let reading: Promise<void> | null = null;

export function recheckProfile(failedPath: string, api: ApiClient): Promise<void> {
  // The profile call itself answers 403 for an account without a staff user: nothing to re-read then.
  if (failedPath === ME_PATH || authStatus.peek() !== 'signed-in') return Promise.resolve();
  reading ??= readProfile(api).finally(() => {
    reading = null;
  });
  return reading;
}

async function readProfile(api: ApiClient): Promise<void> {
  const before = session.peek();
  let me: Me;
  try {
    me = await api<Me>(ME_PATH);
  } catch (error) {
    console.warn('The profile could not be read again after a 403', error);
    return;
  }
  if (me.role === before.role || session.peek().uid !== before.uid) return;
  setSession({ role: me.role, display_name: me.display_name, photo_url: me.profile_picture, profile_picture: me.profile_picture });
  queryCache.invalidate([]);
  showPushToast({
    variant: 'warning',
    title: ROLE_CHANGED_TITLE,
    body: `An administrator made you ${roleLabel(me.role)}. The menu now shows the pages this role can open.`,
    sound: false,
  });
}
