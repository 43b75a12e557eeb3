/**
 * Web push to closed browsers through FCM (firebase-admin messaging). Every replica sees every signal, so
 * the replica that claims a notification (pushed_at set from NULL, one row update) is the one that sends it:
 * each notification is pushed once however many back ends run.
 */
import type { BatchResponse, MulticastMessage } from 'firebase-admin/messaging';
import type { Database } from '../../db/database.ts';
import type { NotificationSignal } from './store.ts';

/** The part of firebase-admin's Messaging used here; tests replace FCM at exactly this edge. */
export interface PushTransport {
  sendEachForMulticast(message: MulticastMessage): Promise<BatchResponse>;
}

/** FCM's answers for a token that will never work again: the browser unsubscribed or the token is garbage. */
const DEAD_TOKEN_CODES = new Set(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token']);

export async function pushNotification(db: Database, transport: PushTransport, signal: NotificationSignal): Promise<void> {
  if (signal.type !== 'created') return;
  const [claimed] = await db.query<{ title: string; body: string; link: string | null }>(
    'UPDATE notifications SET pushed_at = CURRENT_TIMESTAMP WHERE id = $1 AND pushed_at IS NULL RETURNING title, body, link',
    [signal.id],
  );
  if (!claimed) return;
  const rows = await db.query<{ token: string }>(
    `SELECT registration_id AS token FROM devices WHERE user_id = $1 AND active
     UNION SELECT token FROM push_tokens WHERE user_id = $1`,
    [signal.userId],
  );
  const tokens = rows.map((row) => row.token);
  if (tokens.length === 0) return;
  // Data only: the console's messaging service worker shows it and opens the link (a relative path, which
  // FCM's own fcmOptions.link would refuse) when it is clicked.
  const response = await transport.sendEachForMulticast({
    tokens,
    data: { id: String(signal.id), title: claimed.title, body: claimed.body, link: claimed.link ?? '/' },
    webpush: { headers: { Urgency: 'high' } },
  });
  const dead = tokens.filter((_, index) => {
    const code = response.responses[index]?.error?.code;
    return code !== undefined && DEAD_TOKEN_CODES.has(code);
  });
  if (dead.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.query('UPDATE devices SET active = false, updated_at = CURRENT_TIMESTAMP WHERE registration_id = ANY($1::text[])', [dead]);
    await tx.query('DELETE FROM push_tokens WHERE token = ANY($1::text[])', [dead]);
  });
}
