/** Home's blocks and the next-unassigned queues, gathered from the areas' contributions. */
import type { MyWork } from '../../../../common/contract/work.ts';
import type { Queryable } from '../../db/database.ts';
import type { BackendModule } from '../../lib/module.ts';
import type { Caller, HomeBlockProvider, NextUnassignedProvider } from '../../lib/work-registry.ts';

export function homeBlocks(modules: readonly BackendModule[]): HomeBlockProvider[] {
  return modules.flatMap((module) => module.work?.home ?? []).sort((a, b) => a.order - b.order);
}

export function nextProviders(modules: readonly BackendModule[]): NextUnassignedProvider[] {
  return modules.flatMap((module) => module.work?.next ?? []);
}

/** Every block the caller's role has, in order; a role with none answers no blocks (Home says so). */
export async function buildMyWork(db: Queryable, providers: readonly HomeBlockProvider[], caller: Caller, now: Date): Promise<MyWork> {
  const blocks: MyWork['blocks'] = [];
  for (const provider of providers) {
    const block = await provider.build(db, caller, now);
    if (block) blocks.push({ key: provider.key, ...block });
  }
  return { blocks, generated_at: now.toISOString() };
}
