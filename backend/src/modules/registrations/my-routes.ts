/**
 * The client's side of the correction loop (CLIENT role only, own registration only, found by the caller's
 * user id, never by a parameter): read it, upload a corrected document, resubmit. The client app is not part
 * of this console; the demo drives these through scripts/demo-resubmit.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DocumentUploadBody, MAX_DOCUMENT_BASE64_LENGTH, MyRegistration, ResubmitBody } from '../../../../common/contract/registrations.ts';
import { IdempotencyHeaders } from '../../../../common/contract/shared.ts';
import { access, signedInUser } from '../../plugins/auth.ts';
import { actionContext } from '../../lib/action.ts';
import * as store from './review-store.ts';

const config = { access: access.client };

export async function myRegistrationRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get('/me/registration', { config, schema: { response: { 200: MyRegistration } } }, async (request) => store.readMyRegistration(app.db, signedInUser(request).id));

  api.post(
    '/me/registration/documents',
    // The base64 file and the small envelope around it.
    { config, bodyLimit: MAX_DOCUMENT_BASE64_LENGTH + 4096, schema: { headers: IdempotencyHeaders, body: DocumentUploadBody, response: { 201: MyRegistration } } },
    async (request, reply) => {
      const client = signedInUser(request);
      return reply.code(201).send(await store.uploadDocument(app.db, client.id, request.body, actionContext(request, client.id)));
    },
  );

  api.post('/me/registration/resubmit', { config, schema: { headers: IdempotencyHeaders, body: ResubmitBody, response: { 200: MyRegistration } } }, async (request) => {
    const client = signedInUser(request);
    return store.resubmit(app.db, client.id, request.body, actionContext(request, client.id));
  });
}
