/**
 * Demo invoices: each subscription's last periods (up to three, from the client's activation), numbered in
 * issue order, most of them in the accounting system already, and the recent ones in every sync state: a
 * few stopped for a customer TRN the accounting system refuses (three VAT-registered clients of the demo
 * bookkeeper, `bookkeeper@example.com`, whose TRN was mistyped with a leading 3 where UAE TRNs begin 100),
 * one stopped after five rate-limited tries, some retrying (rate-limited, a server error) and some waiting.
 * A one-off invoice and a credit note show the other kinds. Dates are relative to the seeding moment.
 */
import { addDays, addMonths, dubaiDate, type IsoDate } from '../../../../common/calendar.ts';
import type { SyncErrorKind, SyncState } from '../../../../common/invoices.ts';
import { CYCLE_TERMS, type BillingCycle } from '../../../../common/pricing.ts';
import type { Queryable } from '../../db/database.ts';
import type { DemoContext } from '../../demo/context.ts';
import { issueInvoice, periodLine, type NewInvoice } from './store.ts';

interface SeedSubscription {
  id: number;
  client_id: number;
  plan_name: string;
  cycle: BillingCycle;
  net_fils: number;
  status: 'active' | 'paused' | 'cancelled';
  starts_on: IsoDate;
  next_renewal_on: IsoDate;
  activated_on: IsoDate;
  vat_registered: boolean;
  demo_bookkeeper: boolean;
}

export const TRN_REFUSED = 'Enter a valid Tax Registration Number (TRN): a UAE TRN has 15 digits and begins with 100.';

