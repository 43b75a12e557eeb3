/**
 * The registrations' demo data, after the staff (users module): about 110 Dubai company registrations, each
 * with its client user, spread over every stage and every onboarding page (several pages of them on Due
 * Diligence), with dates relative to the moment of seeding. Pseudo-random but repeatable (fixed seed), so
 * two fresh starts show the same companies.
 */
import { PHASE_LABELS, PIPELINE_ACTIONS, STAGE_STATUS_LINES } from '../../../../common/pipeline.ts';
import { REVIEW_STATUS_LABELS } from '../../../../common/review.ts';
import { REGISTRATION_STATUS, STAGES, type Stage } from '../../../../common/stages.ts';
import type { Queryable } from '../../db/database.ts';
import { DEMO_ACCOUNTS } from '../../demo/accounts.ts';
import { DAY_MS, FIRST_NAMES, LAST_NAMES, generator, pickWith } from '../../demo/random.ts';
import type { DemoContext } from '../../demo/context.ts';
import { insertUser } from '../users/index.ts';
import { insertStatusLines, type StatusLine } from './seed-batch.ts';
import { HELD_CALL_MINUTES, bookableAtOrBefore, firstScheduledCall, seedPipeline, withdrawnCall } from './seed-pipeline.ts';
import { DUE_DILIGENCE_APPROVED_EVENT, RESUBMISSION_EVENTS, WITHDRAWN_EVENT } from './seed-lines.ts';
import { seedReviewData } from './seed-review.ts';

const COMPANIES = [
  'Al Noor Trading LLC', 'Marina Bay Consultancy FZ-LLC', 'Desert Rose Events LLC', 'Jumeirah Coastal Interiors LLC',
  'Creek Side Logistics FZE', 'Palm Crest Real Estate Brokers', 'Falcon Ridge General Trading LLC', 'Oud & Amber Perfumes LLC',
  'Deira Gold Souk Jewellers LLC', 'Bur Dubai Tailoring House', 'Silicon Oasis Software Solutions FZCO', 'Karama Catering Services LLC',
  'Emirates Hills Landscaping LLC', 'Al Quoz Creative Studio LLC', 'Sahara Star Tourism LLC', 'Gulf Horizon Marine Services LLC',
  'Blue Dhow Restaurant LLC', 'Al Barsha Dental Clinic LLC', 'Downtown Fitness Hub LLC', 'Dubai Hills Property Management LLC',
  'Meydan Equestrian Supplies LLC', 'JLT Digital Marketing DMCC', 'Al Fahidi Heritage Crafts LLC', 'Business Bay Legal Consultants',
  'Sunrise Auto Spare Parts LLC', 'Al Mamzar Cleaning Services LLC', 'Hatta Mountain Adventures LLC', 'Nakheel Fresh Produce Trading LLC',
  'Arabian Ranches Nursery LLC', 'DIFC Capital Advisory Ltd', 'Mirdif Bakery & Sweets LLC', 'Al Safa Medical Supplies LLC',
  'Jebel Ali Freight Forwarding FZE', 'Dubai Design District Architects FZ-LLC', 'Al Wasl Coffee Roasters LLC', 'Skyline Facade Engineering LLC',
  'Oasis Date Palm Exports LLC', 'Garhoud Travel & Visa Services LLC', 'Al Rigga Electronics Trading LLC', 'Pearl Diver Seafood LLC',
  'Motor City Car Rentals LLC', 'Umm Suqeim Surf School LLC', 'Satwa Textiles Trading LLC', 'Festival City Event Management LLC',
  'Al Khail Construction Contracting LLC', 'Mina Rashid Yacht Charters LLC', 'Dubai Sports City Academy LLC', 'Al Jaddaf Printing Press LLC',
  'Barsha Heights IT Services LLC', 'Golden Sands Beauty Salon LLC', 'Ras Al Khor Recycling LLC', 'Sheikh Zayed Road Auditors',
  'Silk Route Carpets Trading LLC', 'Bluewaters Boutique Hotel LLC', 'Al Sufouh Learning Centre LLC', 'Damac Hills Pet Care LLC',
  'Expo City Green Energy FZ-LLC', 'Al Qusais Industrial Supplies LLC', 'Rashidiya Pharmacy LLC', 'La Mer Ice Cream Parlour LLC',
] as const;

/** Names for the registrations beyond the list above: a place and a trade, each pair used once. */
const PLACES = ['Al Khawaneej', 'Nad Al Sheba', 'Al Warqa', 'Oud Metha', 'Al Mankhool', 'Jafiliya', 'Al Twar', 'Muhaisnah', 'Hor Al Anz', 'Umm Hurair'] as const;
const TRADES = ['Trading LLC', 'Technical Services LLC', 'Consultancy FZ-LLC', 'Food Stuff Trading LLC', 'Interiors LLC', 'Logistics FZE', 'Media FZ-LLC'] as const;

