/**
 * How staff type a duration, in every form that asks for one (time logged, a task's estimate, a person's weekly
 * capacity, a plan's hours a month): one reading, so '2' never means 2 minutes in one form and 2 hours in the next.
 *
 * - h:mm, as the console shows time everywhere: '1:30', '0:05', '37:30' (minutes take two digits, below 60).
 * - With units: '1h 30m', '1h30m', '2h', '45m', '1.5h'; decimals of an hour only where they make whole minutes
 *   ('0.25h' is 15 minutes, '0.33h' is refused, never rounded).
 * - A bare number ('45', '2', '1.5') is refused where the field is a duration (Time, Estimate): staff write
 *   '45' meaning minutes and '2' meaning hours alike, so the form asks for the unit rather than guess, and
 *   nothing is saved as 45 hours that was meant as 45 minutes. A field whose label names its unit (Weekly
 *   capacity and Hours a month, both in hours) reads a bare number as hours, as its label says.
 */
import { formatMinutes } from './iso-week.ts';

/** The hint beside a duration field. */
export const DURATION_HINT = 'h:mm or with units, as 1:30 or 1h 30m';

/** What a bare number means: nothing (refused) or, in a field labelled in hours, hours. */
export type BareNumber = 'refused' | 'hours';

export type DurationReading = { minutes: number } | { refused: 'bare' | 'format' };

const HM = /^(\d{1,4}):([0-5]\d)$/;
const UNITS = /^(?:(\d{1,4})(?:\.(\d{1,2}))?\s*h)?\s*(?:(\d{1,6})\s*m)?$/i;
const BARE = /^(\d{1,4})(?:\.(\d{1,2}))?$/;

/** Hours and hundredths of an hour in whole minutes, or undefined when the fraction is not a whole minute. */
function hoursToMinutes(hours: string, fraction = ''): number | undefined {
  const hundredths = Number(fraction.padEnd(2, '0'));
  if ((hundredths * 60) % 100 !== 0) return undefined;
  return Number(hours) * 60 + (hundredths * 60) / 100;
}

/** Reads a duration as typed into minutes, or says why it cannot: a bare number ('bare') or anything else ('format'). */
export function parseDuration(text: string, bare: BareNumber = 'refused'): DurationReading {
  const value = text.trim();
  const hm = HM.exec(value);
  if (hm) return { minutes: Number(hm[1]) * 60 + Number(hm[2]) };
  const number = BARE.exec(value);
  if (number) {
    if (bare === 'refused') return { refused: 'bare' };
    const minutes = hoursToMinutes(number[1]!, number[2]);
    return minutes === undefined ? { refused: 'format' } : { minutes };
  }
  const units = value === '' ? null : UNITS.exec(value);
  if (!units || (units[1] === undefined && units[3] === undefined)) return { refused: 'format' };
  // '1.5h 10m' and '1h 75m' are refused: minutes beside hours are the minutes of the hour.
  if (units[1] !== undefined && units[3] !== undefined && (units[2] !== undefined || Number(units[3]) > 59)) return { refused: 'format' };
  const hours = units[1] === undefined ? 0 : hoursToMinutes(units[1], units[2]);
  if (hours === undefined) return { refused: 'format' };
  return { minutes: hours + Number(units[3] ?? 0) };
}

/**
 * A duration field read for its form: minutes within [min, max], or the sentence the field shows, naming it by
 * its label ('Time', 'Estimate').
 */
export function readDuration(text: string, field: { label: string; min?: number; max: number; bare?: BareNumber }): { minutes: number } | { error: string } {
  const reading = parseDuration(text, field.bare);
  const min = field.min ?? 1;
  if ('refused' in reading) {
    return {
      error:
        reading.refused === 'bare'
          ? `${field.label} needs a unit: a bare number could be hours or minutes. Write 1:30 or 1h 30m.`
          : `${field.label} must be written h:mm or with units, as 1:30 or 1h 30m.`,
    };
  }
  if (reading.minutes < min || reading.minutes > field.max) return { error: `${field.label} must be from ${formatMinutes(min)} to ${formatMinutes(field.max)}.` };
  return { minutes: reading.minutes };
}
