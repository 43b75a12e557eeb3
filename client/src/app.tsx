/**
 * The router: public pages first, then every route of the one table behind the access guard, 404 last.
 * The shell stays mounted while the user moves between signed-in pages. Pages and the signed-in shell are
 * chunks of their own; links preload them through RoutePreloadContext (the public pages' here, every
 * page's inside the signed-in shell, which brings the signed-in pages' table, config/pages.tsx).
 */
import { Suspense, lazy, useEffect } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { PUBLIC_PATHS, decideAccess, forbiddenPageMessage } from '../../common/access.ts';
import { isStaffRole } from '../../common/roles.ts';
import { Button } from './components/button.tsx';
import { FullScreenSpinner } from './components/spinner.tsx';
import { PUBLIC_PAGES, preloadPublicPath } from './config/public-pages.tsx';
import { lazyPage } from './lib/lazy-page.ts';
import { RoutePreloadContext } from './lib/route-preload.ts';
import { loginHref } from './lib/routing.ts';
import { TOAST_CONTAINER_PROPS, notifyRefused, toastsStarted } from './lib/toast.ts';
import { authStatus, session } from './state/session.ts';

const ToastContainer = lazy(() => import('react-toastify/unstyled').then((module) => ({ default: module.ToastContainer })));

/** Rarely shown (a client-side account): its own chunk, so the login page's first download does without it. */
const AccessDenied = lazyPage(() => import('./components/access-denied.tsx').then((module) => module.AccessDenied));

/** Push toasts come only to a signed-in console: their code stays out of the login page's download. */
const PushToastHost = lazy(() => import('./components/push-toast.tsx').then((module) => ({ default: module.PushToastHost })));

const SignedInShell = lazyPage(() => import('./config/signed-in-shell.tsx').then((module) => module.SignedInShell));

export function App() {
  useSignals();
  return (
    <RoutePreloadContext value={preloadPublicPath}>
      <Suspense fallback={<FullScreenSpinner />}>
        <Switch>
          {PUBLIC_PATHS.map((path) => (
            <Route key={path} path={path} component={PUBLIC_PAGES[path]} />
          ))}
          <Route>
            <SignedInArea />
          </Route>
        </Switch>
      </Suspense>
      {/* One top-right column: error and success toasts above, push toasts below, never overlapping. */}
      <div className="toast-stack">
        {toastsStarted.value && (
          <Suspense fallback={null}>
            <ToastContainer {...TOAST_CONTAINER_PROPS} />
          </Suspense>
        )}
        {authStatus.value === 'signed-in' && (
          <Suspense fallback={null}>
            <PushToastHost />
          </Suspense>
        )}
      </div>
    </RoutePreloadContext>
  );
}

/** The spec's move to the role's first page, with a word saying why: a silent move looked like a broken link. */
function ForbiddenRedirect({ page, to }: { page: string; to: string }) {
  useEffect(() => notifyRefused(forbiddenPageMessage(page)), [page]);
  return <Redirect to={to} replace />;
}

/** The access guard: spinner while auth resolves, login for the signed out, the role's first page for a route it may not open, saying so. */
function SignedInArea() {
  useSignals();
  const [location] = useLocation();
  const search = useSearch();
  const status = authStatus.value;
  const role = session.value.role;

  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'signed-out') return <Redirect to={loginHref(search ? `${location}?${search}` : location)} replace />;
  if (!isStaffRole(role)) {
    return (
      <AccessDenied
        action={
          <Button variant="outlined" onClick={() => void import('./lib/auth.ts').then(({ logout }) => logout())}>
            Sign out
          </Button>
        }
      />
    );
  }
  const access = decideAccess(role, location);
  if (access.kind === 'forbidden') return <ForbiddenRedirect page={access.route.name} to={access.home} />;
  return <SignedInShell title={access.kind === 'allowed' ? access.route.name : undefined} />;
}
