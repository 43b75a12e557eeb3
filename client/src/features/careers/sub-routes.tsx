import { Route, Switch } from 'wouter';
import { lazyPage } from '../../lib/lazy-page.ts';

const JobsPage = lazyPage(() => import('./pages/jobs-page.tsx').then((module) => module.JobsPage));
const JobEditorPage = lazyPage(() => import('./pages/job-editor-page.tsx').then((module) => module.JobEditorPage));
const ApplicationsPage = lazyPage(() => import('./pages/applications-page.tsx').then((module) => module.ApplicationsPage));
const ApplicationPage = lazyPage(() => import('./pages/application-page.tsx').then((module) => module.ApplicationPage));

export function CareerRoutes() {
  return (
    <Switch>
      <Route path="/createjob" component={JobEditorPage} />
      <Route path="/careers/applications/:id" component={ApplicationPage} />
      <Route path="/careers/:id/edit" component={JobEditorPage} />
      <Route path="/careers/:id" component={ApplicationsPage} />
      <Route component={JobsPage} />
    </Switch>
  );
}
