import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { roleLabel } from '../../../common/roles.ts';
import { routeByKey } from '../../../common/access.ts';
import { Avatar } from './avatar.tsx';
import { Icon } from './icon.tsx';
import { logout } from '../lib/auth.ts';
import { badgeLabel, pathDepth } from '../lib/links.ts';
import { userDisplayName } from '../lib/user-name.ts';
import { notificationCount } from '../state/notifications.ts';
import { session } from '../state/session.ts';
import { NotificationPanel } from './notification-panel.tsx';

const settingsPath = routeByKey('settings').path;

/**
 * 60 px bar: the page title on one-level pages, 'Back To Home' on deeper ones, and the tool area. A page
 * without a table entry (the 404 page) brings its own heading.
 */
export function TopBar({ title }: { title: string | undefined }) {
  const [location, navigate] = useLocation();
  // History back, as the spec says; a page opened in a fresh tab has nothing to go back to, so it goes home.
  const back = () => (window.history.length > 1 ? window.history.back() : navigate('/'));
  return (
    <header className="top-bar">
      {pathDepth(location) > 1 ? (
        <button type="button" className="back-link" onClick={back}>
          <Icon name="arrow-left" size={18} />
          Back To Home
        </button>
      ) : (
        title && <h1 className="top-bar__title">{title}</h1>
      )}
      <div className="top-bar__tools">
        <NotificationBell />
        <Link href={settingsPath} className="icon-button" aria-label="Settings">
          <Icon name="settings" />
        </Link>
        <UserBlock />
        <button type="button" className="button button--ghost top-bar__logout" onClick={() => void logout()}>
          <Icon name="logout" size={18} />
          Logout
        </button>
      </div>
    </header>
  );
}

function NotificationBell() {
  useSignals();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const count = notificationCount.value;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div className="bell" ref={wrapper}>
      <button
        type="button"
        className="icon-button"
        aria-label={count > 0 ? `Notifications, ${badgeLabel(count)} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <Icon name="bell" />
        {count > 0 && (
          <span className="badge" aria-hidden="true">
            {badgeLabel(count)}
          </span>
        )}
      </button>
      {open && <NotificationPanel id={panelId} onClose={() => setOpen(false)} />}
    </div>
  );
}

function UserBlock() {
  useSignals();
  const { display_name, role, photo_url } = session.value;
  const name = userDisplayName(display_name);
  return (
    <div className="user-block">
      <Avatar name={name} picture={photo_url} />
      <div className="user-block__text">
        <span className="user-block__name">{name}</span>
        <span className="user-block__role">{roleLabel(role)}</span>
      </div>
    </div>
  );
}
