/**
 * The due-diligence review of one registration (keyed by the client's user id): reads for the detail page
 * and the verification stepper, the document files, and the review actions. Rules and SQL: review-store.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApproveBody, AssignBody, CommentBody, DocumentFileQuery, RegistrationReview, ReturnBody, Timeline } from '../../../../common/contract/registrations.ts';
import { IdempotencyHeaders, IdParams, PersonRef } from '../../../../common/contract/shared.ts';
import { access } from '../../plugins/auth.ts';
import { sendFile } from '../../lib/documents.ts';
import { actionAccess, actorOf } from './pipeline-routes.ts';
import * as store from './review-store.ts';

const userParams = IdParams('userId');
/** Internal comments and the timeline are the reviewers' own: the Due Diligence page's roles (the decisions' too). */
const dueDiligence = { access: access.page('due-diligence') };
/** The stepper (Registration page) shows the same profile and documents, so those reads follow that page. */
const registration = { access: access.page('registrations') };

export async function reviewRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get('/registrations/assignees/', { config: dueDiligence, schema: { response: { 200: Type.Array(PersonRef) } } }, async () => store.listAssignees(app.db));

  api.get('/registrations/:userId/review', { config: registration, schema: { params: userParams, response: { 200: RegistrationReview } } }, async (request) =>
    store.readReview(app.db, request.params.userId),
  );

  api.get('/registrations/:userId/events', { config: dueDiligence, schema: { params: userParams, response: { 200: Timeline } } }, async (request) =>
    store.readTimeline(app.db, request.params.userId),
  );

  api.get(
    '/registrations/:userId/documents/:documentId',
    { config: { ...registration, rawResponse: true }, schema: { params: IdParams('userId', 'documentId'), querystring: DocumentFileQuery } },
    async (request, reply) => {
      const file = await store.readDocumentFile(app.db, request.params.userId, request.params.documentId);
      return sendFile(reply, file, request.query.download === true);
    },
  );

  const action = { headers: IdempotencyHeaders, params: userParams };
  const actor = actorOf;

  api.post('/registrations/:userId/assign', { config: actionAccess('assign'), schema: { ...action, body: AssignBody, response: { 200: RegistrationReview } } }, async (request) =>
    store.assign(app.db, request.params.userId, request.body, actor(request)),
  );

  api.post('/registrations/:userId/approve', { config: actionAccess('approve'), schema: { ...action, body: ApproveBody, response: { 200: RegistrationReview } } }, async (request) =>
    store.approve(app.db, request.params.userId, request.body, actor(request)),
  );

  api.post('/registrations/:userId/return', { config: actionAccess('return'), schema: { ...action, body: ReturnBody, response: { 200: RegistrationReview } } }, async (request) =>
    store.returnForCorrection(app.db, request.params.userId, request.body, actor(request)),
  );

  api.post('/registrations/:userId/comments', { config: dueDiligence, schema: { ...action, body: CommentBody, response: { 201: Timeline } } }, async (request, reply) =>
    reply.code(201).send(await store.addComment(app.db, request.params.userId, request.body, actor(request))),
  );
}
