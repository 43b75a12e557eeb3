/**
 * The signed-in area behind the guard: the shell and every route of the table. It is a chunk of its own,
 * so the login page does not download the shell, the navigation or the notification code.
 */
import { Suspense } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Route, Switch, useRoute } from 'wouter';
import { ROUTES } from '../../../common/access.ts';
import { VERIFICATION_PATTERN } from '../../../common/links.ts';
import { LoadingIndicator } from '../components/spinner.tsx';
import { useNavCounts } from './nav-counts.ts';
import { PAGES, preloadPath } from './pages.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { VerificationStepper } from '../features/registrations/routes.ts';
import { lazyPage } from '../lib/lazy-page.ts';
import { RoutePreloadContext } from '../lib/route-preload.ts';
import { secondFactorPending } from '../lib/second-factor-state.ts';
import { routePatterns } from '../lib/routing.ts';
import { AppShell } from '../shell/app-shell.tsx';
import { NavCountsContext } from '../shell/nav-counts.ts';
import { SideNav } from '../shell/side-nav.tsx';
import { IdleSignOut } from '../shell/idle-sign-out.tsx';

/** The second step of a staff sign-in: loaded only when a sign-in waits for its code. */
const SecondFactorPage = lazyPage(() => import('../features/auth/second-factor-page.tsx').then((module) => module.SecondFactorPage));

/** The shell, or the code prompt while the sign-in waits for its second factor (nothing of the shell runs before it). */
export function SignedInShell({ title }: { title: string | undefined }) {
  useSignals();
  if (secondFactorPending.value) {
    return (
      <Suspense fallback={<LoadingIndicator />}>
        <SecondFactorPage />
      </Suspense>
    );
  }
  return <Shell title={title} />;
}

/** The shell's left column under the logo: the verification stepper on a verification page, else the main navigation. */
function Shell({ title }: { title: string | undefined }) {
  const [verification] = useRoute(VERIFICATION_PATTERN);
  const sidebar = verification ? (
    <Suspense fallback={null}>
      <VerificationStepper />
    </Suspense>
  ) : (
    <SideNav />
  );
  return (
    <RoutePreloadContext value={preloadPath}>
      <NavCountsContext value={useNavCounts}>
        <AppShell title={title} sidebar={sidebar} foldable={!verification}>
          <IdleSignOut />
          <Suspense fallback={<LoadingIndicator />}>
            <Switch>
              {ROUTES.flatMap((route) => routePatterns(route).map((pattern) => <Route key={pattern} path={pattern} component={PAGES[route.id]} />))}
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </AppShell>
      </NavCountsContext>
    </RoutePreloadContext>
  );
}
