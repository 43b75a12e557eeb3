/**
 * The router: public pages first, then every route of the one table behind the access guard, 404 last.
 * The shell stays mounted while the user moves between signed-in pages.
 */
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { useSignals } from '@preact/signals-react/runtime';
import { ToastContainer } from 'react-toastify/unstyled';
import { PUBLIC_PATHS, ROUTES, decideAccess } from '../../common/access.ts';
import { isStaffRole } from '../../common/roles.ts';
import { AccessDenied } from './components/access-denied.tsx';
import { AppShell } from './components/app-shell.tsx';
import { Button } from './components/button.tsx';
import { FullScreenSpinner } from './components/spinner.tsx';
import { PAGES, PUBLIC_PAGES, ShellSidebar } from './config/pages.tsx';
import { NotFoundPage } from './features/not-found/not-found-page.tsx';
import { logout } from './lib/auth.ts';
import { loginHref, routePattern } from './lib/routing.ts';
import { TOAST_CONTAINER_PROPS } from './lib/toast.ts';
import { authStatus, session } from './state/session.ts';

export function App() {
  return (
    <>
      <Switch>
        {PUBLIC_PATHS.map((path) => (
          <Route key={path} path={path} component={PUBLIC_PAGES[path]} />
        ))}
        <Route>
          <SignedInArea />
        </Route>
      </Switch>
      <ToastContainer {...TOAST_CONTAINER_PROPS} />
    </>
  );
}

/** The access guard: spinner while auth resolves, login for the signed out, the role's first page for a forbidden route. */
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
          <Button variant="outlined" onClick={() => void logout()}>
            Sign out
          </Button>
        }
      />
    );
  }
  const access = decideAccess(role, location);
  if (access.kind === 'redirect') return <Redirect to={access.to} replace />;
  return (
    <AppShell title={access.kind === 'allowed' ? access.route.name : undefined} sidebar={<ShellSidebar />}>
      <Switch>
        {ROUTES.map((route) => (
          <Route key={route.id} path={routePattern(route)} component={PAGES[route.id]} />
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </AppShell>
  );
}
