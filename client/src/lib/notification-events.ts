/**
 * Live notifications as events other areas can react to without importing the notifications feature: the
 * notification center publishes each new record it receives from the stream, and an area declares which of
 * its cached views a kind makes stale (refreshOnNotifications: a chat message reads the chats again, a new
 * website enquiry the inbox and its nav count) or listens to them itself. Open records follow it too: a live
 * notification names the record that changed (its `subject`, from the change's audit event), each area maps
 * a record to the cache keys that show it (refreshOnRecordChange), and those are read again whatever page
 * the notification links to. A notification without a subject (one replayed after a reconnect) falls back
 * to its link: when the page on screen is the one it links to, everything the page watches is read again.
 */
import type { NotificationKind, NotificationRecord, RecordSubject } from '../../../common/contract/notifications.ts';
import type { AuditEntity } from '../../../common/events.ts';
import { queryCache, type QueryKey } from './query-cache.ts';

type Listener = (record: NotificationRecord) => void;
const listeners = new Set<{ kinds: readonly NotificationKind[] | null; listener: Listener }>();

export function publishNotification(record: NotificationRecord): void {
  for (const entry of listeners) if (entry.kinds === null || entry.kinds.includes(record.kind)) entry.listener(record);
}

function subscribe(kinds: readonly NotificationKind[] | null, listener: Listener): () => void {
  const entry = { kinds, listener };
  listeners.add(entry);
  return () => {
    listeners.delete(entry);
  };
}

/**
 * Whether the page at `here` shows the record a notification's link names: the same path, and no record
 * parameter of the link ('task', 'request', ...) naming another record than the page's. A tab parameter
 * does not count: '/clients/5?tab=reports' names client 5 whichever of its tabs is open.
 */
export function linkNamesOpenPage(link: string, here: { pathname: string; search: string }): boolean {
  const target = new URL(link, 'http://console.invalid');
  if (target.pathname.replace(/\/+$/, '') !== here.pathname.replace(/\/+$/, '')) return false;
  const current = new URLSearchParams(here.search);
  for (const [name, value] of target.searchParams) {
    if (name === 'tab') continue;
    const shown = current.get(name);
    if (shown !== null && shown !== value) return false;
  }
  return true;
}

type RecordKeys = (subject: RecordSubject) => readonly QueryKey[];
const recordKeys = new Map<AuditEntity, RecordKeys[]>();

/**
 * From an area's api.ts: when a live notification says a record of `entity` changed, the keys `keysOf` names
 * for it (its detail, the lists that show its state) are read again if on screen, else marked stale.
 */
export function refreshOnRecordChange(entity: AuditEntity, keysOf: RecordKeys): void {
  recordKeys.set(entity, [...(recordKeys.get(entity) ?? []), keysOf]);
}

/** The cache keys that show the record a notification is about (none when no loaded area shows it). */
export function keysOfSubject(subject: RecordSubject): QueryKey[] {
  return (recordKeys.get(subject.entity) ?? []).flatMap((keysOf) => keysOf(subject));
}

/** The open record follows the stream: its keys by subject, else by the page the link names. */
function refreshOpenRecord(record: NotificationRecord): void {
  if (record.subject) {
    const keys = keysOfSubject(record.subject);
    if (keys.length > 0) queryCache.invalidate(...keys);
  }
  if (record.link && typeof window !== 'undefined' && linkNamesOpenPage(record.link, window.location)) queryCache.invalidateWatched();
}

/** Calls listener with every live notification until the returned function is called. */
export const onNotification = (listener: Listener) => subscribe(null, listener);

/** Calls listener for each record of these kinds until the returned function is called. */
export const onNotificationKinds = (kinds: readonly NotificationKind[], listener: Listener) => subscribe(kinds, listener);

/**
 * The one way an area's views follow the stream: from its api.ts, when its code first loads, every cached
 * answer under `key` is read again when a notification of one of `kinds` arrives, for as long as the app runs
 * (a view not on screen is only marked stale). Before the area's code loads it has nothing cached to refresh.
 */
export function refreshOnNotifications(kinds: readonly NotificationKind[], key: QueryKey): void {
  subscribe(kinds, () => queryCache.invalidate(key));
}

subscribe(null, refreshOpenRecord);
