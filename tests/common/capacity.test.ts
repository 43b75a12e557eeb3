/** The arithmetic of budgets and capacity: whole minutes, UAE holidays and leave off a week, thresholds, h:mm. */
import { describe, expect, it } from 'vitest';
import { budgetPercent, formatMinutes, isOverbooked, isoWeekOf, mondayOf, thresholdsReached, weekCapacityMinutes } from '../../common/capacity.ts';

describe('a week of capacity', () => {
  it('is the weekly capacity spread over Monday to Friday, less the public holidays and the leave days on working days', () => {
    // 30 Nov 2026 is a Monday; 1 December (Commemoration Day) and 2-3 December (National Day) are holidays.
    expect(weekCapacityMinutes(2400, '2026-11-23', new Set())).toBe(2400);
    expect(weekCapacityMinutes(2400, '2026-11-30', new Set())).toBe(960);
    expect(weekCapacityMinutes(2400, '2026-11-30', new Set(['2026-11-30']))).toBe(480);
    // Leave on a holiday or a Saturday takes nothing twice.
    expect(weekCapacityMinutes(2400, '2026-11-30', new Set(['2026-12-01', '2026-12-05']))).toBe(960);
    // A part-timer's 24 h with a day of leave: four fifths of it.
    expect(weekCapacityMinutes(1440, '2026-11-23', new Set(['2026-11-25']))).toBe(1152);
    // Eid al-Fitr 2026 (expected 19-22 March): Thursday and Friday off.
    expect(weekCapacityMinutes(2400, '2026-03-16', new Set())).toBe(1440);
    expect(weekCapacityMinutes(0, '2026-11-23', new Set())).toBe(0);
  });

  it('names ISO weeks and their Mondays across a year end', () => {
    expect(mondayOf('2026-12-07')).toBe('2026-12-07');
    expect(mondayOf('2026-12-13')).toBe('2026-12-07');
    expect(isoWeekOf('2026-12-07')).toBe('2026-W50');
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53');
    expect(isoWeekOf('2025-12-29')).toBe('2026-W01');
    expect(isoWeekOf('2026-01-04')).toBe('2026-W01');
  });

  it('is overbooked only when the planned work is more than the capacity', () => {
    expect(isOverbooked(2400, 2400)).toBe(false);
    expect(isOverbooked(2401, 2400)).toBe(true);
    expect(isOverbooked(30, 0)).toBe(true);
    expect(isOverbooked(0, 0)).toBe(false);
  });
});

describe('a month budget', () => {
  it('counts whole percent rounded down and reaches 80 % and 100 % exactly', () => {
    expect(budgetPercent(599, 600)).toBe(99);
    expect(budgetPercent(900, 600)).toBe(150);
    expect(budgetPercent(10, 0)).toBeNull();
    expect(thresholdsReached(479, 600)).toEqual([]);
    expect(thresholdsReached(480, 600)).toEqual([80]);
    expect(thresholdsReached(599, 600)).toEqual([80]);
    expect(thresholdsReached(600, 600)).toEqual([80, 100]);
    expect(thresholdsReached(5000, 0)).toEqual([]);
  });
});

describe('h:mm', () => {
  it('shows minutes as h:mm', () => {
    expect(formatMinutes(0)).toBe('0:00');
    expect(formatMinutes(95)).toBe('1:35');
    expect(formatMinutes(2400)).toBe('40:00');
  });
});
