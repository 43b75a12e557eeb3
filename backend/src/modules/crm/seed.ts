/**
 * The demo CRM pipeline: 80 leads across every stage and the CRM's owners, from every source, some converted
 * from the demo enquiries (linked both ways), the won ones linked to real registrations of the onboarding
 * demo, with activities and follow-ups (a few due today, a few overdue). Repeatable (fixed seed).
 */
import { ACTIVITY_KINDS, LEAD_SOURCES, LEAD_STAGES, type LeadStage } from '../../../../common/contract/crm-paths.ts';
import { addDays, dubaiDate } from '../../../../common/calendar.ts';
import { isOpenLeadStage, LEAD_LOST, LEAD_WON } from '../../../../common/crm.ts';
import type { Queryable } from '../../db/database.ts';
import { DAY_MS, FIRST_NAMES, LAST_NAMES, generator, pickWith } from '../../demo/random.ts';
import type { DemoContext } from '../../demo/context.ts';

const COMPANIES = [
  'Al Habtoor Trading LLC', 'Bay Square Consulting FZ-LLC', 'Cityscape Realty LLC', 'Deira Spice Market LLC', 'Eagle Hills Security Services',
  'Fujairah Stone Supplies LLC', 'Global Village Events LLC', 'Hatta Honey Farm LLC', 'Indigo Design Studio FZ-LLC', 'Jaddaf Waterfront Cafe LLC',
  'Khor Dubai Shipping LLC', 'Lulu Garden Florists LLC', 'Meraas Kids Academy LLC', 'Nakheel Mall Optics LLC', 'Oasis Medical Labs LLC',
  'Port Rashid Marine Supplies', 'Qamar Media Productions FZ-LLC', 'Ras Al Khor Auto Care LLC', 'Souk Madinat Crafts LLC', 'Twin Towers Legal Consultancy',
] as const;

const NOTES = [
  'Intro call: they want monthly bookkeeping and VAT filing.',
  'Sent the proposal for the Growth plan.',
  'Asked for references from clients in hospitality.',
  'Met at the office; decision after the board meeting.',
  'Chased by e-mail, waiting for the signed proposal.',
  'Wants corporate tax registration before month end.',
] as const;

const LOST_REASONS = ['Went with a Big Four firm', 'Price', 'Project postponed to next year', 'No response'] as const;

/** How many leads in each stage (80 in all). */
const STAGE_COUNTS: Record<LeadStage, number> = { new: 18, contacted: 16, call_booked: 12, proposal_sent: 14, won: 8, lost: 12 };

export async function seedCrm(tx: Queryable, { now }: DemoContext): Promise<void> {
  const random = generator(20_260_131);
  const pick = pickWith(random);
  const today = dubaiDate(now);
  const owners = (await tx.query<{ id: number }>("SELECT id FROM users WHERE role IN ('ADMIN', 'BD_MANAGER', 'MARKETING') AND active ORDER BY id LIMIT 6")).map((row) => row.id);
  // Qualified enquiries become the converted leads; the won leads take registrations of the onboarding demo.
  const enquiries = await tx.query<{ id: number; kind: string; name: string; email: string; phone: string | null; company: string | null }>(
    "SELECT id, kind, name, email, phone, company FROM enquiries WHERE status = 'qualified' AND merged_into_id IS NULL ORDER BY id LIMIT 14",
  );
  const registrations = await tx.query<{ id: number; legal_name: string; email: string; display_name: string }>(
    `SELECT r.id, r.legal_name, u.email, u.display_name FROM registrations r JOIN users u ON u.id = r.user_id
     WHERE r.status = 'active' ORDER BY r.stage = 'signed_up' DESC, r.id LIMIT ${STAGE_COUNTS.won}`,
  );
  let index = 0;
  for (const stage of LEAD_STAGES) {
    for (let count = 0; count < STAGE_COUNTS[stage]; count += 1, index += 1) {
      const won = stage === LEAD_WON ? registrations[count] : undefined;
      const enquiry = !won && stage !== LEAD_LOST && index % 5 === 0 ? enquiries.shift() : undefined;
      const contact = won?.display_name ?? enquiry?.name ?? `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
      const company = won?.legal_name ?? enquiry?.company ?? `${COMPANIES[index % COMPANIES.length]!}${index >= COMPANIES.length ? ` (${['Abu Dhabi', 'Sharjah', 'Ajman'][Math.floor(index / COMPANIES.length) % 3]!} branch)` : ''}`;
      const email = won?.email ?? enquiry?.email ?? `${contact.split(' ')[0]!.toLowerCase()}@${company.toLowerCase().replace(/[^a-z]+/g, '').slice(0, 16)}.ae`;
      const source = enquiry?.kind ?? pick(LEAD_SOURCES.slice(5));
      const open = isOpenLeadStage(stage);
      // A few due today, a few overdue (the owners hear of those once), the rest ahead or unset.
      const followUp = open ? (index % 7 === 0 ? today : index % 7 === 1 ? addDays(today, -2 - (index % 3)) : index % 7 === 6 ? null : addDays(today, 1 + Math.floor(random() * 14))) : null;
      const createdAt = new Date(now.getTime() - (5 + random() * 80) * DAY_MS);
      const [lead] = await tx.query<{ id: number }>(
        `INSERT INTO leads (company, contact_name, email, phone, source, owner_id, monthly_value_fils, stage, lost_reason, next_follow_up, enquiry_id, registration_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
        [
          company,
          contact,
          email,
          enquiry?.phone ?? `+971 4 ${String(3_000_000 + Math.floor(random() * 999_999))}`,
          source,
          owners.length > 0 ? owners[index % owners.length]! : null,
          (1 + Math.floor(random() * 12)) * 50_000,
          stage,
          stage === LEAD_LOST ? pick(LOST_REASONS) : null,
          followUp,
          enquiry?.id ?? null,
          won?.id ?? null,
          createdAt,
        ],
      );
      const leadId = lead!.id;
      if (enquiry) await tx.query('UPDATE enquiries SET lead_id = $2 WHERE id = $1', [enquiry.id, leadId]);
      // An overdue follow-up of the history was told to its owner when it passed: a fresh start tells no one
      // (the scheduler's notice is for dates that pass from now on).
      if (followUp !== null && followUp < today) await tx.query('UPDATE leads SET follow_up_notified_for = next_follow_up WHERE id = $1', [leadId]);
      await tx.query("INSERT INTO audit_events (entity, entity_id, kind, actor_id, data, created_at) VALUES ('lead', $1, 'lead_created', NULL, $2, $3)", [
        leadId,
        JSON.stringify({ source, enquiry_id: enquiry?.id ?? null }),
        createdAt,
      ]);
      const activities = LEAD_STAGES.indexOf(stage) === 0 ? Math.floor(random() * 2) : 1 + Math.floor(random() * 3);
      for (let step = 0; step < activities; step += 1) {
        const at = new Date(createdAt.getTime() + (step + 1) * (1 + random() * 4) * DAY_MS);
        await tx.query('INSERT INTO lead_activities (lead_id, kind, at, text, actor_id) VALUES ($1, $2, $3, $4, $5)', [
          leadId,
          pick(ACTIVITY_KINDS),
          at.getTime() < now.getTime() ? at : new Date(now.getTime() - DAY_MS / 4),
          pick(NOTES),
          owners.length > 0 ? owners[(index + step) % owners.length]! : null,
        ]);
      }
    }
  }
}
