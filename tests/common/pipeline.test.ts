import { describe, expect, it } from 'vitest';
import { routeByKey } from '../../common/access.ts';
import { dubaiClock, dubaiDateTimeIso, dubaiInputs, dubaiInstant, formatDubaiDateTime, formatDubaiDay, weekdayOf } from '../../common/dubai-time.ts';
import { addDays, daysBetween, dubaiDate } from '../../common/calendar.ts';
import { REGISTRATION_EVENT_KINDS } from '../../common/events.ts';
import { REVIEW_STATES, onboardingPageOf } from '../../common/onboarding.ts';
import {
  MAX_BOOKING_DAYS_AHEAD,
  MEETING_DURATION,
  MEETING_HOURS,
  MEETING_OUTCOMES,
  PHASES,
  PHASE_LABELS,
  PIPELINE_ACTIONS,
  PIPELINE_ACTION_KEYS,
  actionRoles,
  actionsFor,
  callGroupOf,
  canAct,
  nextBookingDay,
  percentToBp,
  phaseOf,
  stateAfter,
  suggestedCallTime,
  type Phase,
  type PipelineState,
} from '../../common/pipeline.ts';
import { profileChecks } from '../../common/profile-checks.ts';
import { REVIEW_STATUS_LABELS } from '../../common/review.ts';
import { ROLES } from '../../common/roles.ts';
import { STAGES } from '../../common/stages.ts';

/** Every combination of the state's fields. */
const STATES: PipelineState[] = STAGES.flatMap((stage) =>
  (['active', 'inactive'] as const).flatMap((status) =>
    [null, ...REVIEW_STATES].flatMap((review_state) =>
      [null, ...MEETING_OUTCOMES].flatMap((meeting_outcome) => [false, true].map((plan_approved) => ({ stage, status, review_state, meeting_outcome, plan_approved }))),
    ),
  ),
);

/** One plausible state per phase, as the pipeline produces it. */
const EXAMPLE: Record<Phase, PipelineState> = Object.fromEntries(
  PHASES.map((phase) => [phase, STATES.find((state) => phaseOf(state) === phase && (phase === 'withdrawn' ? state.stage === 'profile_verified' : true))!]),
) as Record<Phase, PipelineState>;

