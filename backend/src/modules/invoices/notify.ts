/**
 * Who hears of the accounting sync, in the transaction that changes the invoice: when an invoice stops and
 * needs a person, and when one that had failed reaches the accounting system, the client's bookkeeper and
 * every ADMIN (the people who can act on it) are notified. The Unsynced Inv page listens to these on the
 * notification stream and reloads, so such a row appears or goes away live. A first-try success notifies no
 * one: a notification per invoice would drown everyone's panel.
 */
import type { Queryable } from '../../db/database.ts';
import { notifyRoles, notifyUsers } from '../notifications/index.ts';
import { invoiceListPath } from '../../../../common/links.ts';
import { rolesThat } from '../../../../common/access.ts';

export const unsyncedLink = (invoiceId: number) => invoiceListPath({ invoice: invoiceId });

interface NotifiedInvoice {
  id: number;
  number: string;
  legal_name: string;
  bookkeeper_id: number | null;
}

export async function notifyNeedsAttention(tx: Queryable, invoice: NotifiedInvoice, error: string): Promise<void> {
  const message = { kind: 'invoice_needs_attention' as const, title: `${invoice.number} did not sync`, body: `${invoice.legal_name}: ${error}`.slice(0, 500), link: unsyncedLink(invoice.id) };
  if (invoice.bookkeeper_id) await notifyUsers(tx, [invoice.bookkeeper_id], message);
  await notifyRoles(tx, rolesThat('mark-invoices-synced'), message, invoice.bookkeeper_id);
}

export async function notifySyncedAfterFailure(tx: Queryable, invoice: NotifiedInvoice): Promise<void> {
  const message = { kind: 'invoice_synced' as const, title: `${invoice.number} synced`, body: `${invoice.legal_name}'s invoice is in the accounting system now.`, link: unsyncedLink(invoice.id) };
  if (invoice.bookkeeper_id) await notifyUsers(tx, [invoice.bookkeeper_id], message);
  await notifyRoles(tx, rolesThat('mark-invoices-synced'), message, invoice.bookkeeper_id);
}

/** A change the sync worker should hear of at once (a retry asked for): it wakes the local worker. */
export async function signalInvoiceChange(tx: Queryable, invoiceId: number): Promise<void> {
  await tx.query("SELECT pg_notify('invoice_outbox', $1)", [String(invoiceId)]);
}
