/**
 * Demo enquiries: 150 website form posts over the last 60 days, of every kind and every status (closed ones
 * with a reason, a few assigned, a few duplicates by e-mail so matches and merge show), repeatable (fixed seed).
 * The CRM's seed converts some of them into leads.
 */
import {
  CFO_SERVICES,
  COMPANY_SIZES,
  ENQUIRY_KINDS,
  ENQUIRY_STATUSES,
  REVENUE_BANDS,
  TOPICS,
  type EnquiryKind,
} from '../../../../common/contract/enquiries-paths.ts';
import type { Queryable } from '../../db/database.ts';
import { DAY_MS, FIRST_NAMES, LAST_NAMES, generator, pickWith } from '../../demo/random.ts';
import type { DemoContext } from '../../demo/context.ts';

export const DEMO_COMPANIES = [
  'Zabeel Fine Foods LLC', 'Al Karama Textiles LLC', 'Marina Yacht Services LLC', 'Sunset Coast Hospitality LLC', 'Qusais Auto Works LLC',
  'Dune Ventures FZ-LLC', 'Nadd Al Hammar Medical Centre', 'Al Barari Landscapes LLC', 'Gate Avenue Capital Ltd', 'Arabian Spice Traders LLC',
  'Pixel Souk Media FZ-LLC', 'Horizon Freight Solutions FZE', 'Al Seef Heritage Cafe LLC', 'Tecom Cloud Systems FZ-LLC', 'Jumeirah Wellness Studio LLC',
  'Dubai South Aviation Services', 'Ibn Battuta Electronics LLC', 'Al Wasl Architects LLC', 'Emirates Fintech Partners Ltd', 'Hessa Street Pharmacy LLC',
  'Green Palm Organics LLC', 'Silicon Gate Robotics FZCO', 'Al Mizhar Building Contracting LLC', 'Creek Harbour Interiors LLC', 'Nova Events Management LLC',
] as const;

const MESSAGES = [
  'We are a growing trading company and need help with monthly bookkeeping and VAT returns.',
  'Looking for a quote for corporate tax registration and the first filing.',
  'Our accountant left; we need someone to take over the books from next month.',
  'We are preparing for a seed round and need help with our financial model.',
  'Could you call me to discuss outsourcing our payroll for 35 staff?',
  'We set up in the DIFC last year and need audited accounts and ongoing bookkeeping.',
  'Interested in a fractional CFO two days a week.',
  'Please send your price list for small businesses.',
] as const;

const CLOSE_REASONS = ['Chose another provider', 'Budget too small for our plans', 'No reply after three follow-ups', 'Outside the UAE: not a service we offer'] as const;

function details(kind: EnquiryKind, pick: <T>(values: readonly T[]) => T, index: number): Record<string, string> {
  switch (kind) {
    case 'talktoexpert':
      return { topic: pick(TOPICS) };
    case 'cfo-enquiries':
      return { service: pick(CFO_SERVICES) };
    case 'fundability':
      return { company_size: pick(COMPANY_SIZES), revenue_band: pick(REVENUE_BANDS) };
    case 'difc':
      return { licence_number: `CL${String(4000 + index * 7).padStart(5, '0')}` };
    default:
      return {};
  }
}

export async function seedEnquiries(tx: Queryable, { now }: DemoContext): Promise<void> {
  const random = generator(20_260_121);
  const pick = pickWith(random);
  const staff = (await tx.query<{ id: number }>("SELECT id FROM users WHERE role IN ('BD_EXEC', 'BD_MANAGER', 'MARKETING') AND active ORDER BY id LIMIT 8")).map((row) => row.id);
  const rows: unknown[][] = [];
  for (let index = 0; index < 150; index += 1) {
    const kind = ENQUIRY_KINDS[index % ENQUIRY_KINDS.length]!;
    // Every kind meets every status; most are new or contacted, as an inbox is.
    const status = index < 25 ? ENQUIRY_STATUSES[Math.floor(index / 5) % ENQUIRY_STATUSES.length]! : random() < 0.45 ? 'new' : pick(ENQUIRY_STATUSES);
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const company = index % 6 === 0 ? null : pick(DEMO_COMPANIES);
    // Every 17th repeats an earlier sender: the inbox shows it as a match and it can be merged.
    const repeat = index % 17 === 16 ? (rows[index - 9] as unknown[] | undefined) : undefined;
    const email = (repeat?.[3] as string | undefined) ?? `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + `@${(company ?? 'gmail').toLowerCase().replace(/[^a-z]+/g, '').slice(0, 18)}.ae`;
    const createdAt = new Date(now.getTime() - (index === 0 ? 0.02 : random() * 60) * DAY_MS);
    rows.push([
      kind,
      status,
      (repeat?.[2] as string | undefined) ?? `${first} ${last}`,
      email,
      random() < 0.8 ? `+971 5${Math.floor(random() * 10)} ${String(Math.floor(random() * 1e7)).padStart(7, '0')}` : null,
      (repeat?.[5] as string | null | undefined) ?? company,
      pick(MESSAGES),
      JSON.stringify(details(kind, pick, index)),
      status === 'closed' ? pick(CLOSE_REASONS) : null,
      status !== 'new' && staff.length > 0 ? pick(staff) : null,
      createdAt,
    ]);
  }
  const columns = ['kind', 'status', 'name', 'email', 'phone', 'company', 'message', 'details', 'close_reason', 'assignee_id', 'created_at'];
  for (let start = 0; start < rows.length; start += 50) {
    const chunk = rows.slice(start, start + 50);
    const tuples = chunk.map((_row, index) => `(${columns.map((_column, column) => `$${index * columns.length + column + 1}`).join(', ')})`);
    await tx.query(`INSERT INTO enquiries (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, chunk.flat());
  }
  await tx.query("INSERT INTO audit_events (entity, entity_id, kind, actor_id, data, created_at) SELECT 'enquiry', id, 'enquiry_received', NULL, json_build_object('kind', kind), created_at FROM enquiries");
  await tx.query(
    `INSERT INTO audit_events (entity, entity_id, kind, actor_id, data, created_at)
     SELECT 'enquiry', id, 'enquiry_status_changed', assignee_id, jsonb_build_object('from', 'new', 'to', status) || CASE WHEN close_reason IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('reason', close_reason) END,
            created_at + LEAST(interval '3 hours', ($1::timestamptz - created_at) / 2)
     FROM enquiries WHERE status <> 'new'`,
    // Three hours after it came in, or halfway to now for one that came in less than six hours ago.
    [now],
  );
}
