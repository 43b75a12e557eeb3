/**
 * The pipeline side of the demo data, over the registrations the main seed made (after seed-review.ts): each
 * step's record and timeline event for the steps reached (profile verifications, some with an override;
 * calls: held ones for the later stages, and for Call Schedule calls today, a host's full afternoon on the
 * next working day, calls needing an outcome, a missed one and held ones waiting on documents; plans, set,
 * approved or not; payments; activations, which create the clients and their subscriptions), withdrawals
 * with their reason, recent reminders, and company profiles that fail the reviewer's checks on
 * Registration. Times are relative to the seeding moment, in Dubai working hours.
 */
import { dubaiClock, dubaiInstant } from '../../../../common/dubai-time.ts';
import { addDays, dubaiDate } from '../../../../common/calendar.ts';
import { isWorkingDay } from '../../../../common/uae-holidays.ts';
import { filsToDecimal } from '../../../../common/money.ts';
import { MEETING_HOURS, PHASE_LABELS, pipelineAction, STAGE_STATUS_LINES, type MeetingMode, type PaymentMethod } from '../../../../common/pipeline.ts';
import type { PersonRef } from '../../../../common/contract/shared.ts';
import { failedChecks, profileChecks, type CheckedProfile } from '../../../../common/profile-checks.ts';
import { BILLING_CYCLES, cyclePrice, type BillingCycle } from '../../../../common/pricing.ts';
import { STAGES, type Stage } from '../../../../common/stages.ts';
import type { Queryable } from '../../db/database.ts';
import { DEMO_ACCOUNTS } from '../../demo/accounts.ts';
import type { AuditEvent } from '../../lib/audit.ts';
import { createClient, createSubscription } from '../clients/index.ts';
import { clientOf } from './activation-store.ts';
import { profileOf } from './review-read.ts';
import { insertAuditEvents } from './seed-batch.ts';
import { DUE_DILIGENCE_APPROVED_EVENT, WITHDRAWN_EVENT } from './seed-lines.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Seeded {
  id: number;
  user_id: number;
  legal_name: string;
  registration_id: string;
  stage: Stage;
  status: 'active' | 'inactive';
  review_state: 'returned' | 'approved' | null;
  meeting_at: Date | null;
  meeting_booked_by: number | null;
  plan_name: string | null;
  payment_date: Date | null;
  email: string;
}

export interface Staff {
  admin: number;
  exec: number;
  manager: number;
}

const reached = (registration: Seeded, stage: Stage) => STAGES.indexOf(registration.stage) >= STAGES.indexOf(stage);

/**
 * The working day (Monday to Friday, not a UAE public holiday: the days a booking accepts) `count` working days
 * after `date`; a negative count goes back.
 */
const workingDays = (date: string, count: number): string => {
  const step = count < 0 ? -1 : 1;
  let day = date;
  for (let left = Math.abs(count); left > 0; ) {
    day = addDays(day, step);
    if (isWorkingDay(day)) left -= 1;
  }
  return day;
};

/**
 * When Call Schedule's earliest call starts (the last working day before today, 11:00 Dubai): its calls were
 * all booked before it, so the main seed ends their registrations' history (the booking) earlier.
 */
export const firstScheduledCall = (now: Date): Date => dubaiInstant(workingDays(dubaiDate(now), -1), 11 * 60);

/** The call a withdrawn registration on Call Schedule missed (the last working day, noon): its withdrawal came after. */
export const withdrawnCall = (now: Date): { start: Date; minutes: number } => ({ start: dubaiInstant(workingDays(dubaiDate(now), -1), 12 * 60), minutes: 30 });

