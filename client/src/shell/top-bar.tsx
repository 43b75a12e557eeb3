import { Link, useLocation } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { routeByKey } from '../../../common/access.ts';
import { roleLabel } from '../../../common/roles.ts';
import { Avatar } from '../components/avatar.tsx';
import { Icon } from '../components/icon.tsx';
import { ReconnectingIndicator } from '../components/reconnecting-indicator.tsx';
import { ChatWidget } from '../features/chat-assistant/components/chat-widget.tsx';
import { NotificationBell } from '../features/notifications/components/notification-bell.tsx';
import { TimerWidget } from '../features/timesheet/components/timer-widget.tsx';
import { logout } from '../lib/auth.ts';
import { backFallback, showsPageTitle } from './page-level.ts';
import { canGoBackInConsole } from '../lib/navigation-history.ts';
import { userDisplayName } from '../lib/user-name.ts';
import { session } from '../state/session.ts';
import { searchOpen } from '../lib/shortcuts.ts';

const settingsPath = routeByKey('settings').path;

/**
 * 60 px bar: the page title on one-level pages, 'Back To Home' on deeper ones, and the tool area. A page
 * without a table entry (the 404 page) brings its own heading.
 */
export function TopBar({ title }: { title: string | undefined }) {
  useSignals();
  const [location, navigate] = useLocation();
  const role = session.value.role;
  // History back, as the spec says; with no console page behind this one (opened in a new tab), the
  // page's own list, or the role's first page.
  const back = () => (canGoBackInConsole() ? window.history.back() : navigate(backFallback(location, role)));
  return (
    <header className="top-bar">
      {!showsPageTitle(location) ? (
        <button type="button" className="back-link" onClick={back}>
          <Icon name="arrow-left" size={18} />
          Back To Home
        </button>
      ) : (
        title && (
          <h1 className="top-bar__title" tabIndex={-1}>
            {title}
          </h1>
        )
      )}
      <div className="top-bar__tools">
        <ReconnectingIndicator />
        <TimerWidget />
        <button type="button" className="top-bar__search" onClick={() => (searchOpen.value = true)} aria-keyshortcuts="Control+K Meta+K">
          <Icon name="search" size={18} />
          <span className="top-bar__search-label">Search everywhere</span>
          <kbd className="top-bar__search-key">Ctrl K</kbd>
        </button>
        <ChatWidget />
        <NotificationBell />
        <Link href={settingsPath} className="icon-button" aria-label="Settings">
          <Icon name="settings" />
        </Link>
        <UserBlock />
        <button type="button" className="button button--ghost top-bar__logout" onClick={() => void logout()}>
          <Icon name="logout" size={18} />
          <span className="top-bar__logout-label">Logout</span>
        </button>
      </div>
    </header>
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
