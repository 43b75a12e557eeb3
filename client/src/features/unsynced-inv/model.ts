/** How the page shows an invoice's sync state and an attempt's outcome. */
import { SYNC_STATE_LABELS, type SyncState } from '../../../../common/invoices.ts';
import type { ChipVariant } from '../../components/status-chip.tsx';
import { formatDubaiDateTime } from '../../lib/dates.ts';

export const STATE_VARIANTS: Record<SyncState, ChipVariant> = { waiting: 'neutral', retrying: 'amber', needs_attention: 'red', synced: 'green' };

/** What a frozen client's unsynced invoice shows: the sync passes it by until the freeze is lifted. */
export const HELD_TEXT = 'Held: the client is frozen';

export function stateText(state: SyncState, nextTryAt: string | null, clientFrozen = false): string {
  if (clientFrozen && state !== 'synced') return HELD_TEXT;
  if (state === 'retrying' && nextTryAt) return `Retrying, next try ${formatDubaiDateTime(nextTryAt)}`;
  return SYNC_STATE_LABELS[state];
}

export const OUTCOME_LABELS: Record<string, string> = {
  created: 'Created in the accounting system',
  found: 'Found there by its number',
  failed: 'Failed, will retry',
  rejected: 'Refused: needs a fix',
  unreachable: 'Service unreachable (not counted)',
  marked: 'Marked as synced by hand',
};
