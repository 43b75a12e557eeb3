/**
 * /api/capacity/... (the Capacity view's roles; leave and weekly capacity ADMIN's, by the endpoint table) and
 * /api/clients/{id}/budget (the Clients page's roles, a BOOKKEEPER only their own clients: another's is 404).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { may } from '../../../../common/access.ts';
import { capacityEndpoints as endpoints } from '../../../../common/contract/capacity.ts';
import { actionContext } from '../../lib/action.ts';
import { route } from '../../lib/routes.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { requireVisibleClient } from '../clients/index.ts';
import { reassignTask } from '../tasks/index.ts';
import { addLeave, capacityWeeks, clientBudget, listLeave, personTasks, removeLeave, setWeeklyCapacity } from './store.ts';

const context = (request: FastifyRequest) => actionContext(request, signedInUser(request).id);

export async function capacityRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.weeks, async (request) => {
    const { role } = signedInUser(request);
    return capacityWeeks(app.db, request.query, may(role, 'edit-staff-capacity'));
  });
  route(app, endpoints.personTasks, async (request) => personTasks(app.db, request.params.userId, request.query.week));
  // The tasks module's write: the endpoint table lets the view's planners make it (the managers too).
  route(app, endpoints.reassign, async (request) => reassignTask(app.db, request.params.taskId, request.body, context(request)));
  route(app, endpoints.setWeekly, async (request) => setWeeklyCapacity(app.db, request.params.userId, request.body, context(request)));
  route(app, endpoints.leave, async (request) => ({ results: await listLeave(app.db, request.query) }));
  route(app, endpoints.addLeave, async (request, reply) => reply.code(201).send(await addLeave(app.db, request.body, context(request))));
  route(app, endpoints.removeLeave, async (request) => removeLeave(app.db, request.params.userId, request.params.day, context(request)));
  route(app, endpoints.clientBudget, async (request) => {
    await requireVisibleClient(app.db, signedInUser(request), request.params.id);
    return clientBudget(app.db, request.params.id, request.query.month);
  });
}
