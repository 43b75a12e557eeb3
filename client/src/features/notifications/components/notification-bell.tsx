import { useId, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Icon } from '../../../components/icon.tsx';
import { badgeLabel } from '../../../lib/badge.ts';
import { useDismiss } from '../../../lib/use-dismiss.ts';
import { notificationCount } from '../model.ts';
import { NotificationPanel } from './notification-panel.tsx';

/** The top bar's bell: the unread count (99+ at most) and the panel it opens; Escape or a click elsewhere closes it. */
export function NotificationBell() {
  useSignals();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const count = notificationCount.value;

  useDismiss(open, wrapper, () => setOpen(false));

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
