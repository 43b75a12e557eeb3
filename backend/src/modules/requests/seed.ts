/**
 * On-demand requests demo data: requests of every type and status on the demo bookkeeper's clients and
 * others: new ones (one already past its target, so breached), one waiting on the client (clock paused),
 * one quoted and waiting for acceptance, one accepted and converted into tasks, completed and declined ones.
 */
import { vatOf } from '../../../../common/money.ts';
import type { Queryable } from '../../db/database.ts';
import type { DemoContext } from '../../demo/context.ts';

const DAY_MS = 86_400_000;

export async function seedRequests(tx: Queryable, { now }: DemoContext): Promise<void> {
  const [bookkeeper] = await tx.query<{ id: number }>("SELECT id FROM users WHERE email = 'bookkeeper@example.com'");
  if (!bookkeeper) return;
  const clients = await tx.query<{ id: number; user_id: number | null }>("SELECT id, user_id FROM clients WHERE status = 'active' ORDER BY (bookkeeper_id = $1) IS TRUE DESC, id LIMIT 10", [bookkeeper.id]);
  const types = await tx.query<{ id: number; code: string }>('SELECT id, code FROM request_types ORDER BY position');
  const type = (code: string) => types.find((row) => row.code === code)!.id;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const plan: { code: string; details: string; status: string; days: number; assignee?: boolean; quote?: [number, 'pending' | 'accepted']; paused?: number; decline?: string; closed?: number }[] = [
    { code: 'salary_certificate', details: 'Salary certificate for our operations manager for a bank loan application (Emirates NBD).', status: 'new', days: 0.2 },
    { code: 'noc_letter', details: 'No-objection letter for an employee applying for a UK visa.', status: 'new', days: 6 },
    { code: 'vat_registration', details: 'Our taxable supplies passed AED 375,000 last month; please register us for VAT.', status: 'in_progress', days: 3, assignee: true, quote: [250_000, 'accepted'] },
    { code: 'audit_support_pack', details: 'Our auditors need the support pack for FY 2025 by the end of the month.', status: 'waiting_on_client', days: 4, assignee: true, paused: 1 },
    { code: 'ad_hoc_report', details: 'A cash-flow forecast for the next 6 months for a board meeting.', status: 'new', days: 1, quote: [180_000, 'pending'] },
    { code: 'corporate_tax_registration', details: 'Register the company for corporate tax; trade licence renewed last week.', status: 'completed', days: 14, assignee: true, closed: 2 },
    { code: 'salary_certificate', details: 'Salary certificate for a driver.', status: 'declined', days: 9, decline: 'Drivers are employed by the manpower supplier, not by the company: ask the supplier.', closed: 8 },
  ];
  for (const [index, item] of plan.entries()) {
    const client = clients[index % clients.length];
    if (!client) return;
    const created = ago(item.days);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO service_requests (client_id, type_id, details, status, assignee_id, requested_by, quote_net_fils, quote_status, decline_reason, paused_since, closed_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [
        client.id,
        type(item.code),
        item.details,
        item.status,
        item.assignee ? bookkeeper.id : null,
        client.user_id,
        item.quote?.[0] ?? null,
        item.quote?.[1] ?? null,
        item.decline ?? null,
        item.paused ? ago(item.paused) : null,
        item.closed ? ago(item.closed) : null,
        created,
      ],
    );
    await tx.query("INSERT INTO audit_events (entity, entity_id, kind, actor_id, data, created_at) VALUES ('service_request', $1, 'request_created', $2, $3, $4)", [
      row!.id,
      client.user_id,
      JSON.stringify({ type: item.code, attachments: 0 }),
      created,
    ]);
    if (item.quote) {
      const vat = vatOf(item.quote[0]);
      await tx.query("INSERT INTO audit_events (entity, entity_id, kind, actor_id, data, created_at) VALUES ('service_request', $1, 'request_quoted', $2, $3, $4)", [
        row!.id,
        bookkeeper.id,
        JSON.stringify({ net_fils: item.quote[0], vat_fils: vat, total_fils: item.quote[0] + vat }),
        new Date(created.getTime() + 3_600_000),
      ]);
    }
    if (item.status === 'in_progress') {
      await tx.query("INSERT INTO tasks (client_id, title, assignee_id, due_on, request_id, description) VALUES ($1, 'Prepare the VAT registration file on EmaraTax', $2, (CURRENT_DATE + 3), $3, $4)", [
        client.id,
        bookkeeper.id,
        row!.id,
        item.details,
      ]);
    }
  }
}
