/** ISO weeks and h:mm: the timesheet's one arithmetic (common/iso-week.ts). */
import { describe, expect, it } from 'vitest';
import { addWeeks, daysOfWeek, formatMinutes, isIsoWeek, isoWeekOf, mondayOfWeek } from '../../common/iso-week.ts';

describe('ISO weeks', () => {
  it('numbers weeks from the one holding the first Thursday, Monday to Sunday', () => {
    expect(isoWeekOf('2026-12-07')).toBe('2026-W50');
    expect(isoWeekOf('2026-12-06')).toBe('2026-W49');
    expect(isoWeekOf('2026-01-01')).toBe('2026-W01');
    // 1 January 2027 is a Friday: it belongs to 2026's 53rd week.
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53');
    expect(isoWeekOf('2025-12-29')).toBe('2026-W01');
  });

  it('gives a week its seven days and its neighbours across a year end', () => {
    expect(mondayOfWeek('2026-W49')).toBe('2026-11-30');
    expect(daysOfWeek('2026-W49')).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    expect(addWeeks('2026-W53', 1)).toBe('2027-W01');
    expect(addWeeks('2027-W01', -1)).toBe('2026-W53');
  });

  it('knows which weeks exist', () => {
    expect(isIsoWeek('2026-W53')).toBe(true);
    expect(isIsoWeek('2027-W53')).toBe(false);
    expect(isIsoWeek('2026-W00')).toBe(false);
    expect(isIsoWeek('2026-49')).toBe(false);
  });
});

describe('h:mm', () => {
  it('shows minutes as hours and minutes', () => {
    expect(formatMinutes(0)).toBe('0:00');
    expect(formatMinutes(5)).toBe('0:05');
    expect(formatMinutes(90)).toBe('1:30');
    expect(formatMinutes(600)).toBe('10:00');
    expect(formatMinutes(1440)).toBe('24:00');
    expect(formatMinutes(2_925)).toBe('48:45');
  });
});
