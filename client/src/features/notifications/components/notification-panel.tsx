import { useState } from 'react';
import { useLocation } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { Icon } from '../../../components/icon.tsx';
import { formatFull, formatRelativeDay } from '../../../lib/dates.ts';
import { notifyError } from '../../../lib/toast.ts';
import { notificationCount, notifications, type NotificationItem } from '../model.ts';
import { markAllNotificationsRead, markNotificationRead } from '../notification-center.ts';
import './notifications.css';

/**
 * 350 px wide; compact (385 px tall) until 'View all notifications', expanded (600 px) until 'hide'. The
 * user's notifications, newest first; unread ones are marked, and opening one marks it read. With nothing
 * in it, it offers nothing to act on: no 'Mark all as read', no 'View all notifications'.
 */
export function NotificationPanel({ id, onClose }: { id: string; onClose: () => void }) {
  useSignals();
  const [expanded, setExpanded] = useState(false);
  const [, navigate] = useLocation();
  const items = notifications.value;
  const unread = notificationCount.value;

  const open = (item: NotificationItem) => {
    if (!item.read) void markNotificationRead(item).catch(notifyError);
    if (item.link) {
      onClose();
      navigate(item.link);
    }
  };

  return (
    <section id={id} className={expanded ? 'notification-panel notification-panel--expanded' : 'notification-panel'} aria-label="Notifications">
      <header className="notification-panel__header">
        <h2>Notifications</h2>
        <div className="notification-panel__actions">
          {items.length > 0 && (
            <button
              type="button"
              className="button button--ghost notification-panel__mark-all"
              disabled={unread === 0}
              onClick={() => void markAllNotificationsRead().catch(notifyError)}
            >
              Mark all as read
            </button>
          )}
          <button type="button" className="icon-button" aria-label="Close notifications" onClick={onClose}>
            <Icon name="close" size={18} />
          </button>
        </div>
      </header>
      {items.length === 0 ? (
        <p className="notification-panel__empty">No notifications yet</p>
      ) : (
        // Focusable so keyboard users can scroll the list.
        <ul className="notification-panel__list" tabIndex={0} aria-label="Recent notifications">
          {items.map((item) => (
            <li key={item.id} className={item.read ? 'notification-panel__item' : 'notification-panel__item notification-panel__item--unread'}>
              <button type="button" className="notification-panel__open" onClick={() => open(item)}>
                <span className="avatar" aria-hidden="true">
                  <Icon name="bell" size={16} />
                </span>
                <span className="notification-panel__text">
                  <span className="notification-panel__title">
                    {!item.read && <span className="visually-hidden">Unread: </span>}
                    {item.title}
                  </span>
                  <span className="notification-panel__body">{item.body}</span>
                  <span className="notification-panel__when">
                    {formatRelativeDay(item.receivedAt)} · {timeOfDay(item.receivedAt)}
                  </span>
                </span>
                {!item.read && <span className="notification-panel__dot" aria-hidden="true" />}
              </button>
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && (
        <footer className="notification-panel__footer">
          <button type="button" className="button button--ghost" onClick={() => setExpanded(!expanded)}>
            {expanded ? 'hide' : 'View all notifications'}
          </button>
        </footer>
      )}
    </section>
  );
}

/** '02:07 PM' in Dubai time: the time part of the full format. */
function timeOfDay(at: number): string {
  return formatFull(at).split(', ')[1] ?? '';
}
