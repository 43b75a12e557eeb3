/**
 * The clients' demo data, after the staff, plans and registrations: about 45 Dubai companies (40 active, two
 * paused, two cancelled), five of them the activated registrations of the onboarding demo (with their
 * onboarding documents), spread over every plan, cycle and bookkeeper (the demo bookkeeper, Rohan Mehta, has
 * ten, reviewed by the demo reviewer) and one waiting for a bookkeeper. Each has its subscription (a few
 * discounted, three with a change scheduled for the renewal), up to 12 months of figures, monthly reports in
 * every state (a few months superseded by a second version, last month's not started for some), documents with
 * expiry dates (some expiring within 30 days, one licence expired), document requests open and answered, and
 * its compliance history: past deadlines filed, two overdue, licence renewals and VAT returns due this week.
 * Dates are relative to the seeding moment; the generator's seed is fixed, so two fresh starts match.
 */
import { addDays, addMonths, addMonthsToMonth, daysBetween, dubaiDate, dubaiMidnight, monthLabel, monthOfDate, type IsoDate } from '../../../../common/calendar.ts';
import { CANCEL_REASON_LABELS, netProfitOf, type CancelReason, type ClientDocumentKind, type ReportState } from '../../../../common/clients.ts';
import type { ClientEventKind } from '../../../../common/events.ts';
import { CYCLE_TERMS, cyclePrice, type BillingCycle } from '../../../../common/pricing.ts';
import type { Queryable } from '../../db/database.ts';
import { DEMO_ACCOUNTS } from '../../demo/accounts.ts';
import { makeCardPng, makePdf } from '../../demo/files.ts';
import { FIRST_NAMES, LAST_NAMES, generator, pickWith } from '../../demo/random.ts';
import type { DemoContext } from '../../demo/context.ts';
import { insertUser } from '../users/index.ts';
import { openDeadlinesOf, refreshNextDeadline } from './deadline-store.ts';
import { insertClientDocument, insertRequest } from './document-store.ts';
import { createClient, createSubscription } from './store.ts';

const COMPANIES = [
  'Al Majaz Trading LLC', 'Emirates Crown Hospitality LLC', 'Gulf Bridge Engineering Consultants', 'Zabeel Fine Foods Trading LLC',
  'Saffron Lane Restaurants LLC', 'Arabian Gulf Shipping Agency LLC', 'Blue Lagoon Swimming Pools LLC', 'Nad Al Hamar Auto Care LLC',
  'Al Karama Optics LLC', 'Sandstone Architecture FZ-LLC', 'Dune Digital Media FZ-LLC', 'Tamani Wellness Spa LLC',
  'Harbour Point Marine Supplies FZE', 'Qasr Al Sultan Events LLC', 'Al Wasl Pharmacy LLC', 'Greenfield Agritech DMCC',
  'Cedar Peak Capital (DIFC) Ltd', 'Noor Al Emarat Electrical Contracting LLC', 'Maysan Fashion Boutique LLC', 'Coral Reef Diving Centre LLC',
  'Zayed Port Logistics FZE', 'Lotus Montessori Nursery LLC', 'Bayt Al Qahwa Coffee Traders LLC', 'Atlas Steel Fabrication LLC',
  'Oryx Security Services LLC', 'Jumeirah Pearl Real Estate LLC', 'Vertex Cloud Solutions FZCO', 'Al Ain Dates & Sweets Trading LLC',
  'Falcon Wings Aviation Services FZE', 'Mirage Interiors & Fit-Out LLC', 'Souk Madinat Handicrafts LLC', 'Horizon Medical Centre LLC',
  'Al Barari Landscaping LLC', 'Kite Beach Water Sports LLC', 'Sapphire Jewellery Trading LLC', 'Tech Valley Electronics FZE',
  'Marina Yacht Brokers LLC', 'Olive Grove Catering Services LLC', 'Desert Falcon Tours LLC', 'Prime Ledger Management Consultancy FZ-LLC',
] as const;

const AUTHORITIES = ['Mainland (DET)', 'DMCC', 'DIFC', 'Dubai South', 'DAFZA', 'JAFZA', 'Dubai Silicon Oasis', 'IFZA'] as const;
const AREAS = ['Business Bay', 'Al Quoz Industrial Area 3', 'Jumeirah Lake Towers, Cluster D', 'Deira, Al Rigga Road', 'Dubai Silicon Oasis, Building A2', 'DIFC, Gate Avenue', 'Al Barsha 1', 'Dubai Marina, Marina Plaza'] as const;

/** Monthly revenue range per plan (AED): a bigger plan serves a bigger business. */
const REVENUE_AED: Record<string, [number, number]> = {
  starter: [60_000, 180_000],
  'vat-only': [90_000, 350_000],
  growth: [300_000, 900_000],
  'premium-cfo': [1_500_000, 4_500_000],
};

interface Staff {
  bookkeepers: number[];
  demoBookkeeper: number;
  reviewers: number[];
  demoReviewer: number;
  admin: number;
}

