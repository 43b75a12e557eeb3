/**
 * The due-diligence review of one registration (keyed by the client's user id): reads for the detail page
 * and the verification stepper, the document files, and the review actions. Rules and SQL: review-store.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApproveBody, AssignBody, CommentBody, PersonRef, RegistrationReview, ReturnBody, TimelineEvent } from '../../../common/api-contract.ts';
import { MAX_COMMENT_LENGTH, RETURN_REASONS } from '../../../common/review.ts';
import { authorize } from '../plugins/auth.ts';
import { idParam, idempotencyHeaderSchema, noteText } from '../lib/schemas.ts';
import * as store from './review-store.ts';

interface UserParams {
  userId: number;
}

const userParams = { type: 'object', required: ['userId'], properties: { userId: idParam } } as const;
const version = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;

/** Schema of an action: the path, the Idempotency-Key header and a closed body. */
const actionSchema = (required: string[], properties: Record<string, unknown>) => ({
  params: userParams,
  headers: idempotencyHeaderSchema,
  body: { type: 'object', additionalProperties: false, required, properties },
});

export function actionContext(request: FastifyRequest, actorId: number): store.ActionContext {
  const key = request.headers['idempotency-key'];
  return { actorId, idempotencyKey: typeof key === 'string' ? key : null };
}

export async function reviewRoutes(app: FastifyInstance) {
  app.get('/registrations/assignees/', async (request): Promise<PersonRef[]> => {
    authorize(request, 'due-diligence');
    return store.listAssignees(app.db);
  });

  // The stepper (Registration page) shows the same profile and documents, so the read follows that page.
  app.get<{ Params: UserParams }>('/registrations/:userId/review', { schema: { params: userParams } }, async (request): Promise<RegistrationReview> => {
    authorize(request, 'registrations');
    return store.readReview(app.db, request.params.userId);
  });

  // Internal comments and decisions are the reviewers' own: the timeline follows the Due Diligence page.
  app.get<{ Params: UserParams }>('/registrations/:userId/events', { schema: { params: userParams } }, async (request): Promise<TimelineEvent[]> => {
    authorize(request, 'due-diligence');
    return store.readTimeline(app.db, request.params.userId);
  });

  app.get<{ Params: UserParams & { documentId: number }; Querystring: { download?: boolean } }>(
    '/registrations/:userId/documents/:documentId',
    {
      schema: {
        params: { type: 'object', required: ['userId', 'documentId'], properties: { userId: idParam, documentId: idParam } },
        querystring: { type: 'object', properties: { download: { type: 'boolean' } } },
      },
    },
    async (request, reply) => {
      authorize(request, 'registrations');
      const file = await store.readDocumentFile(app.db, request.params.userId, request.params.documentId);
      return reply
        .header('content-type', file.content_type)
        .header('content-disposition', contentDisposition(request.query.download ? 'attachment' : 'inline', file.file_name))
        .header('x-content-type-options', 'nosniff')
        // Opened on its own, the file runs nothing and can be framed by no one.
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.content));
    },
  );

  app.post<{ Params: UserParams; Body: AssignBody }>(
    '/registrations/:userId/assign',
    { schema: actionSchema(['assignee_id', 'version'], { assignee_id: { anyOf: [idParam, { type: 'null' }] }, version }) },
    async (request) => {
      const user = authorize(request, 'due-diligence');
      await store.assign(app.db, request.params.userId, request.body, actionContext(request, user.id));
      return store.readReview(app.db, request.params.userId);
    },
  );

  app.post<{ Params: UserParams; Body: ApproveBody }>(
    '/registrations/:userId/approve',
    { schema: actionSchema(['version'], { version }) },
    async (request) => {
      const user = authorize(request, 'due-diligence');
      await store.approve(app.db, request.params.userId, request.body, actionContext(request, user.id));
      return store.readReview(app.db, request.params.userId);
    },
  );

  app.post<{ Params: UserParams; Body: ReturnBody }>(
    '/registrations/:userId/return',
    {
      schema: actionSchema(['reason', 'comment', 'version'], {
        reason: { type: 'string', enum: RETURN_REASONS },
        comment: { ...noteText(MAX_COMMENT_LENGTH), minLength: 1 },
        version,
      }),
    },
    async (request) => {
      const user = authorize(request, 'due-diligence');
      await store.returnForCorrection(app.db, request.params.userId, request.body, actionContext(request, user.id));
      return store.readReview(app.db, request.params.userId);
    },
  );

  app.post<{ Params: UserParams; Body: CommentBody }>(
    '/registrations/:userId/comments',
    { schema: actionSchema(['text'], { text: { ...noteText(MAX_COMMENT_LENGTH), minLength: 1 } }) },
    async (request, reply) => {
      const user = authorize(request, 'due-diligence');
      await store.addComment(app.db, request.params.userId, request.body, actionContext(request, user.id));
      return reply.code(201).send(await store.readTimeline(app.db, request.params.userId));
    },
  );
}

/** RFC 6266: an ASCII fallback name plus the exact UTF-8 name, so no file name can break the header. */
function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
