/**
 * Search everywhere (issue 22): GET search/?q= over every area that contributes a search provider
 * (lib/work-registry.ts), each showing only what the caller may open under that area's own list rule.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SearchQuery, SearchResult } from '../../../../common/contract/work.ts';
import { MIN_SEARCH_LENGTH } from '../../../../common/contract/work-paths.ts';
import { navEntries, NAV_TABLE } from '../../../../common/access.ts';
import type { BackendModule, ModuleOptions } from '../../lib/module.ts';
import { invalidInput } from '../../lib/http-error.ts';
import { access, signedInUser } from '../../plugins/auth.ts';
import { searchEverywhere, searchProviders } from './store.ts';

/** Any staff page: every staff role searches, and each provider narrows to what the role sees. */
export const anyStaffPage = access.anyPage(...navEntries(NAV_TABLE).map((entry) => entry.id));

async function routes(app: FastifyInstance, { modules }: ModuleOptions): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const providers = searchProviders(modules);
  api.get('/search/', { config: { access: anyStaffPage }, schema: { querystring: SearchQuery, response: { 200: SearchResult } } }, async (request) => {
    if (request.query.q.trim().length < MIN_SEARCH_LENGTH) throw invalidInput('q', `must hold at least ${MIN_SEARCH_LENGTH} characters besides spaces`);
    return searchEverywhere(app.db, providers, signedInUser(request), request.query.q);
  });
}

export const searchModule: BackendModule = { name: 'search', routes };
