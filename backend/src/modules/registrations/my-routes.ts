/**
 * The client's side of its registration (CLIENT role only, own registration only, found by the caller's
 * user id, never by a parameter): read it, upload a document, submit the documents after the held call,
 * resubmit after a return. The client app is not part of this console; the demo drives these through
 * scripts/demo-submit.ts and scripts/demo-resubmit.ts.
 */
import type { FastifyInstance } from 'fastify';
import { registrationsEndpoints as endpoints } from '../../../../common/contract/registrations.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { route } from '../../lib/routes.ts';
import * as store from './my-store.ts';
import { actorOf } from './pipeline-routes.ts';

export async function myRegistrationRoutes(app: FastifyInstance) {
  route(app, endpoints.mine, async (request) => store.readMyRegistration(app.db, signedInUser(request).id));
  route(app, endpoints.myDocuments, async (request, reply) => reply.code(201).send(await store.uploadDocument(app.db, request.body, actorOf(request))));
  route(app, endpoints.mySubmit, async (request) => store.submitDocuments(app.db, request.body, actorOf(request)));
  route(app, endpoints.myResubmit, async (request) => store.resubmit(app.db, request.body, actorOf(request)));
}
