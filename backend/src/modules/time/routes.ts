/** /api/time-entries/..., /api/me/timer..., /api/timesheets/...: time entries, the caller's timer, weekly timesheets. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { timeEndpoints as endpoints } from '../../../../common/contract/time.ts';
import { actionContext } from '../../lib/action.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { route } from '../../lib/routes.ts';
import { signedInUser } from '../../plugins/auth.ts';
import {
  approveWeek,
  clientWork,
  createEntry,
  deleteEntry,
  listEntries,
  listTimesheets,
  myTimer,
  readWeek,
  returnWeek,
  startTimer,
  stopTimer,
  submitWeek,
  timeClients,
  timePeople,
  updateEntry,
} from './store.ts';

export async function timeRoutes(app: FastifyInstance): Promise<void> {
  const context = (request: FastifyRequest) => actionContext(request, signedInUser(request).id);

  route(app, endpoints.list, async (request) => {
    const { count, results } = await listEntries(app.db, signedInUser(request), request.query);
    return toPage(request, pageWindow(request.query), count, results);
  });
  route(app, endpoints.create, async (request, reply) => reply.code(201).send(await createEntry(app.db, signedInUser(request), request.body, context(request))));
  route(app, endpoints.update, async (request) => updateEntry(app.db, signedInUser(request), request.params.entryId, request.body, context(request)));
  route(app, endpoints.remove, async (request) => deleteEntry(app.db, signedInUser(request), request.params.entryId, request.body, context(request)));
  route(app, endpoints.clients, async (request) => timeClients(app.db, signedInUser(request)));
  route(app, endpoints.work, async (request) => clientWork(app.db, signedInUser(request), request.params.clientId));
  route(app, endpoints.timer, async (request) => myTimer(app.db, signedInUser(request)));
  route(app, endpoints.startTimer, async (request) => startTimer(app.db, signedInUser(request), request.body, context(request)));
  route(app, endpoints.stopTimer, async (request) => stopTimer(app.db, signedInUser(request), request.body, context(request)));
  route(app, endpoints.week, async (request) => readWeek(app.db, signedInUser(request), request.params.userId, request.params.week));
  route(app, endpoints.timesheets, async (request) => {
    const { count, results } = await listTimesheets(app.db, signedInUser(request), request.query);
    return toPage(request, pageWindow(request.query), count, results);
  });
  route(app, endpoints.people, async (request) => timePeople(app.db, signedInUser(request)));
  route(app, endpoints.submit, async (request) => submitWeek(app.db, signedInUser(request), request.params.userId, request.params.week, request.body, context(request)));
  route(app, endpoints.approve, async (request) => approveWeek(app.db, signedInUser(request), request.params.userId, request.params.week, request.body, context(request)));
  route(app, endpoints.return, async (request) => returnWeek(app.db, signedInUser(request), request.params.userId, request.params.week, request.body, context(request)));
}
