/**
 * Clients: the accounts the business serves. The rule of who sees which client (access.ts) is every
 * client-owned area's rule; creating a client and its subscription (store.ts) is onboarding's last step.
 */
import type { BackendModule } from '../../lib/module.ts';

export { addClientVisibility, canSeeClient, requireVisibleClient } from './access.ts';
export { createClient, createSubscription, type NewClient, type NewSubscription } from './store.ts';

export const clientsModule: BackendModule = { name: 'clients' };
