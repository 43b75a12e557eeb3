/** The Capacity view's and the task form's rules: the week the view starts on, a cell's words, hours typed, an estimate read. */
import { describe, expect, it } from 'vitest';
import type { CapacityWeek } from '../../../../common/contract/capacity.ts';
import { freeMinutesOn, loadPercent, readHours, viewMonday, weekRange, weekSummary } from '../../../../client/src/features/capacity/model.ts';
import { budgetVariant } from '../../../../client/src/features/clients/model.ts';
import { editChanges, readEstimate } from '../../../../client/src/features/tasks/model.ts';

const week = (changes: Partial<CapacityWeek> = {}): CapacityWeek => ({
  week: '2026-W49',
  starts_on: '2026-11-30',
  capacity_minutes: 960,
  planned_minutes: 1200,
  logged_minutes: 90,
  tasks: 3,
  unestimated_tasks: 1,
  leave_days: ['2026-11-30'],
  overbooked: true,
  ...changes,
});

describe('the Capacity view', () => {
  it('starts on the Monday of ?from=, or of this week when it is not a date', () => {
    expect(viewMonday('2026-12-10', '2026-01-01')).toBe('2026-12-07');
    expect(viewMonday('', '2026-12-13')).toBe('2026-12-07');
    expect(viewMonday('2026-02-30', '2026-12-13')).toBe('2026-12-07');
    expect(weekRange('2026-12-07')).toBe('07-Dec-2026 to 11-Dec-2026');
  });

  it('says a week in words, overbooked and unestimated work included', () => {
    expect(weekSummary(week())).toBe('planned 20:00 of 16:00 h capacity, logged 1:30 h, 1 task without an estimate, 1 day of leave, overbooked');
    expect(weekSummary(week({ unestimated_tasks: 0, leave_days: [], overbooked: false, planned_minutes: 0 }))).toBe('planned 0:00 of 16:00 h capacity, logged 1:30 h');
    expect(loadPercent(week())).toBe(125);
    expect(loadPercent(week({ capacity_minutes: 0 }))).toBeNull();
    expect(loadPercent(week({ capacity_minutes: 0, planned_minutes: 0 }))).toBe(0);
  });

  it('offers what is left of the week a task is due in', () => {
    const person = { weeks: [week({ starts_on: '2026-11-30', capacity_minutes: 960, planned_minutes: 300 }), week({ starts_on: '2026-12-07', capacity_minutes: 2400, planned_minutes: 3000 })] };
    expect(freeMinutesOn(person, '2026-12-06')).toBe(660);
    expect(freeMinutesOn(person, '2026-12-07')).toBe(0);
    expect(freeMinutesOn(person, '2026-12-20')).toBeNull();
  });

  it('reads hours as typed into whole minutes, or says why not', () => {
    expect(readHours('24', 6000, 'Weekly capacity')).toEqual({ minutes: 1440 });
    expect(readHours('37:30', 6000, 'Weekly capacity')).toEqual({ minutes: 2250 });
    expect(readHours('37.5', 6000, 'Weekly capacity')).toEqual({ minutes: 2250 });
    expect(readHours('37h 30m', 6000, 'Weekly capacity')).toEqual({ minutes: 2250 });
    expect(readHours('101', 6000, 'Weekly capacity')).toEqual({ error: 'Weekly capacity must be at most 100:00 h.' });
    expect(readHours('forty', 6000, 'Weekly capacity')).toEqual({ error: 'Weekly capacity must be hours, as 40, 37.5 or 37:30.' });
  });
});

describe('a budget and an estimate', () => {
  it('colours a budget amber from 80 % and red from 100 %', () => {
    expect([79, 80, 99, 100, 140].map(budgetVariant)).toEqual(['green', 'amber', 'amber', 'red', 'red']);
  });

  it('reads an estimate (empty is none) and sends it only when it changed', () => {
    expect(readEstimate('')).toEqual({ minutes: null });
    expect(readEstimate('1:30')).toEqual({ minutes: 90 });
    expect(readEstimate('1h 30m')).toEqual({ minutes: 90 });
    // A bare number is refused, as in the Time field: '2' could be hours or minutes.
    expect(readEstimate('2')).toEqual({ error: 'Estimate needs a unit: a bare number could be hours or minutes. Write 1:30 or 1h 30m.' });
    expect(readEstimate('0:00')).toEqual({ error: 'Estimate must be from 0:01 to 1000:00.' });
    expect(readEstimate('abc')).toEqual({ error: 'Estimate must be written h:mm or with units, as 1:30 or 1h 30m.' });
    const task = { title: 'VAT', due_on: '2026-12-10', priority: 'normal' as const, reviewer: null, description: '', checklist: [], estimate_minutes: 90 };
    const form = { title: 'VAT', due_on: '2026-12-10', priority: 'normal' as const, reviewer_id: null, description: '', checklist: [] };
    expect(editChanges(task, { ...form, estimate_minutes: 90 })).toEqual({});
    expect(editChanges(task, { ...form, estimate_minutes: 120 })).toEqual({ estimate_minutes: 120 });
    expect(editChanges(task, { ...form, estimate_minutes: null })).toEqual({ estimate_minutes: null });
  });
});