interface SeedClient {
  id: number;
  index: number;
  /** Its place in COMPANIES (null for a client from the onboarding demo): the special cases are placed by it. */
  position: number | null;
  /** How many clients its bookkeeper had before it: spreads last month's report states over each bookkeeper's list. */
  ordinal: number;
  name: string;
  activatedOn: IsoDate;
  bookkeeperId: number | null;
  reviewerId: number | null;
  userId: number;
  planCode: string;
  vatRegistered: boolean;
  licenceExpiresOn: IsoDate;
  fromRegistration: boolean;
}

/** Clients of COMPANIES (by position) that show a particular case. */
const CASES = {
  paused: [9, 27],
  cancelled: [15, 33],
  scheduled: [4, 21, 35],
  /** Monthly VAT filers whose last returns are not filed: overdue. */
  overdue: [6, 18],
  unassigned: [31],
  /** Always the demo bookkeeper's: a licence renewal this week and an overdue return to see at once. */
  demo: [2, 6],
} as const;
const is = (position: number | null, list: readonly number[]) => position !== null && list.includes(position);

const slugOf = (name: string) => name.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '');

/** An audit event written with the batch (the demo's history: hundreds of them). */
interface PendingEvent {
  entity: 'client' | 'subscription' | 'monthly_report';
  entity_id: number;
  kind: ClientEventKind;
  actor_id: number | null;
  data: Record<string, unknown>;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  created_at: Date;
}

interface PendingReport {
  client_id: number;
  month: string;
  revision: number;
  state: ReportState;
  summary: string;
  file_name: string | null;
  content: string | null;
  file_uploaded_at: Date | null;
  return_reason: string | null;
  created_by: number;
  created_at: Date;
  submitted_by: number | null;
  submitted_at: Date | null;
  reviewed_by: number | null;
  reviewed_at: Date | null;
  published_by: number | null;
  published_at: Date | null;
  /** Its timeline, written once the report has its id. */
  events: Omit<PendingEvent, 'entity' | 'entity_id'>[];
}

/**
 * The bulk of the demo's rows (reports, figures, filings and their events) gathered and written a few hundred at
 * a time: one statement per batch instead of one per row keeps the seed, which every back-end test runs, quick.
 */
class Pending {
  readonly events: PendingEvent[] = [];
  readonly reports: PendingReport[] = [];
  readonly insights: Record<string, unknown>[] = [];
  readonly filings: Record<string, unknown>[] = [];

  event(event: PendingEvent): void {
    this.events.push(event);
  }

  async flush(tx: Queryable): Promise<void> {
    for (const chunk of chunks(this.reports, 200)) {
      const stored = await tx.query<{ id: number; client_id: number; month: string; revision: number }>(
        `INSERT INTO monthly_reports (client_id, month, revision, state, summary, file_name, size_bytes, content, file_uploaded_at, return_reason,
           created_by, created_at, updated_at, submitted_by, submitted_at, reviewed_by, reviewed_at, published_by, published_at)
         SELECT r.client_id, (r.month || '-01')::date, r.revision, r.state, r.summary, r.file_name, length(decode(r.content, 'base64')), decode(r.content, 'base64'),
                r.file_uploaded_at, r.return_reason, r.created_by, r.created_at, r.created_at, r.submitted_by, r.submitted_at, r.reviewed_by, r.reviewed_at,
                r.published_by, r.published_at
         FROM jsonb_to_recordset($1::jsonb) AS r(client_id integer, month text, revision integer, state text, summary text, file_name text, content text,
           file_uploaded_at timestamptz, return_reason text, created_by integer, created_at timestamptz, submitted_by integer, submitted_at timestamptz,
           reviewed_by integer, reviewed_at timestamptz, published_by integer, published_at timestamptz)
         RETURNING id, client_id, to_char(month, 'YYYY-MM') AS month, revision`,
        [JSON.stringify(chunk.map(({ events: _events, ...report }) => report))],
      );
      const ids = new Map(stored.map((row) => [`${row.client_id}:${row.month}:${row.revision}`, row.id]));
      for (const report of chunk) {
        const id = ids.get(`${report.client_id}:${report.month}:${report.revision}`)!;
        for (const event of report.events) this.event({ entity: 'monthly_report', entity_id: id, ...event });
      }
    }
    for (const chunk of chunks(this.insights, 500)) {
      await tx.query(
        `INSERT INTO monthly_insights (client_id, month, revenue_fils, expenses_fils, net_profit_fils, cash_at_bank_fils, vat_payable_fils, updated_by, updated_at)
         SELECT i.client_id, (i.month || '-01')::date, i.revenue_fils, i.expenses_fils, i.net_profit_fils, i.cash_at_bank_fils, i.vat_payable_fils, i.updated_by, i.updated_at
         FROM jsonb_to_recordset($1::jsonb) AS i(client_id integer, month text, revenue_fils bigint, expenses_fils bigint, net_profit_fils bigint,
           cash_at_bank_fils bigint, vat_payable_fils bigint, updated_by integer, updated_at timestamptz)`,
        [JSON.stringify(chunk)],
      );
    }
    for (const chunk of chunks(this.filings, 500)) {
      await tx.query(
        `INSERT INTO client_deadline_filings (client_id, key, kind, title, due_on, reference, filed_by, filed_at)
         SELECT f.client_id, f.key, f.kind, f.title, f.due_on, f.reference, f.filed_by, f.filed_at
         FROM jsonb_to_recordset($1::jsonb) AS f(client_id integer, key text, kind text, title text, due_on date, reference text, filed_by integer, filed_at timestamptz)`,
        [JSON.stringify(chunk)],
      );
    }
    for (const chunk of chunks(this.events, 500)) {
      await tx.query(
        `INSERT INTO audit_events (entity, entity_id, kind, actor_id, data, before, after, created_at)
         SELECT e.entity, e.entity_id, e.kind, e.actor_id, e.data, e.before, e.after, e.created_at
         FROM jsonb_to_recordset($1::jsonb) AS e(entity text, entity_id integer, kind text, actor_id integer, data jsonb, before jsonb, after jsonb, created_at timestamptz)`,
        [JSON.stringify(chunk)],
      );
    }
  }
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_unused, index) => items.slice(index * size, (index + 1) * size));
}

