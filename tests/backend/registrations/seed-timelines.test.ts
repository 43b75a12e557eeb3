/**
 * The demo's registrations tell a story the pipeline (common/pipeline.ts) could have written: each step after
 * the stage that allows it (a call booked once the profile is verified, its outcome once it started, documents
 * submitted after the call was held, due diligence deciding on what was submitted, a plan set after due
 * diligence and approved before it is paid, a withdrawal last), every document uploaded by the time the
 * documents were submitted, and nothing after the seed's now. Checked on the run's seeded demo and on the
 * onboarding seed run at an awkward moment: a Friday before office hours, just after the National Day holidays.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PIPELINE_ACTIONS } from '../../../common/pipeline.ts';
import { STAGES, type Stage } from '../../../common/stages.ts';
import type { Database, Queryable } from '../../../backend/src/db/database.ts';
import { seedPlans } from '../../../backend/src/modules/plans/seed.ts';
import { seedRegistrations } from '../../../backend/src/modules/registrations/seed.ts';
import { DUE_DILIGENCE_APPROVED_EVENT, RESUBMISSION_EVENTS, WITHDRAWN_EVENT } from '../../../backend/src/modules/registrations/seed-lines.ts';
import { seedUsers } from '../../../backend/src/modules/users/seed.ts';
import { openTestDatabase, startBackend } from '../support.ts';

interface Moment {
  what: string;
  at: Date;
}

/** What the check looked at, so a seed that writes nothing cannot pass it. */
interface Checked {
  faults: string[];
  calls: number;
  documents: number;
  plans: number;
}