function companyName(index: number): string {
  const extra = index - COMPANIES.length;
  return COMPANIES[index] ?? `${PLACES[extra % PLACES.length]!} ${TRADES[Math.floor(extra / PLACES.length) % TRADES.length]!}`;
}

/** Plans chosen by registrations past due diligence (Plan Approval and Activation show them), amounts in AED. */
const PLANS = [
  { name: 'Starter Bookkeeping', amount: '1250.00' },
  { name: 'Growth Bookkeeping', amount: '2750.00' },
  { name: 'Premium CFO Services', amount: '5400.00' },
] as const;

/**
 * How many registrations sit at each stage; documents_submitted has several pages of them: most wait for
 * due diligence, every tenth is approved (Plan Approval) and every tenth, offset, returned for correction.
 */
const STAGE_COUNTS: Record<Stage, number> = {
  signed_up: 6,
  completed_registration: 8,
  profile_verified: 5,
  // Calls today, a host's full afternoon, calls needing an outcome, missed and held ones (seed-pipeline.ts).
  meeting_scheduled: 17,
  documents_submitted: 70,
  payment_completed: 8,
  account_activated: 6,
};

/** The label of each stage's ordinary phase (common/pipeline.ts); the loop below sets the others. */
const STAGE_LABEL: Record<Stage, string> = {
  signed_up: PHASE_LABELS.signed_up,
  completed_registration: PHASE_LABELS.completed_registration,
  profile_verified: PHASE_LABELS.profile_verified,
  meeting_scheduled: PHASE_LABELS.call_booked,
  documents_submitted: PHASE_LABELS.due_diligence,
  payment_completed: PHASE_LABELS.activation,
  account_activated: PHASE_LABELS.activated,
};

export const WITHDRAWN_LABEL = PHASE_LABELS.withdrawn;

const DOCUMENTS_RECEIVED = PIPELINE_ACTIONS.submit_documents.statusLine;
const HOUR_MS = 3_600_000;
const RETURNED_EVENT = 'Returned for correction: shareholder passport copy is illegible';