/** The demo's ID-card images, made once each (deflating one is the slowest part of a document). */
const cards = new Map<string, Buffer>();
function card(kind: ClientDocumentKind, variant: number): Buffer {
  const key = `${kind}:${variant % 5}`;
  let image = cards.get(key);
  if (!image) {
    image = makeCardPng(kind === 'passport' ? [32, 58, 110] : [0, 115, 80], variant % 5);
    cards.set(key, image);
  }
  return image;
}

export async function seedClients(tx: Queryable, { now }: DemoContext): Promise<void> {
  const random = generator(20_260_118);
  const pick = pickWith(random);
  const today = dubaiDate(now);
  /** An instant on a Dubai day at a Dubai hour, never after the seeding moment. */
  const on = (date: IsoDate, hour = 10) => new Date(Math.min(dubaiMidnight(date).getTime() + hour * 3_600_000, now.getTime() - 5 * 60_000));
  const staff = await findStaff(tx);
  const plans = await tx.query<{ id: number; code: string; name: string; monthly_price_fils: number }>('SELECT id, code, name, monthly_price_fils FROM plans ORDER BY sort_order, id');
  const planOf = (code: string) => plans.find((plan) => plan.code === code) ?? plans[0]!;

  const clients: SeedClient[] = [];
  const otherBookkeepers = staff.bookkeepers.filter((id) => id !== staff.demoBookkeeper);
  const bookkeeperFor = (index: number, position: number | null) => {
    if (is(position, CASES.unassigned)) return null; // a new client waits for a bookkeeper
    if (is(position, CASES.demo) || index % 4 === 0 || otherBookkeepers.length === 0) return staff.demoBookkeeper;
    return otherBookkeepers[index % otherBookkeepers.length]!;
  };
  const held = new Map<number | null, number>();
  const ordinalFor = (bookkeeperId: number | null) => {
    const ordinal = held.get(bookkeeperId) ?? 0;
    held.set(bookkeeperId, ordinal + 1);
    return ordinal;
  };
  const reviewerFor = (bookkeeper: number | null, index: number) => {
    if (bookkeeper === staff.demoBookkeeper || staff.reviewers.length === 0) return staff.demoReviewer;
    return index % 5 === 1 ? null : staff.reviewers[index % staff.reviewers.length]!;
  };

  // The onboarding demo's activated registrations become clients first, with the profile they submitted.
  const activated = await tx.query<{
    registration_id: number;
    user_id: number;
    legal_name: string;
    trade_licence_number: string;
    licensing_authority: string;
    legal_form: string;
    licence_expires_on: string;
    vat_registered: boolean;
    trn: string | null;
    email: string;
    phone: string;
    address: string;
    activated_at: Date;
  }>(
    `SELECT r.id AS registration_id, r.user_id, r.legal_name, p.trade_licence_number, p.licensing_authority, p.legal_form,
            to_char(p.licence_expires_on, 'YYYY-MM-DD') AS licence_expires_on, p.vat_registered, p.trn, p.email, p.phone, p.address,
            coalesce((SELECT max(e.created_at) FROM registration_events e WHERE e.registration_id = r.id), r.requested_on) AS activated_at
     FROM registrations r JOIN company_profiles p ON p.registration_id = r.id
     WHERE r.stage = 'account_activated' AND r.status = 'active' AND NOT EXISTS (SELECT 1 FROM clients c WHERE c.registration_id = r.id)
     ORDER BY r.id`,
  );
  let index = 0;
  for (const registration of activated) {
    const activatedOn = dubaiDate(registration.activated_at);
    // A licence that lapsed since onboarding has been renewed for a year.
    const licence = registration.licence_expires_on < addDays(today, 40) ? addMonths(registration.licence_expires_on, 12) : registration.licence_expires_on;
    const bookkeeperId = index === 1 ? staff.demoBookkeeper : bookkeeperFor(index + 1, null);
    const vatPeriod = registration.vat_registered ? 'quarterly' : null;
    const id = await createClient(tx, {
      registrationId: registration.registration_id,
      userId: registration.user_id,
      legalName: registration.legal_name,
      tradeLicenceNumber: registration.trade_licence_number,
      licensingAuthority: registration.licensing_authority,
      legalForm: registration.legal_form,
      licenceExpiresOn: licence,
      vatRegistered: registration.vat_registered && registration.trn !== null,
      trn: registration.trn,
      vatPeriod: registration.trn ? vatPeriod : null,
      vatFirstPeriodEndMonth: registration.trn ? 1 + (index % 3) : null,
      corporateTaxNumber: null,
      financialYearEndMonth: 12,
      email: registration.email,
      phone: registration.phone,
      address: registration.address,
      bookkeeperId,
      reviewerId: reviewerFor(bookkeeperId, index),
      activatedAt: registration.activated_at,
      activatedBy: staff.admin,
    });
    clients.push({
      id,
      index,
      position: null,
      ordinal: ordinalFor(bookkeeperId),
      name: registration.legal_name,
      activatedOn,
      bookkeeperId,
      reviewerId: reviewerFor(bookkeeperId, index),
      userId: registration.user_id,
      planCode: pick(['starter', 'growth', 'premium-cfo']),
      vatRegistered: registration.vat_registered && registration.trn !== null,
      licenceExpiresOn: licence,
      fromRegistration: true,
    });
    index += 1;
  }

  for (const [position, name] of COMPANIES.entries()) {
    const i = index + position;
    const authority = name.includes('DMCC') ? 'DMCC' : name.includes('DIFC') ? 'DIFC' : name.includes('FZ') ? pick(['Dubai Silicon Oasis', 'IFZA', 'DAFZA', 'JAFZA']) : AUTHORITIES[i % 3 === 0 ? 0 : i % AUTHORITIES.length]!;
    // Most have been clients for over a year (a full year of figures and reports); a few joined lately.
    const monthsAgo = position % 9 === 8 && !is(position, CASES.overdue) ? 2 + (position % 5) : 13 + Math.floor(random() * 20);
    const activatedOn = addDays(addMonths(today, -monthsAgo), -Math.floor(random() * 25));
    const licence = licenceExpiry(position, today, random);
    const vatRegistered = position % 5 !== 3;
    const monthly = vatRegistered && (position % 6 === 0 || is(position, CASES.overdue));
    const bookkeeperId = bookkeeperFor(i, position);
    const reviewerId = reviewerFor(bookkeeperId, i);
    const owner = `${FIRST_NAMES[(position * 5) % FIRST_NAMES.length]!} ${LAST_NAMES[(position * 7) % LAST_NAMES.length]!}`;
    const slug = slugOf(name).slice(0, 20);
    const userId = await insertUser(tx, `accounts@${slug}.ae`, owner, 'CLIENT', on(addDays(activatedOn, -30)));
    const activatedAt = on(activatedOn, 11);
    const id = await createClient(tx, {
      registrationId: null,
      userId,
      legalName: name,
      tradeLicenceNumber: `${authority === 'Mainland (DET)' ? 'CN' : authority.replace(/[^A-Z]/g, '')}-${String(2_000_000 + position * 6271).slice(-7)}`,
      licensingAuthority: authority,
      legalForm: authority === 'Mainland (DET)' ? (position % 2 === 0 ? 'Limited Liability Company (LLC)' : 'Sole Establishment') : name.includes('FZE') ? 'Free Zone Establishment (FZE)' : 'Free Zone Company (FZ-LLC)',
      licenceExpiresOn: licence,
      vatRegistered,
      trn: vatRegistered ? `100${String(300_000_000_000 + position * 7_919_191).slice(-10)}03` : null,
      vatPeriod: vatRegistered ? (monthly ? 'monthly' : 'quarterly') : null,
      vatFirstPeriodEndMonth: vatRegistered && !monthly ? 1 + (position % 3) : null,
      corporateTaxNumber: position % 7 === 4 ? null : `CTR-${String(400_000_000 + position * 48_611).slice(-9)}`,
      financialYearEndMonth: position % 8 === 2 ? 3 : position % 8 === 5 ? 6 : 12,
      email: `accounts@${slug}.ae`,
      phone: `+971 4 ${String(3_000_000 + position * 48_371).slice(-7).replace(/(\d{3})(\d{4})/, '$1 $2')}`,
      address: `Office ${201 + position * 3}, ${AREAS[position % AREAS.length]}, Dubai, United Arab Emirates`,
      bookkeeperId,
      reviewerId,
      activatedAt,
      activatedBy: staff.admin,
    });
    clients.push({
      id,
      index: i,
      position,
      ordinal: ordinalFor(bookkeeperId),
      name,
      activatedOn,
      bookkeeperId,
      reviewerId,
      userId,
      planCode: position % 10 === 3 ? 'premium-cfo' : position % 4 === 1 ? 'vat-only' : position % 3 === 0 ? 'growth' : 'starter',
      vatRegistered,
      licenceExpiresOn: licence,
      fromRegistration: false,
    });
  }

  const pending = new Pending();
  const persons = await tx.query<{ id: number; display_name: string | null; email: string }>('SELECT id, display_name, email FROM users WHERE id = ANY($1::integer[])', [staff.bookkeepers]);
  for (const client of clients) {
    const cycle: BillingCycle = client.index % 4 === 2 ? 'annual' : client.index % 3 === 0 ? 'quarterly' : 'monthly';
    await seedSubscription(tx, pending, client, planOf(client.planCode), cycle, plans, staff, today, on);
    seedInsights(pending, client, today, random, on, staff);
    seedReports(pending, client, today, on, staff);
    await seedDocuments(tx, client, today, on, staff);
    await seedDeadlines(tx, pending, client, today, on);
    if (client.index % 11 === 5 && client.bookkeeperId !== null && otherBookkeepers.length > 1) {
      // Handed over from another bookkeeper a few months ago.
      const previous = otherBookkeepers.find((id) => id !== client.bookkeeperId) ?? null;
      const ref = (id: number | null) => persons.find((person) => person.id === id) ?? null;
      pending.event({
        entity: 'client',
        entity_id: client.id,
        kind: 'team_changed',
        actor_id: staff.admin,
        data: { bookkeeper: { from: ref(previous), to: ref(client.bookkeeperId) } },
        before: { bookkeeper_id: previous },
        after: { bookkeeper_id: client.bookkeeperId },
        created_at: on(addMonths(today, -3), 9),
      });
    }
  }
  await pending.flush(tx);
  for (const client of clients) await refreshNextDeadline(tx, client.id, today);
}

