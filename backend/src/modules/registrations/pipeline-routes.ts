/**
 * The pipeline's actions (common/pipeline.ts), keyed by the client's user id like the review's: each route
 * is guarded by the roles of its action's page (the machine's `by`), parses and validates, and calls its
 * store. Rules and SQL: profile-store.ts, meeting-store.ts, plan-store.ts, activation-store.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AccountTeam,
  ActivateBody,
  ApprovePlanBody,
  BulkRemindBody,
  BulkRemindResult,
  CancelMeetingBody,
  MeetingBody,
  MeetingOutcomeBody,
  PaymentBody,
  PlanBody,
  RegistrationReview,
  ReinstateBody,
  RemindBody,
  VerifyProfileBody,
  WithdrawBody,
} from '../../../../common/contract/registrations.ts';
import { IdempotencyHeaders, IdParams, NoBody, PersonRef } from '../../../../common/contract/shared.ts';
import { pipelineAction, type PipelineActionKey } from '../../../../common/pipeline.ts';
import { access, signedInUser, type Access } from '../../plugins/auth.ts';
import { actionContext } from '../../lib/action.ts';
import { contentDisposition } from '../../lib/documents.ts';
import { accountTeam, activate } from './activation-store.ts';
import { bookMeeting, cancelMeeting, listHosts, meetingCalendar, recordOutcome } from './meeting-store.ts';
import { approvePlan, recordPayment, setPlan } from './plan-store.ts';
import { reinstate, remind, remindMany, verifyProfile, withdraw } from './profile-store.ts';
import type { Actor } from './transition.ts';

const userParams = IdParams('userId');

/** The route rule of an action: the roles of the page the machine names. */
export function actionAccess(key: PipelineActionKey): { access: Access } {
  const { by } = pipelineAction(key);
  return { access: by === 'client' ? access.client : access.page(by) };
}

export const actorOf = (request: FastifyRequest): Actor => {
  const user = signedInUser(request);
  return { ...actionContext(request, user.id), role: user.role };
};

export async function pipelineRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const action = { headers: IdempotencyHeaders, params: userParams };
  const answer = { 200: RegistrationReview };

  api.get('/registrations/hosts/', { config: actionAccess('book_meeting'), schema: { response: { 200: Type.Array(PersonRef) } } }, async () => listHosts(app.db));
  api.get('/registrations/account-team/', { config: actionAccess('activate'), schema: { response: { 200: AccountTeam } } }, async () => accountTeam(app.db));

  api.post('/registrations/remind/', { config: actionAccess('remind'), schema: { headers: IdempotencyHeaders, body: BulkRemindBody, response: { 200: BulkRemindResult } } }, async (request) =>
    remindMany(app.db, request.body, actorOf(request)),
  );
  api.post('/registrations/:userId/remind', { config: actionAccess('remind'), schema: { ...action, body: RemindBody, response: answer } }, async (request) =>
    remind(app.db, request.params.userId, actorOf(request)),
  );
  api.post('/registrations/:userId/verify-profile', { config: actionAccess('verify_profile'), schema: { ...action, body: VerifyProfileBody, response: answer } }, async (request) =>
    verifyProfile(app.db, request.params.userId, request.body, actorOf(request)),
  );
  api.post('/registrations/:userId/withdraw', { config: actionAccess('withdraw'), schema: { ...action, body: WithdrawBody, response: answer } }, async (request) =>
    withdraw(app.db, request.params.userId, request.body, actorOf(request)),
  );
  api.post('/registrations/:userId/reinstate', { config: actionAccess('reinstate'), schema: { ...action, body: ReinstateBody, response: answer } }, async (request) =>
    reinstate(app.db, request.params.userId, request.body, actorOf(request)),
  );

  api.put('/registrations/:userId/meeting', { config: actionAccess('book_meeting'), schema: { ...action, body: MeetingBody, response: answer } }, async (request) =>
    bookMeeting(app.db, request.params.userId, request.body, actorOf(request)),
  );
  api.delete('/registrations/:userId/meeting', { config: actionAccess('cancel_meeting'), schema: { ...action, body: CancelMeetingBody, response: answer } }, async (request) =>
    cancelMeeting(app.db, request.params.userId, request.body, actorOf(request)),
  );
  api.post('/registrations/:userId/meeting/outcome', { config: actionAccess('mark_held'), schema: { ...action, body: MeetingOutcomeBody, response: answer } }, async (request) =>
    recordOutcome(app.db, request.params.userId, request.body, actorOf(request)),
  );
  // Call Schedule's readers (REVIEWER) may download the call too.
  api.get(
    '/registrations/:userId/meeting/calendar',
    { config: { access: access.anyPage('registrations', 'call-schedules'), rawResponse: true }, schema: { params: userParams, querystring: NoBody } },
    async (request, reply) => {
      const file = await meetingCalendar(app.db, request.params.userId);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );

  api.put('/registrations/:userId/plan', { config: actionAccess('set_plan'), schema: { ...action, body: PlanBody, response: answer } }, async (request) =>
    setPlan(app.db, request.params.userId, request.body, actorOf(request)),
  );
  api.post('/registrations/:userId/plan/approve', { config: actionAccess('approve_plan'), schema: { ...action, body: ApprovePlanBody, response: answer } }, async (request) =>
    approvePlan(app.db, request.params.userId, request.body, actorOf(request)),
  );
  api.post('/registrations/:userId/payment', { config: actionAccess('record_payment'), schema: { ...action, body: PaymentBody, response: answer } }, async (request) =>
    recordPayment(app.db, request.params.userId, request.body, actorOf(request)),
  );
  api.post('/registrations/:userId/activate', { config: actionAccess('activate'), schema: { ...action, body: ActivateBody, response: answer } }, async (request) =>
    activate(app.db, request.params.userId, request.body, actorOf(request)),
  );
}
