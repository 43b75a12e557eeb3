import type { ReactNode } from 'react';
import { Icon } from './icon.tsx';

/** Shown to a signed-in account this console has no view for (for example a client-side role). */
export function AccessDenied({ action }: { action?: ReactNode }) {
  return (
    <main className="full-screen">
      <div className="message-card panel">
        <span className="message-card__icon">
          <Icon name="shield" size={32} />
        </span>
        <h1>Access denied</h1>
        <p>Your account does not have access to this console. Contact an administrator if you think this is a mistake.</p>
        {action}
      </div>
    </main>
  );
}