async function findStaff(tx: Queryable): Promise<Staff> {
  const rows = await tx.query<{ id: number; email: string; role: string }>("SELECT id, email, role FROM users WHERE role IN ('BOOKKEEPER', 'REVIEWER', 'ADMIN') AND active ORDER BY id");
  const demo = (role: string) => DEMO_ACCOUNTS.find((account) => account.role === role)!.email;
  const idOf = (email: string) => rows.find((row) => row.email === email)?.id;
  const demoBookkeeper = idOf(demo('BOOKKEEPER')) ?? rows.find((row) => row.role === 'BOOKKEEPER')!.id;
  const demoReviewer = idOf(demo('REVIEWER')) ?? rows.find((row) => row.role === 'REVIEWER')!.id;
  // Bookkeepers who have signed in at least once hold clients; invited ones have none yet.
  const signedIn = new Set((await tx.query<{ id: number }>("SELECT id FROM users WHERE role = 'BOOKKEEPER' AND signed_in_at IS NOT NULL")).map((row) => row.id));
  return {
    bookkeepers: rows.filter((row) => row.role === 'BOOKKEEPER' && signedIn.has(row.id)).map((row) => row.id),
    demoBookkeeper,
    reviewers: rows.filter((row) => row.role === 'REVIEWER').map((row) => row.id),
    demoReviewer,
    admin: idOf(demo('ADMIN')) ?? rows.find((row) => row.role === 'ADMIN')!.id,
  };
}

