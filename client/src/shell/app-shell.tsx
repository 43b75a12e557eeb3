import type { MouseEvent, ReactNode } from 'react';
import { useNotificationCenter } from '../features/notifications/use-notification-center.ts';
import { Logo } from '../components/logo.tsx';
import { SideNav } from './side-nav.tsx';
import { KeyboardLayer } from './keyboard-layer.tsx';
import { TopBar } from './top-bar.tsx';
import { useRouteEffects } from './use-route-effects.ts';
import './shell.css';

/** The skip link moves focus without a '#content' history entry (which the router would see as a navigation). */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('content')?.focus();
}

/**
 * The signed-in page frame: a fixed 293 px column with the logo and, under it, the left column's content
 * (the main navigation by default; the router composition passes the verification stepper on those pages),
 * a 60 px top bar, and the page. Below the spec's lg breakpoint (1200 px) the column folds to its icons
 * (shell.css). The chat assistant's launcher is one of the top bar's tools, so nothing floats over the page.
 */
interface AppShellProps {
  title: string | undefined;
  /** The left column under the logo; the main navigation by default. */
  sidebar?: ReactNode;
  /** Whether the left column may fold to icons in a narrow window (the navigation can, a stepper of titles cannot). */
  foldable?: boolean;
  children: ReactNode;
}

export function AppShell({ title, sidebar = <SideNav />, foldable = true, children }: AppShellProps) {
  useNotificationCenter();
  useRouteEffects();
  return (
    <div className={foldable ? 'shell shell--foldable' : 'shell'}>
      <a href="#content" className="skip-link" onClick={skipToContent}>
        Skip to content
      </a>
      <aside className="shell__sidebar">
        <div className="shell__logo">
          <Logo />
        </div>
        {sidebar}
      </aside>
      <div className="shell__main">
        <TopBar title={title} />
        <main className="shell__content" id="content" tabIndex={-1}>
          {children}
        </main>
      </div>
      <KeyboardLayer />
    </div>
  );
}
