import { Route, Switch } from 'wouter';
import { lazyPage } from '../../lib/lazy-page.ts';

const BoardPage = lazyPage(() => import('./pages/board-page.tsx').then((module) => module.BoardPage));
const LeadsPage = lazyPage(() => import('./pages/leads-page.tsx').then((module) => module.LeadsPage));
const LeadPage = lazyPage(() => import('./pages/lead-page.tsx').then((module) => module.LeadPage));

export function CrmRoutes() {
  return (
    <Switch>
      <Route path="/crm/leads/:id" component={LeadPage} />
      <Route path="/crm/list" component={LeadsPage} />
      <Route component={BoardPage} />
    </Switch>
  );
}
