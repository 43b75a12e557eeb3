/**
 * E-invoicing's demo data, written before the invoices' (so every demo invoice's document is made with it):
 * each client's readiness (its TIN, revenue band and, for most, the ASP appointed). The other seeds' TRNs
 * already have the form the PINT AE rules check (15 digits, beginning 1, ending 03: ibr-132-ae).
 * A VAT-registered client's TIN is its TRN's first 10 digits (left to the TRN: none recorded); the others have
 * one recorded. One VAT-registered client of the demo bookkeeper (`bookkeeper@example.com`) had a mistyped TIN
 * when its invoices were issued, corrected since (by the invoices seed, once they are issued): the ASP
 * rejects those invoices, and the console's story is correcting one (the drawer shows the TIN now and offers no
 * 'Send again': the credit note and the new invoice, both reach 'reported').
 */
import type { Queryable } from '../../db/database.ts';
import type { DemoContext } from '../../demo/context.ts';
import { REVENUE_BANDS } from '../../../../common/einvoicing.ts';
import { mandateDeadlinesOf } from '../../../../common/einvoicing-readiness.ts';
import { refreshNextDeadline } from '../clients/index.ts';

export async function seedEinvoicing(tx: Queryable, _demo: DemoContext): Promise<void> {
  const clients = await tx.query<{ id: number; trn: string | null; vat_registered: boolean; demo_bookkeeper: boolean; status: string }>(
    `SELECT c.id, c.trn, c.vat_registered, (u.email = 'bookkeeper@example.com') AS demo_bookkeeper, c.status
     FROM clients c LEFT JOIN users u ON u.id = c.bookkeeper_id ORDER BY c.id`,
  );
  // The invoices seed mistypes the TRN of the demo bookkeeper's first three VAT-registered clients with an
  // active subscription; the last such client is the one whose TIN is mistyped here.
  const withSubscription = await tx.query<{ client_id: number }>("SELECT DISTINCT client_id FROM subscriptions WHERE status = 'active'");
  const active = new Set(withSubscription.map((row) => row.client_id));
  const mistyped = clients.filter((client) => client.vat_registered && client.demo_bookkeeper && active.has(client.id)).at(-1)?.id;
  for (const [index, client] of clients.entries()) {
    const fromTrn = client.vat_registered && client.trn !== null;
    const ownTin = fromTrn ? client.trn!.slice(0, 10) : `1${String(400_000_000 + client.id * 7_919).slice(-9)}`;
    // Its last digit mistyped (until the invoices seed corrects it); a TIN the TRN gives is not recorded.
    const tin = client.id === mistyped ? `${ownTin.slice(0, 9)}${(Number(ownTin.slice(9)) + 1) % 10}` : fromTrn ? null : ownTin;
    const band = REVENUE_BANDS[index % 7 === 0 ? 0 : 1]!;
    // Most have appointed an ASP; every fifth has not (the Clients list's 'e-invoicing not ready').
    const appointed = index % 5 !== 4;
    await tx.query('INSERT INTO client_einvoicing (client_id, tin, revenue_band, asp_name, asp_appointed_on) VALUES ($1, $2, $3, $4, $5)', [
      client.id,
      tin,
      band,
      appointed ? ['Emirates E-Invoicing Services', 'Gulf Peppol Access', 'Tabadul Digital'][index % 3] : null,
      appointed ? `2026-${String(1 + (index % 9)).padStart(2, '0')}-15` : null,
    ]);
    // The readiness adds deadlines to the calendar: refresh the list's next one where an e-invoicing one comes first.
    const dates = mandateDeadlinesOf(band);
    const [stale] = await tx.query<{ id: number }>('SELECT id FROM clients WHERE id = $1 AND (next_deadline_on IS NULL OR next_deadline_on > $2::date)', [client.id, appointed ? dates.goLive : dates.aspBy]);
    if (stale) await refreshNextDeadline(tx, client.id);
  }
}