export async function seedPipeline(tx: Queryable, now: Date): Promise<void> {
  const ids = new Map((await tx.query<{ id: number; email: string }>('SELECT id, email FROM users')).map((user) => [user.email, user.id]));
  const staffId = (role: string) => ids.get(DEMO_ACCOUNTS.find((account) => account.role === role)!.email)!;
  const staff: Staff = { admin: staffId('ADMIN'), exec: staffId('BD_EXEC'), manager: staffId('BD_MANAGER') };
  const registrations = await tx.query<Seeded>(
    `SELECT r.id, r.user_id, r.legal_name, r.registration_id, r.stage, r.status, r.review_state, r.meeting_at, r.meeting_booked_by,
            r.plan_name, r.payment_date, u.email
     FROM registrations r JOIN users u ON u.id = r.user_id ORDER BY r.id`,
  );
  // One read of every status line and profile, not one per registration: the seed runs on every fresh start.
  const histories = new Map<number, Map<string, Date>>();
  for (const line of await tx.query<{ registration_id: number; status_text: string; created_at: Date }>('SELECT registration_id, status_text, created_at FROM registration_events ORDER BY created_at, id')) {
    if (!histories.has(line.registration_id)) histories.set(line.registration_id, new Map());
    histories.get(line.registration_id)!.set(line.status_text, line.created_at);
  }
  const profiles = new Map(
    (
      await tx.query<CheckedProfile & { registration_id: number }>(
        "SELECT registration_id, trade_licence_number, to_char(licence_expires_on, 'YYYY-MM-DD') AS licence_expires_on, vat_registered, trn FROM company_profiles",
      )
    ).map((profile) => [profile.registration_id, profile]),
  );
  const people = new Map(
    (await tx.query<PersonRef>("SELECT id, display_name, email FROM users WHERE role <> 'CLIENT'")).map((person) => [person.id, person]),
  );

  await seedProfileChecks(tx, registrations, now);
  const seeder: Seeder = { tx, people, audits: [] };
  const calls = new CallPlanner(now, staff);
  const awaitingDocuments = DEMO_ACCOUNTS.find((account) => account.onboarding === 'awaiting_documents')?.email;
  // The client account waiting on documents gets the first held call.
  const meetingRows = registrations.filter((registration) => registration.stage === 'meeting_scheduled');
  meetingRows.sort((a, b) => Number(b.email === awaitingDocuments) - Number(a.email === awaitingDocuments));

  for (const [index, registration] of registrations.entries()) {
    const lines = histories.get(registration.id) ?? new Map<string, Date>();
    if (reached(registration, 'profile_verified')) {
      seedVerification(seeder.audits, registration, profiles.get(registration.id) ?? null, lines.get(STAGE_STATUS_LINES.profile_verified) ?? now, index % 2 === 0 ? staff.exec : staff.manager);
    }
    if (reached(registration, 'documents_submitted')) await seedHeldCall(seeder, registration, index, staff, lines.get(STAGE_STATUS_LINES.meeting_scheduled) ?? null);
    if (registration.status === 'inactive') seedWithdrawal(seeder.audits, registration, lines.get(WITHDRAWN_EVENT) ?? now, staff.manager);
  }
  for (const registration of meetingRows) {
    const call = calls.next(registration);
    // The booking is the step that moved it to this stage: its history's line, before every call the planner gives.
    const bookedAt = histories.get(registration.id)?.get(STAGE_STATUS_LINES.meeting_scheduled);
    await seedCall(seeder, registration, bookedAt && bookedAt <= call.start ? { ...call, bookedAt } : call, now);
  }
  await seedPlans(seeder, registrations, histories, now, staff);
  await seedReminders(seeder, registrations, now, staff.exec);
  await insertAuditEvents(tx, seeder.audits);
}

/** Company profiles waiting on verification: every third fails the licence check, the next the TRN check. */
async function seedProfileChecks(tx: Queryable, registrations: Seeded[], now: Date): Promise<void> {
  const today = dubaiDate(now);
  const waiting = registrations.filter((registration) => registration.stage === 'completed_registration' && registration.status === 'active');
  for (const [index, registration] of waiting.entries()) {
    const owned = DEMO_ACCOUNTS.some((account) => account.email === registration.email);
    const problem = owned ? 0 : index % 3;
    await tx.query(
      `UPDATE company_profiles SET licence_expires_on = $2, vat_registered = $3, trn = CASE WHEN $4 THEN NULL WHEN $3 THEN coalesce(trn, $5) ELSE NULL END
       WHERE registration_id = $1`,
      [registration.id, problem === 1 ? addDays(today, -75) : addDays(today, 120 + index * 31), problem !== 0 || index % 2 === 0, problem === 2, `1003${String(40_000_000_000 + registration.id * 7_919).slice(-9)}03`],
    );
  }
}

