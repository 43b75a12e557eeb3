/** The Registration key's pages, each in its own chunk: the list (onboarding) and one registration's verification page (review). */
import { Route, Switch } from 'wouter';
import { lazyPage } from '../lib/lazy-page.ts';
import { VERIFICATION_PATH } from '../lib/verification-link.ts';

const RegistrationsPage = lazyPage(() => import('../features/onboarding/registrations-page.tsx').then((module) => module.RegistrationsPage));
const VerificationPage = lazyPage(() => import('../features/review/verification-page.tsx').then((module) => module.VerificationPage));

export function RegistrationRoutes() {
  return (
    <Switch>
      <Route path={VERIFICATION_PATH} component={VerificationPage} />
      <Route component={RegistrationsPage} />
    </Switch>
  );
}
