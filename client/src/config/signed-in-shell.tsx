/**
 * The signed-in area behind the guard: the shell and every route of the table. It is a chunk of its own,
 * so the login page does not download the shell, the navigation or the notification code.
 */
import { Suspense } from 'react';
import { Route, Switch, useRoute } from 'wouter';
import { ROUTES } from '../../../common/access.ts';
import { AppShell } from '../components/app-shell.tsx';
import { SideNav } from '../components/side-nav.tsx';
import { LoadingIndicator } from '../components/spinner.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { lazyPage } from '../lib/lazy-page.ts';
import { routePattern } from '../lib/routing.ts';
import { VERIFICATION_PATH } from '../lib/verification-link.ts';
import { PAGES } from './pages.tsx';

const VerificationStepper = lazyPage(() => import('../features/review/verification-stepper.tsx').then((module) => module.VerificationStepper));

/** The shell's left column under the logo: the verification stepper on a verification page, else the main navigation. */
function ShellSidebar() {
  const [verification] = useRoute(VERIFICATION_PATH);
  if (!verification) return <SideNav />;
  return (
    <Suspense fallback={null}>
      <VerificationStepper />
    </Suspense>
  );
}

export function SignedInShell({ title }: { title: string | undefined }) {
  return (
    <AppShell title={title} sidebar={<ShellSidebar />}>
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
