/**
 * The date helpers' expectations, run by one test file per machine time zone (process.env.TZ is set at
 * the top of each, before any date is made): the output must not depend on it.
 */
import { describe, expect, it } from 'vitest';
import { formatDubaiDate, formatDubaiDateTime, formatFull, formatRelativeDay, formatTime, startOfWeek } from '../../../client/src/lib/dates.ts';

export function dateCases(expectedOffsetMinutes: number): void {
  describe(`date helpers with TZ=${process.env.TZ}`, () => {
    it('runs in the intended machine time zone', () => {
      expect(new Date('2026-01-15T12:00:00Z').getTimezoneOffset()).toBe(expectedOffsetMinutes);
    });

    it("one date-time format everywhere, the Dubai 'DD-MMM-YYYY h:mm A' (formatFull is the same)", () => {
      expect(formatFull('2026-03-05T22:30:00Z')).toBe('06-Mar-2026 2:30 AM');
      expect(formatFull('2026-03-05T08:07:00.000Z')).toBe('05-Mar-2026 12:07 PM');
      expect(formatFull('2026-03-05T08:07:00.000Z')).toBe(formatDubaiDateTime('2026-03-05T08:07:00.000Z'));
    });

    it("time of day 'h:mm A' in Dubai time", () => {
      expect(formatTime('2026-03-05T22:30:00Z')).toBe('2:30 AM');
      expect(formatTime('2026-03-05T08:07:00.000Z')).toBe('12:07 PM');
      expect(formatTime(null)).toBe('-');
    });

    it("Dubai 'DD-MMM-YYYY h:mm A' and 'DD-MMM-YYYY'", () => {
      expect(formatDubaiDateTime('2026-03-05T10:07:00Z')).toBe('05-Mar-2026 2:07 PM');
      expect(formatDubaiDate('2026-03-05T21:00:00Z')).toBe('06-Mar-2026');
      expect(formatDubaiDate(new Date(Date.UTC(2026, 11, 31, 19, 59)))).toBe('31-Dec-2026');
      expect(formatDubaiDate(new Date(Date.UTC(2026, 11, 31, 20, 0)))).toBe('01-Jan-2027');
    });

    it("one date format for calendar dates too (a due date is a day, never moved by a zone)", () => {
      expect(formatDubaiDate('2026-11-28')).toBe('28-Nov-2026');
      expect(formatDubaiDate('2027-01-01')).toBe('01-Jan-2027');
      expect(formatDubaiDate('2026-02-30')).toBe('-');
    });

    it('relative day: Today, Yesterday, else the date, by the Dubai calendar', () => {
      const now = '2026-03-06T10:00:00Z';
      expect(formatRelativeDay('2026-03-05T20:30:00Z', now)).toBe('Today');
      expect(formatRelativeDay('2026-03-05T19:59:00Z', now)).toBe('Yesterday');
      expect(formatRelativeDay('2026-03-04T19:59:00Z', now)).toBe('04-Mar-2026');
      expect(formatRelativeDay('2026-03-03T20:00:00Z', now)).toBe('04-Mar-2026');
    });

    it('weeks start on Monday 00:00 Dubai time', () => {
      // Sunday 23:00 in Dubai belongs to the week that began the Monday before.
      expect(startOfWeek('2026-03-08T19:00:00Z')?.toISOString()).toBe('2026-03-01T20:00:00.000Z');
      // Monday 01:00 in Dubai starts a new week.
      expect(startOfWeek('2026-03-08T21:00:00Z')?.toISOString()).toBe('2026-03-08T20:00:00.000Z');
    });

    it('shows a dash for empty or invalid dates', () => {
      expect(formatFull('')).toBe('-');
      expect(formatFull(null)).toBe('-');
      expect(formatDubaiDate('not a date')).toBe('-');
      expect(formatRelativeDay(undefined)).toBe('-');
    });
  });
}
