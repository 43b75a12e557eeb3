/**
 * The client's side of its registration (CLIENT role only, own registration only, found by the caller's
 * user id, never by a parameter): read it, upload a document, submit the documents after the held call,
 * resubmit after a return. The client app is not part of this console; the demo drives these through
 * scripts/demo-submit.ts and scripts/demo-resubmit.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DocumentUploadBody, MAX_DOCUMENT_BASE64_LENGTH, MyRegistration, ResubmitBody, SubmitBody } from '../../../../common/contract/registrations.ts';
import { IdempotencyHeaders } from '../../../../common/contract/shared.ts';
import { access, signedInUser } from '../../plugins/auth.ts';
import * as store from './my-store.ts';
import { actionAccess, actorOf } from './pipeline-routes.ts';

const config = { access: access.client };

export async function myRegistrationRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get('/me/registration', { config, schema: { response: { 200: MyRegistration } } }, async (request) => store.readMyRegistration(app.db, signedInUser(request).id));

  api.post(
    '/me/registration/documents',
    // The base64 file and the small envelope around it.
    { config: actionAccess('upload_document'), bodyLimit: MAX_DOCUMENT_BASE64_LENGTH + 4096, schema: { headers: IdempotencyHeaders, body: DocumentUploadBody, response: { 201: MyRegistration } } },
    async (request, reply) => reply.code(201).send(await store.uploadDocument(app.db, request.body, actorOf(request))),
  );

  api.post('/me/registration/submit', { config: actionAccess('submit_documents'), schema: { headers: IdempotencyHeaders, body: SubmitBody, response: { 200: MyRegistration } } }, async (request) =>
    store.submitDocuments(app.db, request.body, actorOf(request)),
  );

  api.post('/me/registration/resubmit', { config: actionAccess('resubmit'), schema: { headers: IdempotencyHeaders, body: ResubmitBody, response: { 200: MyRegistration } } }, async (request) =>
    store.resubmit(app.db, request.body, actorOf(request)),
  );
}
