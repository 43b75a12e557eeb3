/** What the Sanctions lists page decides from a version: its state's words and whether the signed-in user may decide it. */
import type { ListVersion, ListVersionState } from '../../../../common/contract/aml.ts';
import type { ChipVariant } from '../../components/status-chip.tsx';

export const VERSION_STATE_CHIPS: Record<ListVersionState, { label: string; variant: ChipVariant }> = {
  applied: { label: 'Applied', variant: 'green' },
  pending: { label: 'Pending approval', variant: 'amber' },
  rejected: { label: 'Rejected', variant: 'neutral' },
};


/** A pending version is decided by anyone but its importer (the server refuses the importer with 403). */
export const mayDecide = (version: ListVersion, email: string | null) => version.state === 'pending' && email !== null && version.imported_by?.email !== email;

/** The list's current version: the applied one that took effect last. */
export function currentVersion(versions: readonly ListVersion[]): ListVersion | null {
  const applied = versions.filter((version) => version.state === 'applied');
  applied.sort((a, b) => (b.decided_at ?? b.imported_at).localeCompare(a.decided_at ?? a.imported_at) || b.id - a.id);
  return applied[0] ?? null;
}

export const diffSummary = (version: Pick<ListVersion, 'added' | 'changed' | 'removed'>) => `+${version.added.length} added · ${version.changed.length} changed · −${version.removed.length} removed`;
