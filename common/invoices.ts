/**
 * Invoices: the vocabulary the back end and the console share. A tax invoice's arithmetic (5 % VAT on each
 * line, rounded half up to the fil, the invoice's VAT the sum of its lines'), the sync states of the
 * accounting sync and the words the Unsynced Inv page uses for them.
 */
import { VAT_BP, vatOf } from './money.ts';

/** The supplier on every tax invoice (the business itself). */
export const SUPPLIER = {
  name: 'Ledgerline Accounting Services L.L.C.',
  address: 'Office 1204, Boulevard Plaza Tower 1, Sheikh Mohammed bin Rashid Boulevard, Downtown Dubai, Dubai, United Arab Emirates',
  trn: '100234567800003',
} as const;

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = { invoice: 'Tax invoice', credit_note: 'Credit note' };

/** waiting: not tried yet (or sync off); retrying: failed, tried again at next_try_at; needs_attention: stopped for a person. */
export const SYNC_STATES = ['waiting', 'retrying', 'needs_attention', 'synced'] as const;
export type SyncState = (typeof SYNC_STATES)[number];
export const UNSYNCED_STATES = ['waiting', 'retrying', 'needs_attention'] as const;
export type UnsyncedState = (typeof UNSYNCED_STATES)[number];

export const SYNC_STATE_LABELS: Record<SyncState, string> = {
  waiting: 'Waiting',
  retrying: 'Retrying',
  needs_attention: 'Needs attention',
  synced: 'Synced',
};

/**
 * Why a try failed, as the worker classifies the service's answer. customer_trn and validation stop the
 * invoice at once (a person must fix something); the others are retried.
 */
export const SYNC_ERROR_KINDS = ['customer_trn', 'validation', 'rate_limited', 'server', 'timeout', 'unreachable', 'auth'] as const;
export type SyncErrorKind = (typeof SYNC_ERROR_KINDS)[number];

/** Plain words for a group of failures at the top of the page: '12 need a customer TRN'. */
export function errorGroupLabel(kind: SyncErrorKind | 'waiting', count: number, state: UnsyncedState): string {
  const one = count === 1;
  switch (kind) {
    case 'customer_trn':
      return `${count} ${one ? 'needs' : 'need'} a valid customer TRN`;
    case 'validation':
      return `${count} refused by the accounting system`;
    case 'rate_limited':
      return `${count} rate-limited, ${state === 'needs_attention' ? 'stopped' : 'retrying'}`;
    case 'server':
      return `${count} hit a server error, ${state === 'needs_attention' ? 'stopped' : 'retrying'}`;
    case 'timeout':
      return `${count} timed out, ${state === 'needs_attention' ? 'stopped' : 'retrying'}`;
    case 'unreachable':
      return `${count} could not reach the accounting system, retrying`;
    case 'auth':
      return `${count} refused the sign-in to the accounting system, ${state === 'needs_attention' ? 'stopped' : 'retrying'}`;
    case 'waiting':
      return `${count} waiting for ${one ? 'its' : 'their'} first try`;
  }
}

/** What a retry's row says: it is queued, not synced; the list shows the outcome when the accounting system answers. */
export const RETRY_QUEUED = 'Queued for the accounting system: the list shows whether it synced when the answer comes.';

/** Tries before an invoice stops and waits for a person. */
export const MAX_SYNC_TRIES = 5;
/** Days from issue to due. */
export const PAYMENT_TERMS_DAYS = 14;

export const MAX_LINE_DESCRIPTION = 300;
export const MAX_LINES = 50;
export const MAX_QUANTITY = 10_000;
/** AED 10,000,000.00 per unit: far above any fee, well inside safe integers once multiplied. */
export const MAX_UNIT_FILS = 1_000_000_000;
export const MAX_INVOICE_REASON = 1_000;
export const MAX_EXTERNAL_ID = 100;

export interface LineInput {
  description: string;
  quantity: number;
  unit_fils: number;
}

export interface LineAmounts {
  net_fils: number;
  vat_fils: number;
  total_fils: number;
}

/** One line's amounts on its own: VAT on the line, rounded half up to the fil (an invoice of one line). */
export function lineAmounts(line: Pick<LineInput, 'quantity' | 'unit_fils'>): LineAmounts {
  const net = line.quantity * line.unit_fils;
  const vat = vatOf(net);
  return { net_fils: net, vat_fils: vat, total_fils: net + vat };
}

/**
 * Each line's amounts and the invoice's totals. The VAT is worked out once, on the net total (rounded half up
 * to the fil), as PINT AE's VAT breakdown defines it (aligned-ibrp-s-09: the category's VAT is its taxable
 * amount x the rate), and shared out over the lines by largest remainder: each line's VAT is its own 5 %
 * within a fil, and the lines add up to the total exactly (the PDF, the books and the e-invoice agree).
 * Rounding each line on its own instead lets a long invoice drift away from the breakdown: 50 lines of
 * AED 0.10 are 50 fils of line VAT against 25 fils on their AED 5.00, which the rule refuses.
 */
export function invoiceAmounts(lines: readonly Pick<LineInput, 'quantity' | 'unit_fils'>[]): { lines: LineAmounts[]; totals: LineAmounts } {
  const nets = lines.map((line) => line.quantity * line.unit_fils);
  const net = nets.reduce((sum, value) => sum + value, 0);
  const vat = vatOf(net);
  // Each line's VAT rounded down, then the fils still missing to the total go to the largest remainders (earlier lines first on a tie).
  const floors = nets.map((value) => Math.floor((value * VAT_BP) / 10_000));
  const remainders = nets.map((value, index) => ({ index, remainder: (value * VAT_BP) % 10_000 }));
  const missing = vat - floors.reduce((sum, value) => sum + value, 0);
  for (const { index } of remainders.sort((a, b) => b.remainder - a.remainder || a.index - b.index).slice(0, missing)) floors[index]! += 1;
  return {
    lines: nets.map((value, index) => ({ net_fils: value, vat_fils: floors[index]!, total_fils: value + floors[index]! })),
    totals: { net_fils: net, vat_fils: vat, total_fils: net + vat },
  };
}

/** The invoice's totals (the sums of its lines', see invoiceAmounts). */
export const invoiceTotals = (lines: readonly Pick<LineInput, 'quantity' | 'unit_fils'>[]): LineAmounts => invoiceAmounts(lines).totals;

/** INV-000042, CN-000003: the number, and the external reference in the accounting system. */
export const invoiceNumber = (series: 'INV' | 'CN', sequence: number) => `${series}-${String(sequence).padStart(6, '0')}`;