describe('the stage machine', () => {
  it('gives every phase a state that reaches it, and a label', () => {
    for (const phase of PHASES) {
      expect(EXAMPLE[phase], phase).toBeDefined();
      expect(PHASE_LABELS[phase]).toMatch(/\w/);
    }
    // The review's labels and the machine's agree.
    expect(PHASE_LABELS.returned).toBe(REVIEW_STATUS_LABELS.returned);
    expect(PHASE_LABELS.plan_approval).toBe(REVIEW_STATUS_LABELS.approved);
  });

  it('puts each phase on one onboarding page, the same for every state of it', () => {
    const pages = new Map<Phase, Set<string | null>>();
    for (const state of STATES) {
      const phase = phaseOf(state);
      pages.set(phase, (pages.get(phase) ?? new Set()).add(onboardingPageOf(state)));
    }
    for (const [phase, seen] of pages) expect([...seen], phase).toHaveLength(1);
    expect(onboardingPageOf(EXAMPLE.awaiting_documents)).toBe('call-schedules');
    expect(onboardingPageOf(EXAMPLE.awaiting_payment)).toBe('pending-payments');
    expect(onboardingPageOf(EXAMPLE.activated)).toBeNull();
    expect(onboardingPageOf(EXAMPLE.withdrawn)).toBeNull();
  });

  it.each(PIPELINE_ACTION_KEYS)('%s: every start leads to a phase of the pipeline, and forward or back as its row says', (key) => {
    const action = PIPELINE_ACTIONS[key];
    expect(REGISTRATION_EVENT_KINDS).toContain(action.event);
    for (const from of action.from) {
      const after = phaseOf(stateAfter(key, EXAMPLE[from]));
      expect(PHASES).toContain(after);
      if (key === 'withdraw') expect(after).toBe('withdrawn');
      if ('stage' in action.to) expect(stateAfter(key, EXAMPLE[from]).stage).toBe(action.to.stage);
    }
  });

  it('walks a registration from sign-up to an active client through its rows', () => {
    const walk = ['verify_profile', 'book_meeting', 'mark_held', 'submit_documents', 'approve', 'set_plan', 'approve_plan', 'record_payment', 'activate'] as const;
    let state: PipelineState = { stage: 'completed_registration', status: 'active', review_state: null, meeting_outcome: null, plan_approved: false };
    const phases: Phase[] = [phaseOf(state)];
    for (const key of walk) {
      expect(PIPELINE_ACTIONS[key].from, key).toContain(phaseOf(state));
      state = stateAfter(key, state);
      phases.push(phaseOf(state));
    }
    expect(phases).toEqual(['completed_registration', 'profile_verified', 'call_booked', 'awaiting_documents', 'due_diligence', 'plan_approval', 'plan_approval', 'awaiting_payment', 'activation', 'activated']);
  });

  it('lets the roles of the action page act, the client only on its own actions, and nobody on an activated account but nobody at all', () => {
    for (const key of PIPELINE_ACTION_KEYS) {
      const { by } = PIPELINE_ACTIONS[key];
      expect(actionRoles(key), key).toEqual(by === 'client' ? ['CLIENT'] : routeByKey(by).permission);
    }
    expect(actionsFor('completed_registration', 'BD_EXEC')).toEqual(['remind', 'verify_profile', 'withdraw']);
    expect(actionsFor('completed_registration', 'REVIEWER')).toEqual([]);
    expect(actionsFor('call_booked', 'BD_EXEC')).toEqual(['withdraw', 'reschedule_meeting', 'cancel_meeting', 'mark_held', 'mark_no_show']);
    expect(actionsFor('awaiting_documents', 'CLIENT')).toEqual(['upload_document', 'submit_documents']);
    expect(actionsFor('plan_approval', 'BD_EXEC')).toEqual(['withdraw']);
    expect(actionsFor('plan_approval', 'BD_MANAGER')).toEqual(['withdraw', 'set_plan', 'approve_plan']);
    expect(actionsFor('activation', 'ADMIN')).toEqual(['withdraw', 'activate']);
    expect(actionsFor('withdrawn', 'BD_MANAGER')).toEqual(['reinstate']);
    for (const role of ROLES) expect(actionsFor('activated', role)).toEqual([]);
    expect(canAct('record_payment', 'awaiting_payment', 'BD_EXEC')).toBe(false);
  });
});

describe('Dubai time (UTC+4 all year)', () => {
  it('reads the Dubai day, clock and weekday whatever the machine zone', () => {
    expect(dubaiDate(Date.parse('2026-03-12T20:30:00Z'))).toBe('2026-03-13');
    expect(dubaiClock(Date.parse('2026-03-13T10:15:00Z'))).toEqual({ date: '2026-03-13', minutes: 14 * 60 + 15, weekday: 5 });
    expect(dubaiInstant('2026-03-13', 9 * 60).toISOString()).toBe('2026-03-13T05:00:00.000Z');
    expect(weekdayOf('2026-03-14')).toBe(6);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(daysBetween('2026-01-01', '2025-12-25')).toBe(-7);
    expect(formatDubaiDateTime(Date.parse('2026-03-12T20:05:00Z'))).toBe('13-Mar-2026 12:05 AM');
    expect(formatDubaiDateTime(Date.parse('2026-03-13T09:05:00Z'))).toBe('13-Mar-2026 1:05 PM');
    expect(formatDubaiDay('2026-12-01')).toBe('01-Dec-2026');
    // What a form enters in Dubai time and what it shows of an instant, whatever the browser's zone.
    expect(dubaiDateTimeIso('2026-03-12', '14:30')).toBe('2026-03-12T14:30:00+04:00');
    expect(new Date(dubaiDateTimeIso('2026-03-12', '02:15')).toISOString()).toBe('2026-03-11T22:15:00.000Z');
    expect(dubaiInputs('2026-03-11T22:15:00.000Z')).toEqual({ date: '2026-03-12', time: '02:15' });
  });

  it('reads a discount in percent as basis points, two decimals at most', () => {
    expect(percentToBp(12.5)).toBe(1_250);
    expect(percentToBp(0.07)).toBe(7);
    expect(percentToBp(15)).toBe(1_500);
    expect(percentToBp(12.345)).toBeNull();
    expect(percentToBp(-1)).toBeNull();
    expect(percentToBp(Number.NaN)).toBeNull();
  });

  it('groups Call Schedule by the Dubai day: a call just after midnight Dubai is tomorrow, not today', () => {
    const now = Date.parse('2026-03-11T18:00:00Z'); // 22:00 Wednesday in Dubai
    const call = (startsAt: string, minutes = 30, outcome: 'held' | 'no_show' | null = null) => ({
      starts_at: startsAt,
      ends_at: new Date(Date.parse(startsAt) + minutes * 60_000).toISOString(),
      outcome,
    });
    expect(callGroupOf(call('2026-03-11T19:00:00Z'), now)).toBe('today');
    expect(callGroupOf(call('2026-03-11T20:30:00Z'), now)).toBe('tomorrow');
    expect(callGroupOf(call('2026-03-13T06:00:00Z'), now)).toBe('later');
    // A call in progress (started, not over) is still today's.
    expect(callGroupOf(call('2026-03-11T17:15:00Z', 60), now)).toBe('today');
    expect(callGroupOf(call('2026-03-11T17:00:00Z', 30), now)).toBe('needs_outcome');
    expect(callGroupOf(call('2026-03-10T06:00:00Z', 30, 'no_show'), now)).toBe('no_show');
    expect(callGroupOf(call('2026-03-10T06:00:00Z', 30, 'held'), now)).toBe('awaiting_documents');
  });
});

