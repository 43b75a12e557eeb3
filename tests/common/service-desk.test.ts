/** The service desk's shared rules: the SLA clock in Dubai working time (weekends, holidays, pauses), due marks, reminder presets. */
import { describe, expect, it } from 'vitest';
import { dubaiMidnight } from '../../common/calendar.ts';
import { addWorkingMs, dueMark, formatSlaLeft, reminderPreset, slaClock, workingMsBetween } from '../../common/service-desk.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (date: string, hour = 0) => new Date(dubaiMidnight(date).getTime() + hour * HOUR);

describe('working time', () => {
  it('counts Monday to Friday in Dubai, not weekends or UAE public holidays', () => {
    // Friday 9 January 2026 18:00 to Monday 12 January 10:00 Dubai: 6 h of Friday and 10 h of Monday.
    expect(workingMsBetween(at('2026-01-09', 18), at('2026-01-12', 10))).toBe(16 * HOUR);
    // National Day (2 and 3 December 2025) does not count: Monday 1 Dec is Commemoration Day too.
    expect(workingMsBetween(at('2025-12-01'), at('2025-12-05'))).toBe(DAY);
    expect(addWorkingMs(at('2026-01-09', 18), 16 * HOUR).toISOString()).toBe(at('2026-01-12', 10).toISOString());
  });
});

describe('the SLA clock', () => {
  it('runs across a weekend only on working days', () => {
    // A 2-working-day letter asked on Friday 09:00: Saturday and Sunday do not count, due Tuesday 09:00.
    const created = at('2026-01-09', 9);
    const clock = slaClock({ created_at: created, target_working_days: 2, paused_ms: 0, paused_since: null, closed_at: null }, at('2026-01-12', 9));
    expect(clock).toMatchObject({ used_ms: 24 * HOUR, left_ms: 24 * HOUR, breached: false, paused: false });
    expect(clock.due_at).toBe(at('2026-01-13', 9).toISOString());
    const late = slaClock({ created_at: created, target_working_days: 2, paused_ms: 0, paused_since: null, closed_at: null }, at('2026-01-13', 12));
    expect(late).toMatchObject({ breached: true, left_ms: -3 * HOUR });
  });

  it('stands still while waiting on the client and counts the paused time out after', () => {
    const created = at('2026-01-12', 9);
    // Paused Monday 12:00 (3 h used), still paused on Wednesday: 3 h used, no due time.
    const paused = slaClock({ created_at: created, target_working_days: 2, paused_ms: 0, paused_since: at('2026-01-12', 12), closed_at: null }, at('2026-01-14', 9));
    expect(paused).toMatchObject({ used_ms: 3 * HOUR, paused: true, due_at: null, breached: false });
    // Resumed Wednesday 09:00 after 45 working hours paused: at Wednesday 12:00, 6 h used.
    const resumed = slaClock({ created_at: created, target_working_days: 2, paused_ms: 45 * HOUR, paused_since: null, closed_at: null }, at('2026-01-14', 12));
    expect(resumed).toMatchObject({ used_ms: 6 * HOUR, left_ms: 42 * HOUR, paused: false });
  });

  it('formats what is left or over', () => {
    expect(formatSlaLeft(26 * HOUR + 5 * 60_000)).toBe('1 d 2 h left');
    expect(formatSlaLeft(-(3 * HOUR + 10 * 60_000))).toBe('3 h 10 min over');
  });
});

describe('due marks and reminder presets', () => {
  it('marks overdue and due today until done', () => {
    expect(dueMark('2026-01-11', '2026-01-12', false)).toBe('overdue');
    expect(dueMark('2026-01-12', '2026-01-12', false)).toBe('today');
    expect(dueMark('2026-01-12', '2026-01-12', true)).toBeNull();
    expect(dueMark('2026-01-13', '2026-01-12', false)).toBeNull();
  });

  it("sets 'tomorrow 9:00' in Dubai, whatever the hour now", () => {
    expect(reminderPreset('tomorrow_9', at('2026-01-12', 23.5)).toISOString()).toBe(at('2026-01-13', 9).toISOString());
    expect(reminderPreset('in_1_hour', at('2026-01-12', 10)).toISOString()).toBe(at('2026-01-12', 11).toISOString());
  });
});
