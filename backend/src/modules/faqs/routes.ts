/** /api/faqs/...: the FAQs (ADMIN); /api/public/faqs: the published ones the website shows, without sign-in. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Faq, FaqList, FaqQuery, MoveFaqBody, NewFaqBody, PublicFaqs, UpdateFaqBody } from '../../../../common/contract/faqs.ts';
import { IdempotencyHeaders, IdParams } from '../../../../common/contract/shared.ts';
import { access, signedInUser } from '../../plugins/auth.ts';
import { actionContext } from '../../lib/action.ts';
import { createFaq, faqCategories, listFaqs, moveFaq, publicFaqs, updateFaq } from './store.ts';

const admin = { access: access.page('faqs') };
const params = IdParams('id');

export async function faqRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const context = (request: FastifyRequest) => actionContext(request, signedInUser(request).id);

  api.get('/faqs/', { config: admin, schema: { querystring: FaqQuery, response: { 200: FaqList } } }, async (request) => ({ results: await listFaqs(app.db, request.query) }));
  api.get('/faqs/categories/', { config: admin, schema: { response: { 200: Type.Array(Type.String()) } } }, async () => faqCategories(app.db));
  api.post('/faqs/', { config: admin, schema: { headers: IdempotencyHeaders, body: NewFaqBody, response: { 201: Faq } } }, async (request, reply) =>
    reply.code(201).send(await createFaq(app.db, request.body, context(request))),
  );
  api.put('/faqs/:id', { config: admin, schema: { params, headers: IdempotencyHeaders, body: UpdateFaqBody, response: { 200: Faq } } }, async (request) =>
    updateFaq(app.db, request.params.id, request.body, context(request)),
  );
  api.post('/faqs/:id/move', { config: admin, schema: { params, headers: IdempotencyHeaders, body: MoveFaqBody, response: { 200: Faq } } }, async (request) =>
    moveFaq(app.db, request.params.id, request.body, context(request)),
  );
  api.get('/public/faqs', { config: { access: access.public }, schema: { response: { 200: PublicFaqs } } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=60').send(await publicFaqs(app.db)),
  );
}
