/**
 * The client reminder ladder keeps to the deadlines' calendar (common/uae-holidays.ts): a ladder set on
 * Saturday 28 Nov 2026 used to nudge on Sunday 29 Nov and on Wednesday 2 Dec (National Day); each step now
 * moves to the next Dubai working day, at the same time of day.
 */
import { describe, expect, it } from 'vitest';
import { dubaiDate } from '../../../common/calendar.ts';
import { clientNudgeTimes } from '../../../common/service-desk.ts';
import { isWorkingDay } from '../../../common/uae-holidays.ts';

const dubai = (local: string) => new Date(`${local}+04:00`);

describe('the client nudge ladder', () => {
  it('skips the weekend and the UAE holidays (Commemoration Day, National Day)', () => {
    expect(clientNudgeTimes(dubai('2026-11-28T10:00:00')).map((at) => at.toISOString())).toEqual([dubai('2026-11-30T10:00:00').toISOString(), dubai('2026-12-04T10:00:00').toISOString()]);
  });

  it('keeps 24 h and 3 days when they fall on working days', () => {
    expect(clientNudgeTimes(dubai('2026-03-09T15:30:00')).map((at) => at.toISOString())).toEqual([dubai('2026-03-10T15:30:00').toISOString(), dubai('2026-03-13T15:30:00').toISOString()]);
  });

  it('never lands on a day off, whenever it is set in a year', () => {
    for (let at = dubai('2026-01-01T09:00:00').getTime(); at < dubai('2027-01-01T09:00:00').getTime(); at += 86_400_000 + 3_600_000) {
      for (const step of clientNudgeTimes(at)) expect(isWorkingDay(dubaiDate(step)), new Date(at).toISOString()).toBe(true);
    }
  });
});
