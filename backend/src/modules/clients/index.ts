/**
 * Clients: the accounts the business serves, with their subscriptions, documents, monthly reports, monthly
 * insights and compliance deadlines, and the client's own me/ reads. The rule of who sees which client
 * (access.ts) is every client-owned area's rule; creating a client and its subscription (store.ts) is
 * onboarding's last step; the working-day calendar and the deadline rules are in common/.
 */
import type { FastifyInstance } from 'fastify';
import type { BackendModule, ModuleOptions } from '../../lib/module.ts';
import { setupClientJobs } from './jobs.ts';
import { myClientRoutes } from './my-routes.ts';
import { clientRoutes } from './routes.ts';
import { clientsWork } from './work.ts';
import { workRoutes } from './work-routes.ts';

export { addClientVisibility, canSeeClient, clientPermissions, isVisibleTo, requireVisibleClient } from './access.ts';
export { createClient, createSubscription, type NewClient, type NewSubscription } from './store.ts';
export { renewDueSubscriptions } from './subscription-store.ts';
export { runClientJobs } from './jobs.ts';
// service desk: the row helpers its stores share with this area's
export { dateText, iso } from './rows.ts';
export { myClientId } from './document-store.ts';
// e-invoicing: its readiness gives deadlines on the compliance calendar
export { refreshNextDeadline } from './deadline-store.ts';
// the owner's dashboard counts the firm's deadlines met, missed and due soon
export { deadlinesDueBetween, type DueDeadline } from './deadline-store.ts';
export { addWithoutAsp } from './list-store.ts';

async function routes(app: FastifyInstance, _options: ModuleOptions): Promise<void> {
  await clientRoutes(app);
  await workRoutes(app);
  await myClientRoutes(app);
}

export const clientsModule: BackendModule = { name: 'clients', setup: setupClientJobs, routes, work: clientsWork };
