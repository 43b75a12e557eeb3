/** The Due Diligence key's pages, each in its own chunk: the list (onboarding) and one registration's review (review). */
import { Route, Switch } from 'wouter';
import { lazyPage } from '../lib/lazy-page.ts';

const DueDiligencePage = lazyPage(() => import('../features/onboarding/due-diligence-page.tsx').then((module) => module.DueDiligencePage));
const ReviewDetailPage = lazyPage(() => import('../features/review/review-detail-page.tsx').then((module) => module.ReviewDetailPage));

export function DueDiligenceRoutes() {
  return (
    <Switch>
      <Route path="/due-diligence/details/:id" component={ReviewDetailPage} />
      <Route component={DueDiligencePage} />
    </Switch>
  );
}
