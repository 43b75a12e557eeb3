/**
 * The Registration key's pages: the list (onboarding) and one registration's verification page (review),
 * which gets its own chunk since most visits are to the list.
 */
import { Route, Switch } from 'wouter';
import { RegistrationsPage } from '../features/onboarding/registrations-page.tsx';
import { lazyPage } from '../lib/lazy-page.ts';
import { VERIFICATION_PATH } from '../lib/verification-link.ts';

const VerificationPage = lazyPage(() => import('../features/review/verification-page.tsx').then((module) => module.VerificationPage));

export function RegistrationRoutes() {
  return (
    <Switch>
      <Route path={VERIFICATION_PATH} component={VerificationPage} />
      <Route component={RegistrationsPage} />
    </Switch>
  );
}
