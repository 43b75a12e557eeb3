/** The pipeline's buttons and dialog rules in the console: what each role is offered per phase, the discount field, the live price and Call Schedule's groups. */
import { describe, expect, it } from 'vitest';
import { PHASES, canAct } from '../../../../common/pipeline.ts';
import { cyclePrice } from '../../../../common/pricing.ts';
import { STAFF_ROLES } from '../../../../common/roles.ts';
import { STAFF_ACTIONS, callGroup, nextWorkingDay, planQuote, readDiscount, staffActions, visibleActions } from '../../../../client/src/features/registrations/model.ts';

describe('the buttons a role sees', () => {
  it('are exactly what the stage machine allows it, in every phase', () => {
    for (const phase of PHASES) {
      for (const role of STAFF_ROLES) expect(staffActions(phase, role), `${phase} ${role}`).toEqual(STAFF_ACTIONS.filter((key) => canAct(key, phase, role)));
    }
    expect(staffActions('completed_registration', null)).toEqual([]);
  });

  it('follow the pages: BD_EXEC verifies and books, BD_MANAGER also plans and activates, REVIEWER and BOOKKEEPER act on nothing', () => {
    expect(staffActions('completed_registration', 'BD_EXEC')).toEqual(['remind', 'verify_profile', 'withdraw']);
    expect(staffActions('call_booked', 'BD_EXEC')).toEqual(['mark_held', 'mark_no_show', 'reschedule_meeting', 'cancel_meeting', 'withdraw']);
    expect(staffActions('plan_approval', 'BD_EXEC')).toEqual(['withdraw']);
    expect(staffActions('plan_approval', 'BD_MANAGER')).toEqual(['set_plan', 'approve_plan', 'withdraw']);
    expect(staffActions('awaiting_payment', 'ADMIN')).toEqual(['set_plan', 'record_payment', 'withdraw']);
    expect(staffActions('activation', 'BD_MANAGER')).toEqual(['activate', 'withdraw']);
    expect(staffActions('withdrawn', 'BD_EXEC')).toEqual(['reinstate']);
    for (const phase of PHASES) {
      expect(staffActions(phase, 'REVIEWER')).toEqual([]);
      expect(staffActions(phase, 'BOOKKEEPER')).toEqual([]);
    }
  });

  it("offer 'Mark held' and 'No show' once the call started, 'Approve plan' once a plan is set, and keep rows to their step's main actions", () => {
    const now = Date.parse('2026-03-12T08:00:00Z');
    const upcoming = { phase: 'call_booked' as const, stage: 'meeting_scheduled' as const, review_state: null, meeting_at: '2026-03-12T09:00:00Z', plan_name: null };
    const started = { ...upcoming, meeting_at: '2026-03-12T07:00:00Z' };
    expect(visibleActions(upcoming, 'ADMIN', 'page', now)).toEqual(['reschedule_meeting', 'cancel_meeting', 'withdraw']);
    expect(visibleActions(started, 'ADMIN', 'page', now)).toEqual(['mark_held', 'mark_no_show', 'reschedule_meeting', 'cancel_meeting', 'withdraw']);
    expect(visibleActions(upcoming, 'BD_EXEC', 'row', now)).toEqual(['reschedule_meeting']);
    expect(visibleActions(started, 'BD_EXEC', 'row', now)).toEqual(['mark_held', 'mark_no_show']);
    expect(visibleActions({ ...started, phase: 'no_show' }, 'BD_EXEC', 'row', now)).toEqual(['reschedule_meeting']);
    expect(visibleActions({ phase: 'plan_approval', stage: 'documents_submitted', review_state: 'approved', meeting_at: null, plan_name: null }, 'BD_MANAGER', 'row', now)).toEqual(['set_plan']);
    expect(visibleActions({ phase: 'plan_approval', stage: 'documents_submitted', review_state: 'approved', meeting_at: null, plan_name: 'Growth' }, 'BD_MANAGER', 'row', now)).toEqual(['set_plan', 'approve_plan']);
    expect(visibleActions({ phase: 'withdrawn', stage: 'profile_verified', review_state: null, meeting_at: null, plan_name: null }, 'ADMIN', 'row', now)).toEqual([]);
    expect(visibleActions({ phase: 'withdrawn', stage: 'profile_verified', review_state: null, meeting_at: null, plan_name: null }, 'ADMIN', 'page', now)).toEqual(['reinstate']);
  });

  it('offer nothing on a registration at a stage none of the role\'s pages lists (no Withdraw for a BD_EXEC at Due Diligence)', () => {
    const at = (phase: 'due_diligence' | 'activation' | 'withdrawn', stage: 'documents_submitted' | 'payment_completed', review_state: 'approved' | null) =>
      ({ phase, stage, review_state, meeting_at: null, plan_name: null });
    expect(visibleActions(at('due_diligence', 'documents_submitted', null), 'BD_EXEC', 'page')).toEqual([]);
    expect(visibleActions(at('activation', 'payment_completed', null), 'BD_EXEC', 'page')).toEqual([]);
    // Withdrawn from Activation: reinstating it is the Activation page's roles' decision too.
    expect(visibleActions(at('withdrawn', 'payment_completed', null), 'BD_EXEC', 'page')).toEqual([]);
    expect(visibleActions(at('due_diligence', 'documents_submitted', null), 'BD_MANAGER', 'page')).toEqual(['withdraw']);
    expect(visibleActions(at('withdrawn', 'payment_completed', null), 'BD_MANAGER', 'page')).toEqual(['reinstate']);
  });
});