function seedVerification(audits: AuditEvent[], registration: Seeded, profile: CheckedProfile | null, at: Date, actorId: number): void {
  const checks = profileChecks(profile, dubaiDate(at));
  const overridden = failedChecks(checks).length > 0;
  audits.push({
    entity: 'registration',
    entityId: registration.id,
    kind: 'verified',
    actorId,
    data: { checks, override_reason: overridden ? 'Licence renewal confirmed by phone with the licensing authority; the renewed copy comes with the documents.' : null },
    at,
  });
}

function seedWithdrawal(audits: AuditEvent[], registration: Seeded, at: Date, actorId: number): void {
  audits.push({ entity: 'registration', entityId: registration.id, kind: 'withdrawn', actorId, data: { reason: 'The client asked to pause onboarding until next quarter.', cancelled_meeting_id: null }, at });
}

const MODES: readonly MeetingMode[] = ['video', 'office', 'phone'];
const whereFor = (mode: MeetingMode, index: number) =>
  mode === 'video' ? `https://meet.example.com/onboarding-${1000 + index}` : mode === 'phone' ? `+971 4 ${String(3_000_000 + index * 7_331).slice(-7).replace(/(\d{3})(\d{4})/, '$1 $2')}` : 'Office 1204, Business Bay, Dubai';

export interface Call {
  start: Date;
  minutes: number;
  host: number;
  mode: MeetingMode;
  outcome: 'held' | 'no_show' | null;
  bookedBy: number;
  bookedAt: Date;
}

interface Seeder {
  tx: Queryable;
  /** Staff by id, for the events' person references. */
  people: Map<number, PersonRef>;
  /** Timeline events, written together at the end (one statement per few hundred, not one each). */
  audits: AuditEvent[];
}

/** Inserts a call, its events and its place on the registration. */
async function insertCall({ tx, people, audits }: Seeder, registration: Seeded, call: Call, index: number): Promise<number> {
  const end = new Date(call.start.getTime() + call.minutes * MINUTE);
  const where = whereFor(call.mode, index);
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO registration_meetings (registration_id, host_id, starts_at, ends_at, mode, link_or_location, status, booked_by, booked_at, outcome_notes, outcome_by, outcome_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      registration.id,
      call.host,
      call.start,
      end,
      call.mode,
      where,
      call.outcome ?? 'scheduled',
      call.bookedBy,
      call.bookedAt,
      call.outcome === 'held' ? 'Walked through the bookkeeping scope and the documents we need.' : call.outcome === 'no_show' ? 'Client did not join; left a voicemail.' : null,
      call.outcome ? call.host : null,
      call.outcome ? end : null,
    ],
  );
  const id = row!.id;
  const meeting = { id, starts_at: call.start.toISOString(), duration_minutes: call.minutes, host: people.get(call.host), mode: call.mode, link_or_location: where };
  audits.push({ entity: 'registration', entityId: registration.id, kind: 'meeting_booked', actorId: call.bookedBy, data: { meeting }, at: call.bookedAt });
  if (call.outcome) {
    audits.push({ entity: 'registration', entityId: registration.id, kind: call.outcome === 'held' ? 'meeting_held' : 'meeting_no_show', actorId: call.host, data: { meeting_id: id, notes: '' }, at: end });
  }
  await tx.query('UPDATE registrations SET meeting_id = $2, meeting_at = $3, meeting_booked_by = $4, meeting_outcome = $5 WHERE id = $1', [registration.id, id, call.start, call.bookedBy, call.outcome]);
  return id;
}

