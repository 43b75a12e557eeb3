/** /api/faqs/...: the FAQs (ADMIN); /api/public/faqs: the published ones the website shows, without sign-in. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { faqsEndpoints as endpoints } from '../../../../common/contract/faqs.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { actionContext } from '../../lib/action.ts';
import { route } from '../../lib/routes.ts';
import { createFaq, faqCategories, listFaqs, moveFaq, publicFaqs, updateFaq } from './store.ts';

export async function faqRoutes(app: FastifyInstance): Promise<void> {
  const context = (request: FastifyRequest) => actionContext(request, signedInUser(request).id);

  route(app, endpoints.list, async (request) => ({ results: await listFaqs(app.db, request.query) }));
  route(app, endpoints.categories, async () => faqCategories(app.db));
  route(app, endpoints.create, async (request, reply) => reply.code(201).send(await createFaq(app.db, request.body, context(request))));
  route(app, endpoints.update, async (request) => updateFaq(app.db, request.params.id, request.body, context(request)));
  route(app, endpoints.move, async (request) => moveFaq(app.db, request.params.id, request.body, context(request)));
  route(app, endpoints.publicList, async (_request, reply) => reply.header('cache-control', 'public, max-age=60').send(await publicFaqs(app.db)));
}
