/**
 * The pipeline's actions (common/pipeline.ts), keyed by the client's user id like the review's: each route
 * is guarded by the roles of its action's page (the machine's `by`, actionAccess in the table), parses and
 * validates, and calls its store. Rules and SQL: profile-store.ts, meeting-store.ts, plan-store.ts,
 * activation-store.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registrationsEndpoints as endpoints } from '../../../../common/contract/registrations.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { actionContext } from '../../lib/action.ts';
import { contentDisposition } from '../../lib/documents.ts';
import { route } from '../../lib/routes.ts';
import { accountTeam, activate } from './activation-store.ts';
import { bookMeeting, cancelMeeting, listHosts, meetingCalendar, recordOutcome } from './meeting-store.ts';
import { approvePlan, recordPayment, setPlan } from './plan-store.ts';
import { reinstate, remind, remindMany, verifyProfile, withdraw } from './profile-store.ts';
import { requireRecordAccess, type Actor } from './transition.ts';

export const actorOf = (request: FastifyRequest): Actor => {
  const user = signedInUser(request);
  return { ...actionContext(request, user.id), role: user.role };
};

export async function pipelineRoutes(app: FastifyInstance) {
  route(app, endpoints.hosts, async () => listHosts(app.db));
  route(app, endpoints.accountTeam, async () => accountTeam(app.db));

  route(app, endpoints.remindMany, async (request) => remindMany(app.db, request.body, actorOf(request)));
  route(app, endpoints.remind, async (request) => remind(app.db, request.params.userId, actorOf(request)));
  route(app, endpoints.verifyProfile, async (request) => verifyProfile(app.db, request.params.userId, request.body, actorOf(request)));
  route(app, endpoints.withdraw, async (request) => withdraw(app.db, request.params.userId, request.body, actorOf(request)));
  route(app, endpoints.reinstate, async (request) => reinstate(app.db, request.params.userId, request.body, actorOf(request)));

  route(app, endpoints.bookMeeting, async (request) => bookMeeting(app.db, request.params.userId, request.body, actorOf(request)));
  route(app, endpoints.cancelMeeting, async (request) => cancelMeeting(app.db, request.params.userId, request.body, actorOf(request)));
  route(app, endpoints.meetingOutcome, async (request) => recordOutcome(app.db, request.params.userId, request.body, actorOf(request)));
  route(app, endpoints.meetingCalendar, async (request, reply) => {
    await requireRecordAccess(app.db, request.params.userId, signedInUser(request).role);
    const file = await meetingCalendar(app.db, request.params.userId);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', file.fileName))
      .header('cache-control', 'no-store')
      .send(file.content);
  });

  route(app, endpoints.setPlan, async (request) => setPlan(app.db, request.params.userId, request.body, actorOf(request)));
  route(app, endpoints.approvePlan, async (request) => approvePlan(app.db, request.params.userId, request.body, actorOf(request)));
  route(app, endpoints.payment, async (request) => recordPayment(app.db, request.params.userId, request.body, actorOf(request)));
  route(app, endpoints.activate, async (request) => activate(app.db, request.params.userId, request.body, actorOf(request)));
}
