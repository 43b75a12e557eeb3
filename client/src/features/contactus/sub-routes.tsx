/** The pages under each kind's path: the tab's inbox (/difc) and one enquiry (/difc/{id}). */
import { Route, Switch } from 'wouter';
import { lazyPage } from '../../lib/lazy-page.ts';

const EnquiriesPage = lazyPage(() => import('./pages/enquiries-page.tsx').then((module) => module.EnquiriesPage));
const EnquiryPage = lazyPage(() => import('./pages/enquiry-page.tsx').then((module) => module.EnquiryPage));

export function EnquiryRoutes() {
  return (
    <Switch>
      <Route path="/:kind/:id" component={EnquiryPage} />
      <Route component={EnquiriesPage} />
    </Switch>
  );
}
