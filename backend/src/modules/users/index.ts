/** Users: the signed-in user and the staff administration (ADMIN). */
import type { BackendModule } from '../../lib/module.ts';
import { userRoutes } from './routes.ts';
import { setupUsers, usersWork } from './work.ts';

export { insertUser } from './store.ts';
// The CRM's invitation gives the same set-password link as the Users page.
export { consoleActionLink } from './store.ts';

export const usersModule: BackendModule = { name: 'users', setup: setupUsers, routes: userRoutes, work: usersWork };