/** The held call of a registration past the meeting step, at the time the main seed gave its meeting. */
/**
 * `at` when a booking could have had a call of `minutes` then (Monday to Friday, within office hours, Dubai
 * time), else the latest quarter hour before it that could: a held call of the demo on a Saturday or at 06:00
 * is one the booking itself refuses.
 */
export function bookableAtOrBefore(at: Date, minutes: number): Date {
  const clock = dubaiClock(at);
  let date = clock.date;
  let time = Math.floor(clock.minutes / 15) * 15;
  if (time < MEETING_HOURS.from) {
    date = addDays(date, -1);
    time = MEETING_HOURS.to - minutes;
  }
  time = Math.min(time, MEETING_HOURS.to - minutes);
  while (!isWorkingDay(date)) {
    date = addDays(date, -1);
    time = MEETING_HOURS.to - minutes;
  }
  return dubaiInstant(date, time);
}

/** How long the held call of a registration past the call took. */
export const HELD_CALL_MINUTES = 30;

/**
 * The held call of a registration past the call: at the time the main seed gave it (bookable, before the
 * documents were asked for), booked when its history says the call was scheduled, after the profile's
 * verification that allows a booking.
 */
async function seedHeldCall(seeder: Seeder, registration: Seeded, index: number, staff: Staff, scheduledAt: Date | null): Promise<void> {
  const start = bookableAtOrBefore(registration.meeting_at ?? new Date(0), HELD_CALL_MINUTES);
  const host = registration.meeting_booked_by ?? staff.exec;
  const bookedAt = scheduledAt && scheduledAt <= start ? scheduledAt : new Date(start.getTime() - 2 * DAY);
  await insertCall(seeder, registration, { start, minutes: HELD_CALL_MINUTES, host, mode: MODES[index % 3]!, outcome: 'held', bookedBy: host, bookedAt }, index);
}

/**
 * Call Schedule's calls, in the order meeting_scheduled registrations come: held ones waiting on documents
 * (the demo client's first), a missed one, two needing an outcome, two still ahead today, the BD executive's
 * full afternoon on the next working day (13:00 to 18:00, so a booking then is refused), then later ones.
 * Only working days have calls, as bookings do: on a weekend or a public holiday 'today' is the next working
 * day and the calls needing an outcome are on the last one.
 */
export class CallPlanner {
  private taken = 0;
  /** Today when it is a working day, else the next working day. */
  private readonly today: string;
  private readonly working: boolean;
  private readonly lastWorkingDay: string;
  private readonly nextWorking: string;

  constructor(
    private readonly now: Date,
    private readonly staff: Staff,
  ) {
    const today = dubaiDate(now);
    this.working = isWorkingDay(today);
    this.today = this.working ? today : workingDays(today, 1);
    this.lastWorkingDay = workingDays(today, -1);
    this.nextWorking = workingDays(this.today, 1);
  }

  /**
   * A time still ahead today (Dubai), rounded to the quarter hour and within office hours when the demo starts
   * before them (a start at 05:00 Dubai books 08:00, not 06:00); a little after now late in the evening.
   */
  private laterToday(minutesAhead: number): Date {
    const base = Math.max(this.now.getTime(), dubaiInstant(this.today, MEETING_HOURS.from - 60).getTime());
    const at = Math.ceil((base + minutesAhead * MINUTE) / (15 * MINUTE)) * 15 * MINUTE;
    return dubaiDate(at) === this.today ? new Date(at) : new Date(this.now.getTime() + (minutesAhead / 12) * MINUTE);
  }

  /** A time earlier today within office hours (a call now needing its outcome), or null before they allow one. */
  private earlierToday(minutesAgo: number): Date | null {
    if (!this.working) return null;
    const at = Math.floor((this.now.getTime() - minutesAgo * MINUTE) / (15 * MINUTE)) * 15 * MINUTE;
    return at >= dubaiInstant(this.today, MEETING_HOURS.from).getTime() ? new Date(at) : null;
  }

