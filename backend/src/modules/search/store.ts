/**
 * Search everywhere: every area's provider (BackendModule.work.search) asked at once, each under its own
 * list's visibility rule, answered grouped by kind in the providers' order; a kind without hits is left out.
 */
import { SEARCH_LIMIT_PER_KIND } from '../../../../common/contract/work-paths.ts';
import type { SearchGroup, SearchResult } from '../../../../common/contract/work.ts';
import type { Database } from '../../db/database.ts';
import type { BackendModule } from '../../lib/module.ts';
import type { Caller, SearchProvider } from '../../lib/work-registry.ts';

export function searchProviders(modules: readonly BackendModule[]): SearchProvider[] {
  return modules.flatMap((module) => module.work?.search ?? []).sort((a, b) => a.order - b.order);
}

/**
 * How alike a word must be to match (pg_trgm's word similarity, 0.6 by default): 0.45 lets one letter missed
 * or swapped in a company's name still find it ('Jailiya' finds 'Jafiliya'), without every word matching.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.45;

/**
 * The planner's cost of one operator call for these queries, ten times Postgres's default (0.0025). The
 * default prices a trigram LIKE or word-similarity test on a row like an integer comparison; it costs some
 * microseconds (a name lowered, split into trigrams, compared). At the default, a provider's "first 50 that
 * match" over 10,000 clients looks cheaper read row by row than through the trigram index, and took 30 ms
 * (a two-word name) to 100 ms (a misspelt one) instead of 2-3 ms. Priced nearer the truth, the index wins.
 */
export const SEARCH_CPU_OPERATOR_COST = 0.025;

export async function searchEverywhere(db: Database, providers: readonly SearchProvider[], caller: Caller, q: string): Promise<SearchResult> {
  const text = q.trim();
  // One read-only transaction, so the settings hold for these queries only (SET LOCAL) on whichever
  // pooled connection runs them. Providers run one after another: PGlite has one connection, and on a pool a
  // few small indexed reads in a row are quicker than taking several connections from other requests.
  return db.transaction(async (tx) => {
    // Both settings in one statement (set_config's third argument true is SET LOCAL): one round trip, not two.
    await tx.query(
      `SELECT set_config('pg_trgm.word_similarity_threshold', '${WORD_SIMILARITY_THRESHOLD}', true), set_config('cpu_operator_cost', '${SEARCH_CPU_OPERATOR_COST}', true)`,
    );
    const groups: SearchGroup[] = [];
    for (const provider of providers) {
      const hits = await provider.search(tx, caller, text, SEARCH_LIMIT_PER_KIND);
      if (hits.length > 0) groups.push({ kind: provider.kind, label: provider.label, hits });
    }
    return { q: text, groups };
  });
}
