import { clientEndpoints } from '../../../../common/contract/endpoint.ts';
import type { notificationsEndpoints } from '../../../../common/contract/notifications.ts';
import { notificationsRoutes } from '../../../../common/contract/notifications-paths.ts';
import type { securityEndpoints } from '../../../../common/contract/security.ts';
import { securityRoutes } from '../../../../common/contract/security-paths.ts';
import { call } from '../../lib/call.ts';
import { useQuery } from '../../lib/use-query.ts';

const notifications = clientEndpoints<typeof notificationsEndpoints>(notificationsRoutes);

/** Demo only: the back end sends the caller a notification (404 outside emulator mode). */
export function sendTestNotification() {
  return call(notifications.test);
}

const security = clientEndpoints<typeof securityEndpoints>(securityRoutes);

export const settingsKeys = {
  sessions: ['security', 'sessions'] as const,
};

/** The signed-in user's sessions since they last ended, newest first. */
export const fetchSessions = (signal: AbortSignal) => call(security.sessions, { signal });

/** Ends every session of the signed-in user, this one included. */
export const signOutEverywhere = (headers: Record<string, string>) => call(security.signOutEverywhere, { headers });

export const useSessions = () => useQuery(settingsKeys.sessions, fetchSessions);
