/** The Due Diligence key's pages: the list (onboarding) and one registration's review (review, its own chunk). */
import { Route, Switch } from 'wouter';
import { DueDiligencePage } from '../features/onboarding/due-diligence-page.tsx';
import { lazyPage } from '../lib/lazy-page.ts';

const ReviewDetailPage = lazyPage(() => import('../features/review/review-detail-page.tsx').then((module) => module.ReviewDetailPage));

export function DueDiligenceRoutes() {
  return (
    <Switch>
      <Route path="/due-diligence/details/:id" component={ReviewDetailPage} />
      <Route component={DueDiligencePage} />
    </Switch>
  );
}
