/** The one reading of a typed duration (common/duration.ts): the Time field and the Estimate field alike. */
import { describe, expect, it } from 'vitest';
import { parseDuration, readDuration } from '../../common/duration.ts';

describe('a typed duration', () => {
  it('reads h:mm, as the console shows time', () => {
    expect(parseDuration('1:30')).toEqual({ minutes: 90 });
    expect(parseDuration(' 0:05 ')).toEqual({ minutes: 5 });
    expect(parseDuration('37:30')).toEqual({ minutes: 2250 });
    expect(parseDuration('1:5')).toEqual({ refused: 'format' });
    expect(parseDuration('1:60')).toEqual({ refused: 'format' });
  });

  it('reads hours and minutes with their units, decimals of an hour only to the whole minute', () => {
    expect(parseDuration('1h 30m')).toEqual({ minutes: 90 });
    expect(parseDuration('1h30m')).toEqual({ minutes: 90 });
    expect(parseDuration('2h')).toEqual({ minutes: 120 });
    expect(parseDuration('45m')).toEqual({ minutes: 45 });
    expect(parseDuration('90 m')).toEqual({ minutes: 90 });
    expect(parseDuration('1.5H')).toEqual({ minutes: 90 });
    expect(parseDuration('0.25h')).toEqual({ minutes: 15 });
    expect(parseDuration('0.33h')).toEqual({ refused: 'format' });
    expect(parseDuration('1h 75m')).toEqual({ refused: 'format' });
    expect(parseDuration('1.5h 10m')).toEqual({ refused: 'format' });
    expect(parseDuration('h')).toEqual({ refused: 'format' });
    expect(parseDuration('soon')).toEqual({ refused: 'format' });
    expect(parseDuration('')).toEqual({ refused: 'format' });
  });

  it('refuses a bare number, which could be hours or minutes, unless the field is labelled in hours', () => {
    expect(parseDuration('45')).toEqual({ refused: 'bare' });
    expect(parseDuration('2')).toEqual({ refused: 'bare' });
    expect(parseDuration('1.5')).toEqual({ refused: 'bare' });
    expect(parseDuration('40', 'hours')).toEqual({ minutes: 2400 });
    expect(parseDuration('37.5', 'hours')).toEqual({ minutes: 2250 });
    expect(parseDuration('0.33', 'hours')).toEqual({ refused: 'format' });
  });

  it('says why a field is refused, naming it by its label, and keeps to its bounds', () => {
    expect(readDuration('45', { label: 'Time', max: 1440 })).toEqual({ error: 'Time needs a unit: a bare number could be hours or minutes. Write 1:30 or 1h 30m.' });
    expect(readDuration('an hour', { label: 'Time', max: 1440 })).toEqual({ error: 'Time must be written h:mm or with units, as 1:30 or 1h 30m.' });
    expect(readDuration('24:01', { label: 'Time', max: 1440 })).toEqual({ error: 'Time must be from 0:01 to 24:00.' });
    expect(readDuration('0m', { label: 'Time', max: 1440 })).toEqual({ error: 'Time must be from 0:01 to 24:00.' });
    expect(readDuration('45m', { label: 'Time', max: 1440 })).toEqual({ minutes: 45 });
    expect(readDuration('2h', { label: 'Estimate', max: 60_000 })).toEqual({ minutes: 120 });
  });
});
