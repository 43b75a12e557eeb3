import { useState } from 'react';
import { Icon } from './icon.tsx';

interface SampleNotification {
  id: number;
  name: string;
  message: string;
  time: string;
  date: string;
  avatar: string;
}

/** The spec's panel shows hard-coded sample data, not server data; push notifications replace it later. */
const SAMPLE_NOTIFICATIONS: readonly SampleNotification[] = [
  { id: 1, name: 'Aisha Rahman', message: 'uploaded the trade licence for Al Noor Trading LLC.', time: '09:12 AM', date: 'Today', avatar: 'AR' },
  { id: 2, name: 'Omar Haddad', message: 'booked an onboarding call for Desert Bloom Cafe.', time: '08:40 AM', date: 'Today', avatar: 'OH' },
  { id: 3, name: 'Priya Nair', message: 'asked about VAT registration in chat.', time: '05:18 PM', date: 'Yesterday', avatar: 'PN' },
  { id: 4, name: 'Marco Bianchi', message: 'submitted documents for due diligence.', time: '02:03 PM', date: 'Yesterday', avatar: 'MB' },
  { id: 5, name: 'Fatima Al Suwaidi', message: 'approved the Growth plan for Gulf Horizon FZE.', time: '11:47 AM', date: '18 Nov 2026', avatar: 'FS' },
  { id: 6, name: 'Daniel Kim', message: 'requested an on-demand bookkeeping review.', time: '10:05 AM', date: '17 Nov 2026', avatar: 'DK' },
];

/** 350 px wide; compact (385 px tall) until 'View all notifications', expanded (600 px) until 'hide'. */
export function NotificationPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const [expanded, setExpanded] = useState(false);
  return (
    <section id={id} className={expanded ? 'notification-panel notification-panel--expanded' : 'notification-panel'} aria-label="Notifications">
      <header className="notification-panel__header">
        <h2>Notifications</h2>
        <button type="button" className="icon-button" aria-label="Close notifications" onClick={onClose}>
          <Icon name="close" size={18} />
        </button>
      </header>
      {/* Focusable so keyboard users can scroll the list. */}
      <ul className="notification-panel__list" tabIndex={0} aria-label="Recent notifications">
        {SAMPLE_NOTIFICATIONS.map((item) => (
          <li key={item.id} className="notification-panel__item">
            <span className="avatar" aria-hidden="true">
              {item.avatar}
            </span>
            <div>
              <p>
                <strong>{item.name}</strong> {item.message}
              </p>
              <p className="notification-panel__when">
                {item.date} · {item.time}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <footer className="notification-panel__footer">
        <button type="button" className="button button--ghost" onClick={() => setExpanded(!expanded)}>
          {expanded ? 'hide' : 'View all notifications'}
        </button>
      </footer>
    </section>
  );
}
