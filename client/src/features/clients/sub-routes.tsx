/** The pages under /clients: the list, and one client's page (/clients/{id}?tab=...). */
import { Route, Switch } from 'wouter';
import { CLIENT_DETAIL_PATTERN } from '../../../../common/links.ts';
import { lazyPage } from '../../lib/lazy-page.ts';

const ClientsPage = lazyPage(() => import('./pages/clients-page.tsx').then((module) => module.ClientsPage));
const ClientPage = lazyPage(() => import('./pages/client-page.tsx').then((module) => module.ClientPage));

export function ClientRoutes() {
  return (
    <Switch>
      <Route path={CLIENT_DETAIL_PATTERN} component={ClientPage} />
      <Route component={ClientsPage} />
    </Switch>
  );
}