export async function seedInvoices(tx: Queryable, { now }: DemoContext): Promise<void> {
  const today = dubaiDate(now);
  const subscriptions = await tx.query<SeedSubscription>(
    `SELECT s.id, s.client_id, p.name AS plan_name, s.cycle, s.net_fils, s.status, to_char(s.starts_on, 'YYYY-MM-DD') AS starts_on,
       to_char(s.next_renewal_on, 'YYYY-MM-DD') AS next_renewal_on, to_char(c.activated_at AT TIME ZONE 'Asia/Dubai', 'YYYY-MM-DD') AS activated_on, c.vat_registered,
       (u.email = 'bookkeeper@example.com') AS demo_bookkeeper
     FROM subscriptions s JOIN plans p ON p.id = s.plan_id JOIN clients c ON c.id = s.client_id LEFT JOIN users u ON u.id = c.bookkeeper_id ORDER BY s.id`,
  );
  if (subscriptions.length === 0) return;

  // Three VAT-registered clients of the demo bookkeeper get a mistyped TRN: the accounting system refuses them.
  const refused = new Set(subscriptions.filter((s) => s.vat_registered && s.demo_bookkeeper && s.status === 'active').slice(0, 3).map((s) => s.client_id));
  for (const clientId of refused) await tx.query("UPDATE clients SET trn = '3' || substr(trn, 2) WHERE id = $1", [clientId]);

  type Planned = Omit<NewInvoice, 'sync'> & { periodStart: IsoDate };
  const planned: Planned[] = [];
  for (const sub of subscriptions) {
    const months = CYCLE_TERMS[sub.cycle].months;
    let start = sub.starts_on;
    let end = addDays(sub.next_renewal_on, -1);
    // The current period is invoiced only while active (the scheduler makes it for active ones too).
    const periods: { start: IsoDate; end: IsoDate }[] = sub.status === 'active' && start <= today ? [{ start, end }] : [];
    for (let back = 0; back < 3; back += 1) {
      end = addDays(start, -1);
      start = addMonths(start, -months);
      if (start < sub.activated_on || start > today) break;
      periods.push({ start, end });
    }
    for (const period of periods) {
      planned.push({
        kind: 'invoice',
        clientId: sub.client_id,
        subscriptionId: sub.id,
        periodStart: period.start,
        periodEnd: period.end,
        issuedOn: period.start,
        lines: [periodLine(sub.plan_name, sub.cycle, period.start, period.end, sub.net_fils)],
        createdBy: null,
      });
    }
  }
  planned.sort((a, b) => (a.issuedOn < b.issuedOn ? -1 : a.issuedOn > b.issuedOn ? 1 : (a.subscriptionId ?? 0) - (b.subscriptionId ?? 0)));

  const at = (date: IsoDate, hour: number) => new Date(Math.min(Date.parse(`${date}T00:00:00+04:00`) + hour * 3_600_000, now.getTime() - 60_000));
  const recent = planned.filter((invoice) => invoice.issuedOn >= addDays(today, -10) && !refused.has(invoice.clientId));
  const plan = new Map<Planned, { state: SyncState; kind: SyncErrorKind | null; error: string | null; tries: number }>();
  const assign = (list: Planned[], state: SyncState, kind: SyncErrorKind | null, error: string | null, tries: number) => {
    for (const invoice of list) plan.set(invoice, { state, kind, error, tries });
  };
  assign(recent.slice(0, 1), 'needs_attention', 'rate_limited', 'Rate-limited by the accounting system: You have made too many requests. Please try again after some time.', 5);
  assign(recent.slice(1, 3), 'retrying', 'rate_limited', 'Rate-limited by the accounting system: You have made too many requests. Please try again after some time.', 2);
  assign(recent.slice(3, 4), 'retrying', 'server', 'The accounting system failed (HTTP 503): Service temporarily unavailable.', 1);
  assign(recent.slice(4, 6), 'waiting', null, null, 0);
  // Each refused client's latest invoice (and any other of the last 40 days) waits for its TRN to be fixed.
  const latest = new Map<number, Planned>();
  for (const invoice of planned) {
    if (!refused.has(invoice.clientId)) continue;
    latest.set(invoice.clientId, invoice);
    if (invoice.issuedOn >= addDays(today, -40)) plan.set(invoice, { state: 'needs_attention', kind: 'customer_trn', error: TRN_REFUSED, tries: 1 });
  }
  for (const invoice of latest.values()) plan.set(invoice, { state: 'needs_attention', kind: 'customer_trn', error: TRN_REFUSED, tries: 1 });

  for (const invoice of planned) {
    const sync = plan.get(invoice) ?? { state: 'synced' as const, kind: null, error: null, tries: 0 };
    const triedAt = at(invoice.issuedOn, 6);
    const nextTryAt = sync.state === 'retrying' ? new Date(now.getTime() + (sync.kind === 'rate_limited' ? 3 : 8) * 60_000) : undefined;
    const { id, number } = await issueInvoice(tx, {
      ...invoice,
      sync: {
        state: sync.state,
        tries: sync.tries,
        ...(nextTryAt ? { nextTryAt } : {}),
        lastError: sync.error,
        lastErrorKind: sync.kind,
        externalId: sync.state === 'synced' ? `demo-${String(invoice.subscriptionId)}-${invoice.periodStart.replace(/-/g, '')}` : null,
        syncedAt: sync.state === 'synced' ? triedAt : null,
      },
    });
    void number;
    if (sync.state === 'synced') {
      await tx.query("INSERT INTO invoice_sync_attempts (invoice_id, started_at, duration_ms, outcome, worker) VALUES ($1, $2, 412, 'created', 'demo-worker')", [id, triedAt]);
    }
    for (let attempt = 0; attempt < sync.tries; attempt += 1) {
      await tx.query(
        "INSERT INTO invoice_sync_attempts (invoice_id, started_at, duration_ms, outcome, error_kind, error, worker) VALUES ($1, $2, $3, $4, $5, $6, 'demo-worker')",
        [id, new Date(triedAt.getTime() + attempt * 90_000 * 2 ** attempt), 180 + attempt * 37, sync.kind === 'customer_trn' ? 'rejected' : 'failed', sync.kind, sync.error],
      );
    }
  }
  // The mistyped TIN the e-invoicing seed gave one client was corrected once these were issued: its documents
  // carry it (the ASP rejects them), while its TIN now is its TRN's first 10 digits, as every VAT-registered client's.
  await tx.query('UPDATE client_einvoicing ce SET tin = NULL FROM clients c WHERE c.id = ce.client_id AND c.vat_registered AND c.trn IS NOT NULL AND ce.tin IS NOT NULL');
}
