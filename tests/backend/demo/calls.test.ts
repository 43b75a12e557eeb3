/**
 * The demo's onboarding calls are ones a booking would accept: Monday to Friday, within office
 * hours, Dubai time, whatever day the demo starts on, the Saturday it was seen on included.
 */
import { describe, expect, it } from 'vitest';
import { dubaiClock, dubaiInstant } from '../../../common/dubai-time.ts';
import { MEETING_HOURS } from '../../../common/pipeline.ts';
import { CallPlanner, bookableAtOrBefore, type Call } from '../../../backend/src/modules/registrations/seed-pipeline.ts';

const STAFF = { admin: 1, exec: 2, manager: 3 };

/** Why a booking would refuse the call, or null. */
function refused(start: Date, minutes: number): string | null {
  const from = dubaiClock(start);
  const to = dubaiClock(start.getTime() + minutes * 60_000);
  if (from.weekday > 5) return `${start.toISOString()} is on a weekend`;
  if (from.minutes < MEETING_HOURS.from || to.date !== from.date || to.minutes > MEETING_HOURS.to) return `${start.toISOString()} is outside office hours`;
  return null;
}

// 2026-11-28 is a Saturday; the week around it, at 10:00 Dubai time.
const DAYS = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];

describe('the demo calls', () => {
  it.each(DAYS)('are all on working days within office hours when the demo starts on %s', (day) => {
    const planner = new CallPlanner(dubaiInstant(day, 10 * 60), STAFF);
    const calls: Call[] = [];
    for (let index = 0; index < 20; index += 1) calls.push(planner.next({ status: 'active' }));
    calls.push(new CallPlanner(dubaiInstant(day, 10 * 60), STAFF).next({ status: 'inactive' }));
    expect(calls.map((call) => refused(call.start, call.minutes)).filter(Boolean)).toEqual([]);
  });

  it('moves a past held call off weekends and out-of-hours times, never later', () => {
    for (let hour = 0; hour < 24 * 7; hour += 1) {
      const at = new Date(dubaiInstant('2026-11-23', 0).getTime() + hour * 3_600_000 + 7 * 60_000);
      const moved = bookableAtOrBefore(at, 30);
      expect(refused(moved, 30)).toBeNull();
      expect(moved.getTime()).toBeLessThanOrEqual(at.getTime());
    }
    // A time a booking accepts stays (to its quarter hour).
    expect(bookableAtOrBefore(dubaiInstant('2026-11-25', 11 * 60 + 30), 30)).toEqual(dubaiInstant('2026-11-25', 11 * 60 + 30));
  });
});