describe('the plan dialog', () => {
  it('reads the discount as the back end does: two decimals at most, 0-100, blank is none', () => {
    expect(readDiscount('')).toEqual({ bp: 0, error: null });
    expect(readDiscount('12.5')).toEqual({ bp: 1_250, error: null });
    expect(readDiscount(' 7 ')).toEqual({ bp: 700, error: null });
    for (const bad of ['12.345', '-1', '101', '1e1', 'ten', '5%']) expect(readDiscount(bad).bp, bad).toBeNull();
  });

  it('prices the plan live with common/pricing.ts, or not at all without a plan or a valid discount', () => {
    expect(planQuote(150_000, 'quarterly', 1_000)).toEqual(cyclePrice(150_000, 'quarterly', 1_000));
    expect(planQuote(150_000, 'quarterly', 1_000)).toMatchObject({ list_fils: 450_000, net_fils: 384_750, vat_fils: 19_238, total_fils: 403_988 });
    expect(planQuote(null, 'monthly', 0)).toBeNull();
    expect(planQuote(150_000, 'monthly', null)).toBeNull();
  });
});

describe('Call Schedule', () => {
  const at = (iso: string) => Date.parse(iso);
  const row = (starts: string, ends: string, outcome: 'held' | 'no_show' | null = null) => ({ meeting_at: starts, meeting_ends_at: ends, meeting_outcome: outcome });

  it('groups by the Dubai day and keeps a past call without an outcome as Needs outcome', () => {
    const now = at('2026-03-12T06:00:00Z'); // Thursday 10:00 Dubai
    expect(callGroup(row('2026-03-12T10:00:00Z', '2026-03-12T10:30:00Z'), now)).toBe('today');
    // 00:30 Friday in Dubai is tomorrow, though still Thursday in UTC.
    expect(callGroup(row('2026-03-12T20:30:00Z', '2026-03-12T21:00:00Z'), now)).toBe('tomorrow');
    expect(callGroup(row('2026-03-16T06:00:00Z', '2026-03-16T06:30:00Z'), now)).toBe('later');
    expect(callGroup(row('2026-03-12T04:00:00Z', '2026-03-12T04:30:00Z'), now)).toBe('needs_outcome');
    expect(callGroup(row('2026-03-12T04:00:00Z', '2026-03-12T04:30:00Z', 'no_show'), now)).toBe('no_show');
    expect(callGroup({ meeting_at: null, meeting_ends_at: null, meeting_outcome: null }, now)).toBeNull();
  });

  it('books on the next working day by default (Friday to Monday)', () => {
    expect(nextWorkingDay(at('2026-03-12T06:00:00Z'))).toBe('2026-03-13');
    expect(nextWorkingDay(at('2026-03-13T06:00:00Z'))).toBe('2026-03-16');
    // 23:00 UTC Sunday is Monday 03:00 in Dubai: the next working day is Tuesday.
    expect(nextWorkingDay(at('2026-03-15T23:00:00Z'))).toBe('2026-03-17');
  });
});