  next(registration: Pick<Seeded, 'status'>): Call {
    const { admin, exec, manager } = this.staff;
    const booked = (start: Date, host: number, minutes = 30, mode: MeetingMode = 'video', outcome: Call['outcome'] = null): Call => ({
      start,
      minutes,
      host,
      mode,
      outcome,
      bookedBy: host,
      bookedAt: new Date(Math.min(start.getTime(), this.now.getTime()) - (1 + (this.taken % 3)) * DAY),
    });
    if (registration.status === 'inactive') {
      const missed = withdrawnCall(this.now);
      return booked(missed.start, manager, missed.minutes, 'phone', 'no_show');
    }
    const slot = this.taken;
    this.taken += 1;
    const last = (hour: number) => dubaiInstant(this.lastWorkingDay, hour * 60);
    const afternoon = (hour: number) => dubaiInstant(this.nextWorking, hour * 60);
    const plans: (() => Call)[] = [
      () => booked(last(11), exec, 45, 'video', 'held'),
      () => booked(last(14), manager, 30, 'office', 'held'),
      () => booked(last(16), exec, 30, 'phone', 'no_show'),
      () => booked(this.earlierToday(150) ?? last(18), manager, 30, 'video'),
      () => booked(last(17), admin, 30, 'office'),
      () => booked(this.laterToday(60), manager, 30, 'video'),
      () => booked(this.laterToday(150), admin, 45, 'office'),
      ...[13, 14, 15, 16, 17].map((hour, index) => () => booked(afternoon(hour), exec, 60, MODES[index % 3]!)),
      () => booked(dubaiInstant(workingDays(this.nextWorking, 1), 10 * 60), manager, 30, 'phone'),
    ];
    const plan = plans[slot];
    if (plan) return plan();
    // Later ones: a working day further on each, mid-morning, hosts in turn.
    const day = workingDays(this.nextWorking, 2 + slot - plans.length);
    return booked(dubaiInstant(day, (10 * 60 + 30) + (slot % 3) * 60), [exec, manager, admin][slot % 3]!, 30, MODES[slot % 3]!);
  }
}

async function seedCall(seeder: Seeder, registration: Seeded, call: Call, now: Date): Promise<void> {
  const { tx } = seeder;
  await insertCall(seeder, registration, call, registration.id);
  const end = new Date(call.start.getTime() + call.minutes * MINUTE);
  if (call.outcome === 'held') {
    await tx.query('INSERT INTO registration_events (registration_id, status_text, created_at) VALUES ($1, $2, $3)', [registration.id, pipelineAction('mark_held').statusLine, end]);
  } else if (call.outcome === 'no_show') {
    await tx.query('INSERT INTO registration_events (registration_id, status_text, created_at) VALUES ($1, $2, $3)', [registration.id, pipelineAction('mark_no_show').statusLine, end]);
  }
  if (registration.status === 'inactive') return;
  const label = call.outcome === 'held' ? PHASE_LABELS.awaiting_documents : call.outcome === 'no_show' ? PHASE_LABELS.no_show : PHASE_LABELS.call_booked;
  await tx.query('UPDATE registrations SET status_label = $2, requested_on = $3 WHERE id = $1', [registration.id, label, call.outcome === 'held' ? new Date(Math.min(end.getTime(), now.getTime())) : null]);
}

const METHODS: readonly PaymentMethod[] = ['bank_transfer', 'card', 'cheque'];
const referenceFor = (method: PaymentMethod, index: number) =>
  method === 'bank_transfer' ? `FT${String(26_000_000 + index * 7_919).slice(-8)}` : method === 'card' ? `Card ending ${String(1000 + ((index * 37) % 9000))}` : `Cheque ${String(100_000 + index * 13).slice(-6)}`;

/**
 * Plans for every registration past due diligence: the first two approved ones have none yet, the next two
 * a plan not approved yet, the rest (and every paid one) an approved plan; paid ones their payment;
 * activated ones their client and subscription.
 */