describe('profile checks', () => {
  const profile = { trade_licence_number: 'CN-1234567', licence_expires_on: '2026-06-30', vat_registered: true, trn: '100123456789012' };

  it('passes a complete profile and says until when the licence is valid', () => {
    const checks = profileChecks(profile, '2026-06-10');
    expect(checks.map((check) => check.passed)).toEqual([true, true, true]);
    expect(checks[1]!.detail).toBe('Valid until 30-Jun-2026 (20 days left)');
  });

  it('fails a licence expired yesterday by the Dubai date, a blank number and a short or missing TRN', () => {
    const checks = profileChecks({ ...profile, trade_licence_number: '  ', trn: '12345' }, '2026-07-01');
    expect(checks.map((check) => [check.key, check.passed])).toEqual([
      ['licence_number', false],
      ['licence_valid', false],
      ['trn', false],
    ]);
    expect(checks[1]!.detail).toBe('Expired on 30-Jun-2026 (1 day ago)');
    expect(profileChecks({ ...profile, trn: null }, '2026-06-01')[2]!.detail).toBe('VAT registered but no TRN given.');
    expect(profileChecks({ ...profile, vat_registered: false, trn: null }, '2026-06-01')[2]!.passed).toBe(true);
    expect(profileChecks(null, '2026-06-01').every((check) => !check.passed)).toBe(true);
  });
});

describe('the call time a message suggests', () => {
  it('is one booking takes: in the future, Monday to Friday in Dubai, within office hours and the booking horizon', () => {
    // A Friday evening, a Saturday, a Sunday just before midnight Dubai, a Monday morning, and a day before a weekend.
    for (const now of ['2026-11-27T17:30:00+04:00', '2026-11-28T09:00:00+04:00', '2026-11-29T23:59:00+04:00', '2026-11-30T07:00:00+04:00', '2026-12-03T21:00:00+04:00'].map(Date.parse)) {
      const at = suggestedCallTime(now);
      const { date, minutes, weekday } = dubaiClock(at);
      expect(at.getTime(), new Date(now).toISOString()).toBeGreaterThan(now);
      expect(weekday).toBeLessThanOrEqual(5);
      expect(minutes).toBeGreaterThanOrEqual(MEETING_HOURS.from);
      expect(minutes + MEETING_DURATION.default).toBeLessThanOrEqual(MEETING_HOURS.to);
      expect(at.getTime() - now).toBeLessThan(MAX_BOOKING_DAYS_AHEAD * 86_400_000);
      expect(date).toBe(nextBookingDay(now));
    }
  });
});

describe('UAE public holidays in booking and activation', () => {
  it('refuses a holiday by its name and offers the next working day; the booking form never defaults to one', async () => {
    const { holidayRefusal, nextBookingDay } = await import('../../common/pipeline.ts');
    expect(holidayRefusal('2027-01-01')).toBe("must not be on New Year's Day (01-Jan-2027), a UAE public holiday; the next working day is 04-Jan-2027");
    expect(holidayRefusal('2027-01-05')).toBeNull();
    // The evening before New Year's Day 2027 (a Friday): the next booking day is Monday 4 January.
    expect(nextBookingDay(Date.parse('2026-12-31T12:00:00Z'))).toBe('2027-01-04');
  });
});
