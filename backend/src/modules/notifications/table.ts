/**
 * The notifications table's row, declared once (lib/table.ts): the store's column lists and row type derive
 * from it. The columns were made by migration 0007.
 */
import type { NotificationKind } from '../../../../common/contract/notifications.ts';
import { column, table, type RowOf } from '../../lib/table.ts';

export const notificationsTable = table('notifications', {
  id: column<number>(),
  user_id: column<number>(),
  kind: column<NotificationKind>(),
  title: column<string>(),
  body: column<string>(),
  link: column<string | null>(),
  created_at: column<Date>(),
  read_at: column<Date | null>(),
  /** When a replica claimed it to send as a push (push.ts), so one replica sends it; null until then. */
  pushed_at: column<Date | null>(),
});

export type NotificationColumns = RowOf<typeof notificationsTable.columns>;
export type NotificationColumn = keyof NotificationColumns & string;

/** The columns the bell and the stream read. */
export const NOTIFICATION_ROW_FIELDS = ['id', 'kind', 'title', 'body', 'link', 'created_at', 'read_at'] as const satisfies readonly NotificationColumn[];

/** The columns a new notification is written with (the rest take their defaults). */
export const NEW_NOTIFICATION_FIELDS = ['user_id', 'kind', 'title', 'body', 'link'] as const satisfies readonly NotificationColumn[];
