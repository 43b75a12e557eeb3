/**
 * The due-diligence review of one registration (keyed by the client's user id): reads for the detail page
 * and the verification stepper, the document files, and the review actions. Rules and SQL: review-store.ts.
 */
import type { FastifyInstance } from 'fastify';
import { registrationsEndpoints as endpoints } from '../../../../common/contract/registrations.ts';
import { sendFile } from '../../lib/documents.ts';
import { route } from '../../lib/routes.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { actorOf } from './pipeline-routes.ts';
import { requireRecordAccess } from './transition.ts';
import * as store from './review-store.ts';

export async function reviewRoutes(app: FastifyInstance) {
  route(app, endpoints.assignees, async () => store.listAssignees(app.db));
  route(app, endpoints.review, async (request) => {
    await requireRecordAccess(app.db, request.params.userId, signedInUser(request).role);
    return store.readReview(app.db, request.params.userId);
  });
  route(app, endpoints.events, async (request) => {
    await requireRecordAccess(app.db, request.params.userId, signedInUser(request).role);
    return store.readTimeline(app.db, request.params.userId);
  });
  route(app, endpoints.document, async (request, reply) => {
    await requireRecordAccess(app.db, request.params.userId, signedInUser(request).role);
    const file = await store.readDocumentFile(app.db, request.params.userId, request.params.documentId);
    return sendFile(reply, file, request.query.download === true);
  });

  route(app, endpoints.assign, async (request) => store.assign(app.db, request.params.userId, request.body, actorOf(request)));
  route(app, endpoints.approve, async (request) => store.approve(app.db, request.params.userId, request.body, actorOf(request)));
  route(app, endpoints.return, async (request) => store.returnForCorrection(app.db, request.params.userId, request.body, actorOf(request)));
  route(app, endpoints.comment, async (request, reply) => reply.code(201).send(await store.addComment(app.db, request.params.userId, request.body, actorOf(request))));
}