/**
 * Licence expiries across the list's filters: one expired, two renewing this week (deadlines due now), a few
 * within 30, 60 and 90 days, the rest later in the year.
 */
function licenceExpiry(position: number, today: IsoDate, random: () => number): IsoDate {
  if (position === 5) return addDays(today, -12);
  if (position === 2 || position === 13) return addDays(today, 2 + (position % 4));
  if (position % 9 === 1) return addDays(today, 10 + (position % 18));
  if (position % 9 === 4) return addDays(today, 35 + (position % 20));
  if (position % 9 === 6) return addDays(today, 65 + (position % 20));
  return addDays(today, 100 + Math.floor(random() * 250));
}

type On = (date: IsoDate, hour?: number) => Date;

async function seedSubscription(
  tx: Queryable,
  pending: Pending,
  client: SeedClient,
  plan: { id: number; code: string; name: string; monthly_price_fils: number },
  cycle: BillingCycle,
  plans: { id: number; code: string; name: string; monthly_price_fils: number }[],
  staff: Staff,
  today: IsoDate,
  on: On,
): Promise<void> {
  const months = CYCLE_TERMS[cycle].months;
  const state: 'active' | 'paused' | 'cancelled' | 'scheduled' =
    is(client.position, CASES.paused) ? 'paused' : is(client.position, CASES.cancelled) ? 'cancelled' : is(client.position, CASES.scheduled) ? 'scheduled' : 'active';
  const pausedOn = addDays(today, -20);
  const cancelledOn = addDays(today, -45);
  // Nothing renews while paused or after a cancellation (the scheduler renews active subscriptions only).
  const renewsUntil = state === 'paused' ? pausedOn : state === 'cancelled' ? cancelledOn : today;
  // The cycle in force: started on the activation day, renewed every cycle since.
  const renewals: IsoDate[] = [];
  let starts = client.activatedOn;
  while (addMonths(starts, months) <= renewsUntil) {
    starts = addMonths(starts, months);
    renewals.push(starts);
  }
  const discountBp = client.index % 7 === 3 ? 1_000 : client.index % 7 === 6 ? 500 : 0;
  // The audit trail is append-only, so the history's first start goes into the event as it is written.
  const id = await createSubscription(tx, { clientId: client.id, planId: plan.id, cycle, discountBp, startsOn: starts, firstStartedOn: client.activatedOn, startedBy: staff.admin, at: on(client.activatedOn, 11) });
  const price = cyclePrice(plan.monthly_price_fils, cycle, discountBp);
  // The timeline shows the latest renewals; older ones add nothing the subscription's start does not say.
  for (const renewed of renewals.slice(-3)) {
    pending.event({
      entity: 'subscription',
      entity_id: id,
      kind: 'subscription_renewed',
      actor_id: null,
      data: { client_id: client.id, renewed_on: renewed, next_renewal_on: addMonths(renewed, months), plan: plan.name, cycle, total_fils: price.total_fils, changed: false },
      created_at: on(renewed, 2),
    });
  }

  if (state === 'scheduled') {
    const upgrade = plans.find((candidate) => candidate.monthly_price_fils > plan.monthly_price_fils) ?? plan;
    const nextCycle: BillingCycle = upgrade.id === plan.id ? (cycle === 'annual' ? 'quarterly' : 'annual') : cycle;
    await tx.query('UPDATE subscriptions SET scheduled_plan_id = $2, scheduled_cycle = $3, version = version + 1 WHERE id = $1', [id, upgrade.id, nextCycle]);
    const [row] = await tx.query<{ next: string }>("SELECT to_char(next_renewal_on, 'YYYY-MM-DD') AS next FROM subscriptions WHERE id = $1", [id]);
    pending.event({
      entity: 'subscription',
      entity_id: id,
      kind: 'plan_change_scheduled',
      actor_id: client.bookkeeperId ?? staff.admin,
      data: { client_id: client.id, plan: upgrade.name, cycle: nextCycle, effective_on: row!.next, total_fils: cyclePrice(upgrade.monthly_price_fils, nextCycle, discountBp).total_fils },
      created_at: on(addDays(today, -6), 14),
    });
  } else if (state === 'paused') {
    await tx.query("UPDATE subscriptions SET status = 'paused', paused_on = $2, version = version + 1 WHERE id = $1", [id, pausedOn]);
    await tx.query("UPDATE clients SET status = 'paused' WHERE id = $1", [client.id]);
    pending.event({ entity: 'subscription', entity_id: id, kind: 'subscription_paused', actor_id: staff.admin, data: { client_id: client.id, paused_on: pausedOn }, created_at: on(pausedOn, 12) });
  } else if (state === 'cancelled') {
    const reason: CancelReason = client.position === CASES.cancelled[0] ? 'business_closed' : 'moved_provider';
    const note = reason === 'business_closed' ? 'The owners closed the company and are liquidating it.' : 'Moved to an in-house accountant.';
    await tx.query("UPDATE subscriptions SET status = 'cancelled', cancelled_on = $2, cancel_reason = $3, cancel_note = $4, version = version + 1 WHERE id = $1", [id, cancelledOn, reason, note]);
    await tx.query("UPDATE clients SET status = 'cancelled' WHERE id = $1", [client.id]);
    pending.event({
      entity: 'subscription',
      entity_id: id,
      kind: 'subscription_cancelled',
      actor_id: staff.admin,
      data: { client_id: client.id, reason, reason_label: CANCEL_REASON_LABELS[reason], note },
      created_at: on(cancelledOn, 16),
    });
  }
}