export async function seedRegistrations(tx: Queryable, { now }: DemoContext): Promise<void> {
  const random = generator(20_260_102);
  const pick = pickWith(random);
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);

  // Onboarding calls are booked by the business-development team (the demo accounts of those roles).
  const bookerEmails = DEMO_ACCOUNTS.filter((entry) => entry.role === 'BD_EXEC' || entry.role === 'BD_MANAGER').map((entry) => entry.email);
  const bookers = (await tx.query<{ id: number }>('SELECT id FROM users WHERE email = ANY($1::text[]) ORDER BY id', [bookerEmails])).map((row) => row.id);

  // The demo client accounts own registrations of their phase, the first active one of that stage each.
  const reviewClients = DEMO_ACCOUNTS.filter((entry) => entry.role === 'CLIENT' && entry.onboarding === 'due_diligence');
  const stageClients = new Map(
    DEMO_ACCOUNTS.filter((entry) => entry.role === 'CLIENT' && entry.onboarding !== undefined && entry.onboarding !== 'due_diligence').map((entry) => [
      entry.onboarding === 'awaiting_documents' ? 'meeting_scheduled' : entry.onboarding,
      entry,
    ]),
  );
  const stages = STAGES.flatMap((stage) => Array.from({ length: STAGE_COUNTS[stage] }, () => stage));
  let documentsSeen = 0;
  let clientsPlaced = 0;
  const statusLines: StatusLine[] = [];
  for (const [index, stage] of stages.entries()) {
    const company = companyName(index);
    const stageIndex = STAGES.indexOf(stage);
    const isDocuments = stage === 'documents_submitted';
    if (isDocuments) documentsSeen += 1;
    // An activated account is a client, no longer a registration that can be withdrawn.
    const withdrawn = index % 9 === 4 && stage !== 'account_activated';
    const awaiting = isDocuments && documentsSeen % 2 === 1 && documentsSeen !== 1;
    const resubmitted = isDocuments && documentsSeen === 2;
    const approved = isDocuments && documentsSeen % 10 === 0;
    const returned = isDocuments && documentsSeen % 10 === 6;
    // The demo client accounts own cases waiting on due diligence with their documents in, so the correction
    // loop (return, upload, resubmit) can be walked with a real client sign-in.
    const reviewable = isDocuments && !withdrawn && !awaiting && !resubmitted && !approved && !returned;
    let client = reviewable ? reviewClients[clientsPlaced] : undefined;
    if (client) clientsPlaced += 1;
    if (!isDocuments && !withdrawn && stageClients.has(stage)) {
      client = stageClients.get(stage);
      stageClients.delete(stage);
    }
    const ownerName = client?.displayName ?? `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
    const slug = company.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    const email = client?.email ?? `owner@${slug}.ae`;
    // Further stages joined longer ago; every registration's latest step is recent (within 4 days).
    let joined = at(2 + stageIndex * 4 + random() * 18);

    const texts: string[] = [STAGE_STATUS_LINES.signed_up];
    for (const reached of STAGES.slice(1, stageIndex + 1)) {
      texts.push(STAGE_STATUS_LINES[reached]);
      if (reached === 'documents_submitted' && !awaiting) texts.push(DOCUMENTS_RECEIVED);
      // Due diligence returns only what was submitted: the return and the resubmission follow the documents.
      if (reached === 'documents_submitted' && resubmitted) texts.push(...RESUBMISSION_EVENTS);
    }
    if (approved) texts.push(DUE_DILIGENCE_APPROVED_EVENT);
    if (returned) texts.push(RETURNED_EVENT);
    if (withdrawn) texts.push(WITHDRAWN_EVENT);
    // Spread the steps over the time since joining, unevenly, ending a few hours to days ago; a registration on
    // Call Schedule was booked (its last step) before the first of the calls seed-pipeline.ts gives them.
    const lastActivity = Math.min(now.getTime() - (0.1 + random() * 4) * DAY_MS, stage === 'meeting_scheduled' ? firstScheduledCall(now).getTime() - HOUR_MS : Number.POSITIVE_INFINITY);
    const weights = texts.map((_text, position) => (position === 0 ? 0 : 0.5 + random()));
    const totalWeight = weights.reduce((sum, weight) => sum + weight, 0) || 1;
    let elapsed = 0;
    const events = texts.map((text, position) => {
      elapsed += weights[position]!;
      return { text, time: new Date(joined.getTime() + ((lastActivity - joined.getTime()) * elapsed) / totalWeight) };
    });
    const timeOf = (text: string) => events.find((event) => event.text === text)?.time ?? null;
    // A withdrawal from Call Schedule came after the call the client missed.
    if (withdrawn && stage === 'meeting_scheduled') {
      const missed = withdrawnCall(now);
      const missedEnd = missed.start.getTime() + missed.minutes * 60_000;
      events.at(-1)!.time = new Date(missedEnd + (now.getTime() - missedEnd) / 2);
    }
    // Past the call, it was held at a time a booking accepts before the documents were asked for, and booked
    // (the 'call scheduled' step) before it: earlier steps move back where the held call needs room.
    let heldCallAt: Date | null = null;
    const requested = events.findIndex((event) => event.text === STAGE_STATUS_LINES.documents_submitted);
    if (requested > 0) {
      heldCallAt = bookableAtOrBefore(new Date(events[requested]!.time.getTime() - HELD_CALL_MINUTES * 60_000), HELD_CALL_MINUTES);
      let latest = heldCallAt.getTime() - HOUR_MS;
      for (let position = requested - 1; position >= 0; position -= 1) {
        const event = events[position]!;
        if (event.time.getTime() > latest) event.time = new Date(latest);
        latest = event.time.getTime() - HOUR_MS;
      }
      joined = events[0]!.time;
    }
    const userId = await insertUser(tx, email, ownerName, 'CLIENT', joined);
    const requestedOn = timeOf(STAGE_STATUS_LINES.documents_submitted);
    const receivedOn = timeOf(DOCUMENTS_RECEIVED);

    const label = withdrawn
      ? WITHDRAWN_LABEL
      : approved
        ? REVIEW_STATUS_LABELS.approved
        : returned
          ? REVIEW_STATUS_LABELS.returned
          : awaiting
            ? REGISTRATION_STATUS.awaitingDocuments
            : STAGE_LABEL[stage];
    // A booked call is ahead (between 1 and 10 days, in Dubai business hours); later stages had theirs.
    const meetingAt =
      stage === 'meeting_scheduled'
        ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1 + Math.floor(random() * 10), 5 + Math.floor(random() * 8), random() < 0.5 ? 0 : 30))
        : heldCallAt;
    const plan = approved || stageIndex > STAGES.indexOf('documents_submitted') ? pick(PLANS) : null;
    const [registration] = await tx.query<{ id: number }>(
      `INSERT INTO registrations (user_id, registration_id, legal_name, stage, status, status_label, requested_on, recieved_on,
         review_state, meeting_at, meeting_booked_by, plan_name, plan_amount_aed, payment_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
      [
        userId,
        `REG-${joined.getUTCFullYear()}-${String(1001 + index)}`,
        company,
        stage,
        withdrawn ? 'inactive' : 'active',
        label,
        requestedOn,
        receivedOn,
        approved ? 'approved' : returned ? 'returned' : null,
        meetingAt,
        meetingAt ? pick(bookers) : null,
        plan?.name ?? null,
        plan?.amount ?? null,
        timeOf(STAGE_STATUS_LINES.payment_completed),
      ],
    );
    statusLines.push(...events.map((event) => ({ registrationId: registration!.id, text: event.text, at: event.time })));
  }
  await insertStatusLines(tx, statusLines);
  await seedReviewData(tx, now);
  await seedPipeline(tx, now);
}
