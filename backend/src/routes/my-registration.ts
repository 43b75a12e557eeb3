/**
 * The client's side of the correction loop (CLIENT role only, own registration only): read it, upload a
 * corrected document, resubmit. The client app is not part of this console; the demo drives these through
 * scripts/demo-resubmit.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { DocumentUploadBody, MyRegistration, ResubmitBody } from '../../../common/api-contract.ts';
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_KINDS, MAX_DOCUMENT_BYTES } from '../../../common/review.ts';
import { authorizeClient } from '../plugins/auth.ts';
import { idempotencyHeaderSchema } from '../lib/schemas.ts';
import { actionContext } from './review.ts';
import * as store from './review-store.ts';

/** Base64 grows a file by a third; the envelope around it is small. */
const UPLOAD_BODY_LIMIT = Math.ceil((MAX_DOCUMENT_BYTES * 4) / 3) + 4096;

export async function myRegistrationRoutes(app: FastifyInstance) {
  app.get('/me/registration', async (request): Promise<MyRegistration> => {
    const client = authorizeClient(request);
    return store.readMyRegistration(app.db, client.id);
  });

  app.post<{ Body: DocumentUploadBody }>(
    '/me/registration/documents',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        headers: idempotencyHeaderSchema,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['kind', 'file_name', 'content_type', 'content_base64'],
          properties: {
            kind: { type: 'string', enum: DOCUMENT_KINDS },
            // No path separators or quotes: the name goes into Content-Disposition and onto reviewers' disks.
            file_name: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[^\\u0000-\\u001f/\\\\"]+$' },
            content_type: { type: 'string', enum: DOCUMENT_CONTENT_TYPES },
            content_base64: { type: 'string', minLength: 1, maxLength: UPLOAD_BODY_LIMIT, pattern: '^[A-Za-z0-9+/]*={0,2}$' },
          },
        },
      },
    },
    async (request, reply) => {
      const client = authorizeClient(request);
      const content = store.decodeDocument(request.body, MAX_DOCUMENT_BYTES);
      await store.uploadDocument(app.db, client.id, request.body, content, actionContext(request, client.id));
      return reply.code(201).send(await store.readMyRegistration(app.db, client.id));
    },
  );

  app.post<{ Body: ResubmitBody }>(
    '/me/registration/resubmit',
    {
      schema: {
        headers: idempotencyHeaderSchema,
        body: { type: 'object', additionalProperties: false, properties: { version: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } } },
      },
    },
    async (request) => {
      const client = authorizeClient(request);
      await store.resubmit(app.db, client.id, request.body ?? {}, actionContext(request, client.id));
      return store.readMyRegistration(app.db, client.id);
    },
  );
}