function seedInsights(pending: Pending, client: SeedClient, today: IsoDate, random: () => number, on: On, staff: Staff): void {
  const last = addMonthsToMonth(monthOfDate(today), -1);
  const first = [addMonthsToMonth(last, -11), monthOfDate(client.activatedOn)].sort()[1]!;
  if (first > last) return;
  const [low, high] = REVENUE_AED[client.planCode] ?? [100_000, 300_000];
  let revenue = low + random() * (high - low);
  let cash = revenue * (0.8 + random());
  let count = 0;
  for (let month = first; month <= last; month = addMonthsToMonth(month, 1)) {
    // Dubai's seasons: busier in the cooler months, quieter in July and August.
    const season = [1.1, 1.05, 1.08, 1, 0.95, 0.9, 0.78, 0.8, 0.95, 1.05, 1.12, 1.18][Number(month.slice(5)) - 1]!;
    revenue = Math.max(low * 0.6, revenue * (0.94 + random() * 0.14));
    const monthRevenue = revenue * season;
    const expenses = monthRevenue * (0.72 + random() * 0.24);
    const net = monthRevenue - expenses;
    cash = Math.max(5_000, cash + net * (0.6 + random() * 0.5) - monthRevenue * 0.05 * random());
    const vat = client.vatRegistered ? (monthRevenue - expenses * 0.6) * 0.05 : 0;
    const fils = (aed: number) => Math.round(aed * 100);
    pending.insights.push({
      client_id: client.id,
      month,
      revenue_fils: fils(monthRevenue),
      expenses_fils: fils(expenses),
      // Derived, to the fil (common/clients.ts netProfitOf): the figures shown add up.
      net_profit_fils: netProfitOf({ revenue_fils: fils(monthRevenue), expenses_fils: fils(expenses) }),
      cash_at_bank_fils: fils(cash),
      vat_payable_fils: fils(vat),
      updated_by: client.bookkeeperId,
      updated_at: on(addDays(`${month}-01`, 40), 15),
    });
    count += 1;
  }
  pending.event({
    entity: 'client',
    entity_id: client.id,
    kind: 'insights_imported',
    actor_id: client.bookkeeperId ?? staff.admin,
    data: { count, from: first, to: last, created: count, updated: 0 },
    created_at: on(addDays(today, -Math.floor(random() * 5) - 2), 15),
  });
}

