import type { ReactNode } from 'react';
import { ChatWidget } from './chat-widget/chat-widget.tsx';
import { useNotificationCenter } from '../lib/use-notification-center.ts';
import { Logo } from './logo.tsx';
import { SideNav } from './side-nav.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * The signed-in page frame: a fixed 293 px column with the logo and, under it, the left column's content
 * (the main navigation by default; the router composition passes the verification stepper on those pages),
 * a 60 px top bar, and the page.
 */
export function AppShell({ title, sidebar = <SideNav />, children }: { title: string | undefined; sidebar?: ReactNode; children: ReactNode }) {
  useNotificationCenter();
  return (
    <div className="shell">
      <aside className="shell__sidebar">
        <div className="shell__logo">
          <Logo />
        </div>
        {sidebar}
      </aside>
      <div className="shell__main">
        <TopBar title={title} />
        <main className="shell__content" id="content">
          {children}
        </main>
      </div>
      <ChatWidget />
    </div>
  );
}
