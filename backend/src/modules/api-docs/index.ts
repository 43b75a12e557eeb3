/** GET /api/openapi.json: the API's description (lib/openapi.ts), generated from the routes the app registered. */
import type { FastifyInstance } from 'fastify';
import { apiDocsEndpoints } from '../../../../common/contract/api-docs.ts';
import type { BackendModule, ModuleOptions } from '../../lib/module.ts';
import { openApiDocument } from '../../lib/openapi.ts';
import { route } from '../../lib/routes.ts';
import { bulkActionsOf } from '../../lib/work-registry.ts';

async function routes(app: FastifyInstance, { modules }: ModuleOptions): Promise<void> {
  let document: string | null = null;
  route(app, apiDocsEndpoints.openapi, async (_request, reply) => {
    // Built once: the routes do not change while the app runs.
    document ??= openApiDocument(app, bulkActionsOf(modules));
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-store').send(document);
  });
}

export const apiDocsModule: BackendModule = { name: 'api-docs', routes };
