/** The Timesheet page's grid: clients by days with day, client and week totals (features/timesheet/model.ts). */
import { describe, expect, it } from 'vitest';
import { daysOfWeek } from '../../../../common/iso-week.ts';
import { elapsedMinutes, weekGrid } from '../../../../client/src/features/timesheet/model.ts';

const days = daysOfWeek('2026-W49');
const gulf = { id: 3, legal_name: 'Gulf Bridge Engineering Consultants' };
const atlas = { id: 24, legal_name: 'Atlas Steel Fabrication LLC' };
const entry = (client: typeof gulf, date: string, minutes: number, billable = true) => ({ client, date, minutes, billable });

describe('the week grid', () => {
  it('sums each client by day, each day, the week and its billable part; clients by name', () => {
    const grid = weekGrid(days, [
      entry(gulf, '2026-11-30', 90),
      entry(gulf, '2026-11-30', 45, false),
      entry(atlas, '2026-12-01', 30),
      entry(gulf, '2026-12-06', 15),
    ]);
    expect(grid.rows.map((row) => row.client.legal_name)).toEqual(['Atlas Steel Fabrication LLC', 'Gulf Bridge Engineering Consultants']);
    expect(grid.rows[1]).toMatchObject({ days: [135, 0, 0, 0, 0, 0, 15], total: 150 });
    expect(grid.rows[0]).toMatchObject({ days: [0, 30, 0, 0, 0, 0, 0], total: 30 });
    expect(grid.dayTotals).toEqual([135, 30, 0, 0, 0, 0, 15]);
    expect(grid.total).toBe(180);
    expect(grid.billable).toBe(135);
  });

  it('leaves out an entry of another week and shows an empty week as zeros', () => {
    const grid = weekGrid(days, [entry(gulf, '2026-12-07', 60)]);
    expect(grid.rows).toEqual([]);
    expect(grid.dayTotals).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(grid.total).toBe(0);
  });
});

describe('the running timer', () => {
  it('counts whole minutes and never below zero', () => {
    const start = '2026-12-07T05:00:00.000Z';
    expect(elapsedMinutes(start, Date.parse('2026-12-07T06:29:59.000Z'))).toBe(89);
    expect(elapsedMinutes(start, Date.parse('2026-12-07T04:59:00.000Z'))).toBe(0);
  });
});