/**
 * Reports: every month since the client joined (up to 12) published, except last month's, which is in one of
 * the states by the client's position (or not started yet); a few months were republished as version 2.
 */
function seedReports(pending: Pending, client: SeedClient, today: IsoDate, on: On, staff: Staff): void {
  const last = addMonthsToMonth(monthOfDate(today), -1);
  const first = [addMonthsToMonth(last, -11), monthOfDate(client.activatedOn)].sort()[1]!;
  const lastStates: (ReportState | null)[] = [null, 'draft', 'submitted', 'published', 'returned', 'approved', 'published', 'submitted', 'draft', 'published'];
  const author = client.bookkeeperId ?? staff.admin;
  const reviewer = client.reviewerId ?? staff.demoReviewer;
  for (let month = first; month <= last; month = addMonthsToMonth(month, 1)) {
    const isLast = month === last;
    const state = isLast ? lastStates[client.ordinal % lastStates.length]! : 'published';
    if (state === null) continue;
    const republished = !isLast && client.index % 6 === 1 && month === addMonthsToMonth(last, -2);
    const revisions: ReportState[] = republished ? ['superseded', 'published'] : [state];
    for (const [position, revisionState] of revisions.entries()) {
      pending.reports.push(report(client, month, position + 1, revisionState, { author, reviewer }, today, on));
    }
  }
}

function report(client: SeedClient, month: string, revision: number, state: ReportState, people: { author: number; reviewer: number }, today: IsoDate, on: On): PendingReport {
  // Reports are prepared in the first weeks after the month ends; a second version a few weeks later.
  const monthEnd = addDays(addMonths(`${month}-01`, 1), -1);
  const drafted = addDays(monthEnd, 4 + revision * 12 + (client.index % 4));
  const clamp = (date: IsoDate) => (date > today ? today : date);
  const hasFile = state !== 'draft' || client.index % 2 === 0;
  const summary =
    state === 'draft' && client.index % 4 === 1
      ? ''
      : `${monthLabel(month)}: revenue and margins in line with the trend; receivables collected within terms. ${revision > 1 ? 'Version 2 corrects the bank reconciliation of the last week.' : 'No unusual items.'}`;
  const content = hasFile
    ? makePdf(`Monthly report ${monthLabel(month)}${revision > 1 ? ` (version ${revision})` : ''}`, [client.name, 'Management accounts, bank reconciliation and VAT position.', `Prepared for the month ending ${monthEnd}.`])
    : null;
  const reached = (states: ReportState[]) => states.includes(state);
  const submittedAt = reached(['submitted', 'returned', 'approved', 'published', 'superseded']) ? on(clamp(addDays(drafted, 2)), 12) : null;
  const reviewedAt = reached(['returned', 'approved', 'published', 'superseded']) ? on(clamp(addDays(drafted, 3)), 15) : null;
  const publishedAt = reached(['published', 'superseded']) ? on(clamp(addDays(drafted, 4)), 10) : null;
  const returnReason = state === 'returned' ? 'The cash at bank does not agree with the bank statement of the last day of the month. Please reconcile and resubmit.' : null;
  const createdAt = on(clamp(drafted), 9);
  const events: PendingReport['events'] = [];
  const event = (kind: ClientEventKind, actorId: number, at: Date, data: Record<string, unknown> = {}) =>
    events.push({ kind, actor_id: actorId, data: { client_id: client.id, month, revision, ...data }, created_at: at });
  // Older months keep only their publication on the timeline; the last months show their whole way.
  const recent = month >= addMonthsToMonth(monthOfDate(today), -2);
  if (recent || state !== 'published') event('report_created', people.author, createdAt);
  if (submittedAt && recent) event('report_submitted', people.author, submittedAt);
  if (reviewedAt && recent) {
    if (state === 'returned') event('report_returned', people.reviewer, reviewedAt, { reason: returnReason });
    else event('report_approved', people.reviewer, reviewedAt);
  }
  if (publishedAt) event('report_published', people.author, publishedAt);
  if (state === 'superseded') event('report_superseded', people.author, on(clamp(addDays(drafted, 17)), 10), { by_revision: revision + 1 });
  return {
    client_id: client.id,
    month,
    revision,
    state,
    summary,
    file_name: content ? `${slugOf(client.name).slice(0, 24)}-report-${month}${revision > 1 ? `-v${revision}` : ''}.pdf` : null,
    content: content?.toString('base64') ?? null,
    file_uploaded_at: content ? on(clamp(drafted), 11) : null,
    return_reason: returnReason,
    created_by: people.author,
    created_at: createdAt,
    submitted_by: submittedAt ? people.author : null,
    submitted_at: submittedAt,
    reviewed_by: reviewedAt ? people.reviewer : null,
    reviewed_at: reviewedAt,
    published_by: publishedAt ? people.author : null,
    published_at: publishedAt,
    events,
  };
}

const OWNER_DOCUMENTS: { kind: ClientDocumentKind; title: string }[] = [
  { kind: 'passport', title: 'Passport' },
  { kind: 'emirates_id', title: 'Emirates ID' },
];

