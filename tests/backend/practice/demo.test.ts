/**
 * The demo's promise for the firm's own numbers, on the seeded database: over the months the demo logs time
 * (June to this month), clients losing money are there to find, the two heavy clients first, and clients run
 * over their plan's monthly hours.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addMonthsToMonth, dubaiDate, monthOfDate } from '../../../common/calendar.ts';
import { clientBudget } from '../../../backend/src/modules/capacity/store.ts';
import { profitability } from '../../../backend/src/modules/practice/profitability-store.ts';
import { HEAVY_CLIENTS } from '../../../backend/src/modules/time/seed.ts';
import { startBackend } from '../support.ts';

let app: FastifyInstance;
let thisMonth: string;

beforeAll(async () => {
  app = await startBackend(inject('authEmulatorHost'));
  // The seed's today (Dubai): its newest time entry, so a run across midnight reads the months the seed wrote.
  const [newest] = await app.db.query<{ day: string }>("SELECT to_char(max(work_date), 'YYYY-MM-DD') AS day FROM time_entries");
  thisMonth = monthOfDate(newest?.day ?? dubaiDate());
});
afterAll(() => app?.close());

describe('the demo profitability', () => {
  it('has at least two clients losing money over the demo months, the two heavy clients losing the most', async () => {
    const report = await profitability(app.db, { from: '2026-06', to: thisMonth, group: 'client', sort: 'margin' });
    const losing = report.results.filter((row) => row.margin_fils < 0);
    expect(losing.length).toBeGreaterThanOrEqual(2);
    const worst = [...report.results].sort((a, b) => a.margin_fils - b.margin_fils).slice(0, 2);
    expect(worst.map((row) => row.name).sort()).toEqual([...HEAVY_CLIENTS].sort());
  });

  it('has clients over their monthly budget last month, the heavy clients among them', async () => {
    const month = addMonthsToMonth(thisMonth, -1);
    const clients = await app.db.query<{ id: number; legal_name: string }>("SELECT id, legal_name FROM clients WHERE status <> 'cancelled' ORDER BY id");
    const over: string[] = [];
    for (const client of clients) {
      const budget = await clientBudget(app.db, client.id, month);
      if (budget.included_minutes > 0 && budget.logged_minutes > budget.included_minutes) over.push(client.legal_name);
    }
    expect(over.length).toBeGreaterThanOrEqual(1);
    expect(over).toEqual(expect.arrayContaining([...HEAVY_CLIENTS]));
  });
});
