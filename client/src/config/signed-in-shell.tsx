/**
 * The signed-in area behind the guard: the shell and every route of the table. It is a chunk of its own,
 * so the login page does not download the shell, the navigation or the notification code.
 */
import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { ROUTES } from '../../../common/access.ts';
import { AppShell } from '../components/app-shell.tsx';
import { LoadingIndicator } from '../components/spinner.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { routePattern } from '../lib/routing.ts';
import { PAGES } from './pages.tsx';

export function SignedInShell({ title }: { title: string | undefined }) {
  return (
    <AppShell title={title}>
      <Suspense fallback={<LoadingIndicator />}>
        <Switch>
          {ROUTES.map((route) => (
            <Route key={route.id} path={routePattern(route)} component={PAGES[route.id]} />
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </AppShell>
  );
}