async function seedPlans(seeder: Seeder, registrations: Seeded[], histories: Map<number, Map<string, Date>>, now: Date, staff: Staff): Promise<void> {
  const { tx, audits } = seeder;
  const plans = new Map((await tx.query<{ id: number; name: string; monthly_price_fils: number }>('SELECT id, name, monthly_price_fils FROM plans')).map((plan) => [plan.name, plan]));
  const team = await tx.query<{ id: number; role: string }>("SELECT id, role FROM users WHERE role IN ('BOOKKEEPER', 'REVIEWER') AND active ORDER BY id");
  const bookkeepers = team.filter((user) => user.role === 'BOOKKEEPER').map((user) => user.id);
  const reviewers = team.filter((user) => user.role === 'REVIEWER').map((user) => user.id);
  let approvedSeen = 0;
  for (const [index, registration] of registrations.entries()) {
    const paid = reached(registration, 'payment_completed');
    if (!paid && registration.review_state !== 'approved') continue;
    const plan = plans.get(registration.plan_name ?? '') ?? [...plans.values()][0]!;
    const waiting = !paid && registration.status === 'active' ? approvedSeen++ : Number.POSITIVE_INFINITY;
    if (waiting < 2) {
      await tx.query('UPDATE registrations SET plan_name = NULL, plan_amount_aed = NULL WHERE id = $1', [registration.id]);
      continue;
    }
    const cycle: BillingCycle = BILLING_CYCLES[index % BILLING_CYCLES.length]!;
    const discountBp = index % 4 === 1 ? 500 : 0;
    const price = cyclePrice(plan.monthly_price_fils, cycle, discountBp);
    const approvedState = waiting >= 4;
    const paidAt = registration.payment_date ?? now;
    // Set after due diligence approved it (or, for a paid one, after its documents came in) and approved before
    // it was paid, withdrawn or now, whichever came first: the order the plan's actions allow.
    const history = histories.get(registration.id);
    const allowedFrom = (history?.get(DUE_DILIGENCE_APPROVED_EVENT) ?? history?.get(pipelineAction('submit_documents').statusLine!) ?? new Date(0)).getTime();
    const until = Math.min(paid ? paidAt.getTime() : now.getTime(), history?.get(WITHDRAWN_EVENT)?.getTime() ?? Number.POSITIVE_INFINITY);
    const setAt = new Date(Math.max(until - (3 + (index % 4)) * DAY, allowedFrom + (until - allowedFrom) * 0.3));
    const approvedAt = approvedState ? new Date(setAt.getTime() + Math.min(5 * HOUR, (until - setAt.getTime()) / 2)) : null;
    const note = discountBp > 0 ? 'Introductory 5 % discount agreed on the onboarding call.' : '';
    await tx.query(
      `INSERT INTO registration_plans (registration_id, plan_id, cycle, discount_bp, list_fils, discount_fils, net_fils, vat_fils, total_fils, note, set_by, set_at, approved_by, approved_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [registration.id, plan.id, cycle, discountBp, price.list_fils, price.discount_fils, price.net_fils, price.vat_fils, price.total_fils, note, staff.manager, setAt, approvedAt ? staff.manager : null, approvedAt],
    );
    audits.push({
      entity: 'registration',
      entityId: registration.id,
      kind: 'plan_set',
      actorId: staff.manager,
      data: { plan: { plan_id: plan.id, plan_name: plan.name, cycle, discount_bp: discountBp, net_fils: price.net_fils, vat_fils: price.vat_fils, total_fils: price.total_fils, note } },
      at: setAt,
    });
    if (approvedAt) audits.push({ entity: 'registration', entityId: registration.id, kind: 'plan_approved', actorId: staff.manager, data: { total_fils: price.total_fils }, at: approvedAt });
    const label = !paid && registration.status === 'active' && approvedAt ? { status_label: PHASE_LABELS.awaiting_payment } : {};
    await tx.query(`UPDATE registrations SET plan_name = $2, plan_amount_aed = $3${'status_label' in label ? ', status_label = $4' : ''} WHERE id = $1`, [
      registration.id,
      plan.name,
      filsToDecimal(price.total_fils),
      ...('status_label' in label ? [label.status_label] : []),
    ]);
    if (!paid) continue;

    const method = METHODS[index % METHODS.length]!;
    const paidOn = dubaiDate(paidAt);
    await tx.query('INSERT INTO registration_payments (registration_id, amount_fils, method, reference, paid_on, recorded_by, recorded_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      registration.id,
      price.total_fils,
      method,
      referenceFor(method, index),
      paidOn,
      staff.manager,
      paidAt,
    ]);
    audits.push({
      entity: 'registration',
      entityId: registration.id,
      kind: 'payment_recorded',
      actorId: staff.manager,
      data: { amount_fils: price.total_fils, method, reference: referenceFor(method, index), paid_on: paidOn },
      at: paidAt,
    });
    if (registration.stage === 'account_activated') await seedActivation(seeder, registration, { planId: plan.id, cycle, discountBp, paidOn, bookkeeper: bookkeepers[index % bookkeepers.length] ?? null, reviewer: reviewers[index % reviewers.length] ?? null }, staff.admin);
  }
}

async function seedActivation(
  { tx, audits }: Seeder,
  registration: Seeded,
  terms: { planId: number; cycle: BillingCycle; discountBp: number; paidOn: string; bookkeeper: number | null; reviewer: number | null },
  actorId: number,
): Promise<void> {
  const profile = await profileOf(tx, registration.id, registration.legal_name);
  const [activatedLine] = await tx.query<{ created_at: Date }>('SELECT created_at FROM registration_events WHERE registration_id = $1 AND status_text = $2', [
    registration.id,
    STAGE_STATUS_LINES.account_activated,
  ]);
  const activatedAt = activatedLine?.created_at ?? new Date();
  if (!profile) return;
  const clientId = await createClient(tx, clientOf(registration, profile, { bookkeeperId: terms.bookkeeper, reviewerId: terms.reviewer, activatedAt }));
  const startsOn = terms.paidOn;
  const subscriptionId = await createSubscription(tx, { clientId, planId: terms.planId, cycle: terms.cycle, discountBp: terms.discountBp, startsOn });
  await tx.query(
    'INSERT INTO registration_activations (registration_id, client_id, subscription_id, bookkeeper_id, reviewer_id, starts_on, activated_by, activated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
    [registration.id, clientId, subscriptionId, terms.bookkeeper, terms.reviewer, startsOn, actorId, activatedAt],
  );
  const people = await tx.query<{ id: number; display_name: string | null; email: string }>('SELECT id, display_name, email FROM users WHERE id = ANY($1::int[])', [[terms.bookkeeper, terms.reviewer].filter((id) => id !== null)]);
  const ref = (id: number | null) => people.find((person) => person.id === id) ?? null;
  audits.push({
    entity: 'registration',
    entityId: registration.id,
    kind: 'activated',
    actorId,
    data: { client_id: clientId, subscription_id: subscriptionId, bookkeeper: ref(terms.bookkeeper), reviewer: ref(terms.reviewer), starts_on: startsOn },
    at: activatedAt,
  });
}

/** Reminders: the first registration still signing up was reminded three hours ago (the next is refused), the second yesterday. */
async function seedReminders({ tx, audits }: Seeder, registrations: Seeded[], now: Date, actorId: number): Promise<void> {
  const signingUp = registrations.filter((registration) => registration.stage === 'signed_up' && registration.status === 'active');
  for (const [index, hoursAgo] of [3, 30].entries()) {
    const registration = signingUp[index];
    if (!registration) continue;
    const at = new Date(now.getTime() - hoursAgo * HOUR);
    await tx.query('UPDATE registrations SET last_reminded_at = $2 WHERE id = $1', [registration.id, at]);
    audits.push({ entity: 'registration', entityId: registration.id, kind: 'reminded', actorId, data: { phase: 'signed_up' }, at });
  }
}
