/** How the page shows an invoice's sync state and an attempt's outcome. */
import { MAX_QUANTITY, SYNC_STATE_LABELS, type SyncState } from '../../../../common/invoices.ts';
import { parseAedToFils } from '../../../../common/money.ts';
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

/**
 * What is wrong with a New invoice line's unit price as typed ('Unit price must have at most two decimals.'),
 * or null when it is an amount or still empty: said beside the field, never left to a total of 0.00.
 */
export function unitPriceProblem(text: string): string | null {
  const value = text.trim();
  if (value === '' || parseAedToFils(value) !== null) return null;
  if (/^[\d,]*\.\d{3,}$/.test(value)) return 'Unit price must have at most two decimals (AED and fils).';
  return 'Unit price must be an amount in AED, such as 1250.00.';
}

/** What is wrong with a line's quantity as typed, or null. */
export function quantityProblem(text: string): string | null {
  const value = text.trim();
  if (value === '') return null;
  const quantity = Number(value);
  return /^\d+$/.test(value) && quantity >= 1 && quantity <= MAX_QUANTITY ? null : `Quantity must be a whole number from 1 to ${MAX_QUANTITY.toLocaleString('en-GB')}.`;
}