/** Every way a seeded registration's records contradict the pipeline's order, as readable lines. */
async function timelineFaults(db: Queryable, now: Date): Promise<Checked> {
  const registrations = await db.query<{ id: number; registration_id: string }>('SELECT id, registration_id FROM registrations ORDER BY id');
  const lines = await db.query<{ registration_id: number; status_text: string; created_at: Date }>('SELECT registration_id, status_text, created_at FROM registration_events ORDER BY created_at, id');
  const events = await db.query<{ entity_id: number; kind: string; stage: Stage | null; created_at: Date }>(
    "SELECT entity_id, kind, data ->> 'stage' AS stage, created_at FROM audit_events WHERE entity = 'registration' ORDER BY created_at, id",
  );
  const calls = await db.query<{ id: number; registration_id: number; booked_at: Date; starts_at: Date; outcome_at: Date | null }>(
    'SELECT id, registration_id, booked_at, starts_at, outcome_at FROM registration_meetings ORDER BY id',
  );
  const documents = await db.query<{ registration_id: number; file_name: string; uploaded_at: Date }>('SELECT registration_id, file_name, uploaded_at FROM registration_documents ORDER BY id');
  const plans = await db.query<{ registration_id: number; set_at: Date; approved_at: Date | null }>('SELECT registration_id, set_at, approved_at FROM registration_plans');
  const payments = await db.query<{ registration_id: number; recorded_at: Date }>('SELECT registration_id, recorded_at FROM registration_payments');

  const faults: string[] = [];
  for (const registration of registrations) {
    const id = registration.id;
    const fault = (text: string) => faults.push(`${registration.registration_id}: ${text}`);
    const mine = events.filter((event) => event.entity_id === id);
    const myLines = lines.filter((line) => line.registration_id === id);
    const first = (kind: string) => mine.find((event) => event.kind === kind)?.created_at ?? null;
    const line = (text: string) => myLines.find((entry) => entry.status_text === text)?.created_at ?? null;
    const reached = (stage: Stage) => mine.find((event) => event.kind === 'stage_reached' && event.stage === stage)?.created_at ?? null;
    /** `later` happened at or after `earlier`, when both happened. */
    const after = (later: Moment | null, earlier: Moment | null) => {
      if (later && earlier && later.at < earlier.at) fault(`${later.what} (${later.at.toISOString()}) before ${earlier.what} (${earlier.at.toISOString()})`);
    };
    const moment = (what: string, at: Date | null | undefined): Moment | null => (at ? { what, at } : null);

    const history = [...myLines.map((entry) => moment(`'${entry.status_text}'`, entry.created_at)!), ...mine.map((event) => moment(event.kind, event.created_at)!)];
    for (const entry of history) if (entry.at > now) fault(`${entry.what} in the future (${entry.at.toISOString()})`);

    for (const [index, stage] of STAGES.entries()) if (index > 0) after(moment(`reached ${stage}`, reached(stage)), moment(`reached ${STAGES[index - 1]}`, reached(STAGES[index - 1]!)));
    const verified = moment('profile verified', first('verified') ?? reached('profile_verified'));
    after(verified, moment('reached completed_registration', reached('completed_registration')));

    const myCalls = calls.filter((call) => call.registration_id === id);
    for (const call of myCalls) {
      after(moment(`call ${call.id} booked`, call.booked_at), verified);
      after(moment(`call ${call.id} starting`, call.starts_at), moment(`call ${call.id} booked`, call.booked_at));
      after(moment(`call ${call.id} outcome`, call.outcome_at), moment(`call ${call.id} starting`, call.starts_at));
      for (const at of [call.booked_at, call.outcome_at]) if (at && at > now) fault(`call ${call.id} booked or decided in the future (${at.toISOString()})`);
    }
    for (const booked of mine.filter((event) => event.kind === 'meeting_booked')) after(moment('meeting_booked', booked.created_at), verified);
    after(moment('reached meeting_scheduled', reached('meeting_scheduled')), verified);

    const held = moment('call held', first('meeting_held'));
    const submittedAt = [reached('documents_submitted'), line(PIPELINE_ACTIONS.submit_documents.statusLine)].filter((at): at is Date => at !== null);
    const submitted = moment('documents submitted', submittedAt.length > 0 ? new Date(Math.min(...submittedAt.map(Number))) : null);
    after(submitted, held);
    for (const document of documents.filter((row) => row.registration_id === id)) {
      const uploaded = moment(`${document.file_name} uploaded`, document.uploaded_at);
      after(uploaded, held);
      if (submitted && uploaded!.at > submitted.at) fault(`${uploaded!.what} (${uploaded!.at.toISOString()}) after the documents were submitted (${submitted.at.toISOString()})`);
    }
    for (const kind of ['assigned', 'comment_added', 'returned', 'resubmitted', 'approved']) {
      for (const event of mine.filter((row) => row.kind === kind)) after(moment(kind, event.created_at), submitted);
    }
    after(moment('returned for correction', line(RESUBMISSION_EVENTS[0])), submitted);
    after(moment('resubmitted', line(RESUBMISSION_EVENTS[1])), moment('returned for correction', line(RESUBMISSION_EVENTS[0])));
    const approved = moment('due diligence approved', line(DUE_DILIGENCE_APPROVED_EVENT) ?? first('approved'));
    after(approved, submitted);

    for (const plan of plans.filter((row) => row.registration_id === id)) {
      after(moment('plan set', plan.set_at), approved ?? submitted);
      after(moment('plan approved', plan.approved_at), moment('plan set', plan.set_at));
      const paid = payments.find((row) => row.registration_id === id);
      after(moment('payment recorded', paid?.recorded_at), moment('plan approved', plan.approved_at));
      if (plan.approved_at && plan.approved_at > now) fault(`plan approved in the future (${plan.approved_at.toISOString()})`);
    }
    after(moment('plan_approved', first('plan_approved')), moment('plan_set', first('plan_set')));
    after(moment('payment_recorded', first('payment_recorded')), moment('plan_approved', first('plan_approved')));
    after(moment('reached payment_completed', reached('payment_completed')), moment('plan_approved', first('plan_approved')));
    after(moment('activated', first('activated')), moment('payment_recorded', first('payment_recorded')));

    const withdrawn = moment('withdrawn', first('withdrawn') ?? line(WITHDRAWN_EVENT));
    // A confirmed sanctions match freezes the file whatever became of it.
    if (withdrawn) for (const entry of history.filter((row) => row.what !== 'withdrawn' && row.what !== 'frozen')) after(withdrawn, entry);
  }
  return { faults, calls: calls.length, documents: documents.length, plans: plans.length };
}

describe('the demo registrations’ timelines', () => {
  let app: FastifyInstance;
  let database: Database;

  beforeAll(async () => {
    app = await startBackend(inject('authEmulatorHost'));
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('are in an order the pipeline allows on the seeded demo, none after the seed’s now', async () => {
    const [{ now } = { now: new Date() }] = await app.db.query<{ now: Date }>('SELECT now() AS now');
    const checked = await timelineFaults(app.db, now);
    expect(checked.faults).toEqual([]);
    expect(Math.min(checked.calls, checked.documents, checked.plans)).toBeGreaterThan(0);
  });

  it('are so when the demo starts on a Friday before office hours, after the National Day holidays', async () => {
    // 07:30 in Dubai; the last working day before it is Monday 30 November (1 to 3 December are public holidays).
    const now = new Date('2026-12-04T03:30:00Z');
    await database.transaction(async (tx) => {
      for (const seed of [seedUsers, seedPlans, seedRegistrations]) await seed(tx, { now });
    });
    const checked = await timelineFaults(database, now);
    expect(checked.faults).toEqual([]);
    expect(Math.min(checked.calls, checked.documents, checked.plans)).toBeGreaterThan(0);
  }, 180_000);
});
