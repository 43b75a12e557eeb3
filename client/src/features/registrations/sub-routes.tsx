/** The pages under two of the area's route keys: a list and one registration's page below it. */
import { Route, Switch } from 'wouter';
import { DUE_DILIGENCE_DETAIL_PATTERN, VERIFICATION_PATTERN } from '../../../../common/links.ts';
import { lazyPage } from '../../lib/lazy-page.ts';

const RegistrationsPage = lazyPage(() => import('./pages/registrations-page.tsx').then((module) => module.RegistrationsPage));
const VerificationPage = lazyPage(() => import('./pages/verification-page.tsx').then((module) => module.VerificationPage));
const DueDiligencePage = lazyPage(() => import('./pages/due-diligence-page.tsx').then((module) => module.DueDiligencePage));
const DueDiligenceDetailPage = lazyPage(() => import('./pages/due-diligence-detail-page.tsx').then((module) => module.DueDiligenceDetailPage));

export function RegistrationRoutes() {
  return (
    <Switch>
      <Route path={VERIFICATION_PATTERN} component={VerificationPage} />
      <Route component={RegistrationsPage} />
    </Switch>
  );
}

export function DueDiligenceRoutes() {
  return (
    <Switch>
      <Route path={DUE_DILIGENCE_DETAIL_PATTERN} component={DueDiligenceDetailPage} />
      <Route component={DueDiligencePage} />
    </Switch>
  );
}
