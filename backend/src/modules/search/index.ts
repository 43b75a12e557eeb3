/**
 * Search everywhere: GET search/?q= over every area that contributes a search provider
 * (lib/work-registry.ts), each showing only what the caller may open under that area's own list rule.
 */
import type { FastifyInstance } from 'fastify';
import { workEndpoints as endpoints } from '../../../../common/contract/work.ts';
import { MIN_SEARCH_LENGTH } from '../../../../common/contract/work-paths.ts';
import type { BackendModule, ModuleOptions } from '../../lib/module.ts';
import { invalidInput } from '../../lib/http-error.ts';
import { route } from '../../lib/routes.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { searchEverywhere, searchProviders } from './store.ts';

async function routes(app: FastifyInstance, { modules }: ModuleOptions): Promise<void> {
  const providers = searchProviders(modules);
  route(app, endpoints.search, async (request) => {
    if (request.query.q.trim().length < MIN_SEARCH_LENGTH) throw invalidInput('q', `must hold at least ${MIN_SEARCH_LENGTH} characters besides spaces`);
    return searchEverywhere(app.db, providers, signedInUser(request), request.query.q);
  });
}

export const searchModule: BackendModule = { name: 'search', routes };