async function seedDocuments(tx: Queryable, client: SeedClient, today: IsoDate, on: On, staff: Staff): Promise<void> {
  const slug = client.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const uploaded = on(addDays(client.activatedOn, 1), 13);
  const staffId = client.bookkeeperId ?? staff.admin;
  const pdf = (title: string, lines: string[]) => makePdf(`${title}: ${client.name}`, lines);
  if (!client.fromRegistration) {
    // The licence on file: the current one, or for the expired licence the copy that lapsed.
    await insertClientDocument(
      tx,
      client.id,
      {
        kind: 'trade_licence',
        file_name: `${slug}-trade-licence.pdf`,
        content_type: 'application/pdf',
        content: pdf('Commercial Licence', [`Expires: ${client.licenceExpiresOn}`]),
        expires_on: client.licenceExpiresOn,
        request_id: null,
      },
      staffId,
      null,
      uploaded,
    );
    for (const [position, document] of OWNER_DOCUMENTS.entries()) {
      // Passports and Emirates IDs expire on their own cycles; every seventh one within the month.
      const expiresOn = (client.index + position) % 7 === 2 ? addDays(today, 8 + client.index) : addDays(today, 200 + ((client.index * 97 + position * 31) % 900));
      await insertClientDocument(
        tx,
        client.id,
        {
          kind: document.kind,
          file_name: `${slug}-${document.kind.replace(/_/g, '-')}.png`,
          content_type: 'image/png',
          content: card(document.kind, client.index + position),
          expires_on: expiresOn,
          request_id: null,
        },
        staffId,
        null,
        new Date(uploaded.getTime() + (position + 1) * 60_000),
      );
    }
    if (client.vatRegistered) {
      await insertClientDocument(
        tx,
        client.id,
        { kind: 'vat_certificate', file_name: `${slug}-vat-certificate.pdf`, content_type: 'application/pdf', content: pdf('VAT Registration Certificate', ['Federal Tax Authority']), expires_on: null, request_id: null },
        staffId,
        null,
        new Date(uploaded.getTime() + 5 * 60_000),
      );
    }
  }

  // Requests: a bank statement asked for and answered last month, and open requests at some clients.
  const requester = { id: client.id, legal_name: client.name, bookkeeper_id: client.bookkeeperId, user_id: client.userId };
  if (client.index % 5 === 0 && daysBetween(client.activatedOn, today) > 45) {
    const askedOn = addDays(today, -30);
    const requestId = await insertRequest(tx, requester, { kind: 'bank_statement', note: `Bank statements for ${monthLabel(addMonthsToMonth(monthOfDate(today), -2))}, all accounts.`, due_on: addDays(askedOn, 7) }, staffId, null, on(askedOn, 10));
    await insertClientDocument(
      tx,
      client.id,
      { kind: 'bank_statement', file_name: `${slug}-bank-statement.pdf`, content_type: 'application/pdf', content: pdf('Bank Statement', ['Emirates NBD, current account']), expires_on: null, request_id: requestId },
      client.userId,
      null,
      on(addDays(askedOn, 3), 18),
    );
  }
  if (client.index % 4 === 1 || client.fromRegistration) {
    const kind: ClientDocumentKind = client.fromRegistration ? 'trade_licence' : client.index % 8 === 1 ? 'tenancy_contract' : 'memorandum_of_association';
    const note =
      kind === 'trade_licence'
        ? 'Please upload the renewed trade licence: the copy from onboarding has expired.'
        : kind === 'tenancy_contract'
          ? 'Please upload the registered Ejari tenancy contract of the office.'
          : 'Please upload the latest memorandum of association with all amendments.';
    await insertRequest(tx, requester, { kind, note, due_on: addDays(today, 5 + (client.index % 10)) }, staffId, null, on(addDays(today, -3), 11));
  }
}

/** Past deadlines filed (with references) a few days before they fell due; two clients left overdue. */
async function seedDeadlines(tx: Queryable, pending: Pending, client: SeedClient, today: IsoDate, on: On): Promise<void> {
  const open = await openDeadlinesOf(tx, client.id, today);
  const overdue = is(client.position, CASES.overdue);
  for (const deadline of open) {
    if (deadline.due_on >= today) continue;
    if (deadline.kind === 'trade_licence_renewal') continue;
    if (overdue && daysBetween(deadline.due_on, today) <= 40) continue;
    const prefix = deadline.kind === 'vat_return' ? 'VAT201' : 'CT';
    const reference = `${prefix}-${deadline.due_on.replace(/-/g, '')}-${String(100_000 + client.index * 733).slice(-6)}`;
    const filedAt = on(addDays(deadline.due_on, -2 - (client.index % 5)), 12);
    pending.filings.push({ client_id: client.id, key: deadline.key, kind: deadline.kind, title: deadline.title, due_on: deadline.due_on, reference, filed_by: client.bookkeeperId, filed_at: filedAt });
    pending.event({
      entity: 'client',
      entity_id: client.id,
      kind: 'deadline_filed',
      actor_id: client.bookkeeperId,
      data: { key: deadline.key, kind: deadline.kind, title: deadline.title, due_on: deadline.due_on, reference },
      created_at: filedAt,
    });
  }
}
