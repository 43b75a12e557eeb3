/**
 * Home as the user's own queue: GET me/work answers every block of Home in one call, from the
 * areas' Home block providers (lib/work-registry.ts); POST work/next/ takes the oldest unassigned item of a
 * queue for the caller (the area's provider locks with FOR UPDATE SKIP LOCKED).
 */
import type { FastifyInstance } from 'fastify';
import { workEndpoints as endpoints } from '../../../../common/contract/work.ts';
import type { BackendModule, ModuleOptions } from '../../lib/module.ts';
import { actionContext } from '../../lib/action.ts';
import { invalidInput } from '../../lib/http-error.ts';
import { route } from '../../lib/routes.ts';
import { authorize, signedInUser } from '../../plugins/auth.ts';
import { buildMyWork, homeBlocks, nextProviders } from './store.ts';

async function routes(app: FastifyInstance, { modules }: ModuleOptions): Promise<void> {
  const blocks = homeBlocks(modules);
  const queues = nextProviders(modules);

  route(app, endpoints.myWork, async (request) => buildMyWork(app.db, blocks, signedInUser(request), new Date()));

  route(app, endpoints.next, async (request) => {
    const provider = queues.find((queue) => queue.queue === request.body.queue);
    if (!provider) throw invalidInput('queue', `must be one of ${queues.map((queue) => queue.queue).join(', ')}`);
    const user = authorize(request, provider.page);
    const item = await provider.take(app.db, { id: user.id, role: user.role, idempotencyKey: actionContext(request, user.id).idempotencyKey });
    return { item };
  });
}

export const workModule: BackendModule = { name: 'work', routes };
