/**
 * Search everywhere's providers after their rewrite for speed (the p95 target): the answers are the ones
 * the plain queries give. The task provider now cuts each index path (title; a client's name, then that
 * client's tasks) to its own best rows before merging; here it is compared with the plain query over every
 * match (the provider's previous SQL) for each role and client ownership, on tasks that tie on due date and mix
 * open and done, title and client-name matches. A misspelt client name is ranked among every client alike (the
 * typo branch's candidates are now the most alike, not the first 50 read). And the planner cost the search
 * transaction sets (so trigram tests go through their indexes) stays inside it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../backend/src/db/database.ts';
import { containsPattern } from '../../../backend/src/lib/pagination.ts';
import { SqlFilter } from '../../../backend/src/lib/sql-filter.ts';
import type { Caller } from '../../../backend/src/lib/work-registry.ts';
import { addClientVisibility } from '../../../backend/src/modules/clients/index.ts';
import { MODULES } from '../../../backend/src/modules/index.ts';
import { searchEverywhere, searchProviders } from '../../../backend/src/modules/search/store.ts';
import { taskSearch } from '../../../backend/src/modules/tasks/work.ts';
import { openTestDatabase } from '../support.ts';

let db: Database;
const callers: Caller[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  const [one, two] = await db.query<{ id: number }>(
    "INSERT INTO users (email, display_name, role) VALUES ('plans-bk1@example.com', 'Plans One', 'BOOKKEEPER'), ('plans-bk2@example.com', 'Plans Two', 'BOOKKEEPER') RETURNING id",
  );
  callers.push({ id: 1, role: 'ADMIN' }, { id: 1, role: 'REVIEWER' }, { id: one!.id, role: 'BOOKKEEPER' }, { id: two!.id, role: 'BOOKKEEPER' });
  const names = ['Falcon Ridge Trading LLC', 'Falcon Ridge Marine FZE', 'Palm Crest Falcon Events LLC', 'Creek Side Audit Partners', 'Hatta Ridge Falconry FZE'];
  const clients = await db.query<{ id: number }>(
    `INSERT INTO clients (legal_name, trade_licence_number, licensing_authority, legal_form, licence_expires_on, vat_registered, financial_year_end_month, email, phone, address, bookkeeper_id)
     SELECT name, 'CN-PLANS-' || n, 'Mainland (DET)', 'LLC', CURRENT_DATE + 300, false, 12, 'plans' || n || '@example.com', '+971 4 000 0000', 'Dubai', CASE WHEN n % 2 = 0 THEN $2::integer ELSE $3::integer END
     FROM unnest($1::text[]) WITH ORDINALITY AS x(name, n) RETURNING id`,
    [names, one!.id, two!.id],
  );
  const titles = ['Falcon audit pack', 'VAT return', 'Bank reconciliation', 'Ridge payroll run', 'Month-end close', 'Audit support'];
  // Twelve tasks a client: due dates that repeat (ties broken by id), a third of them done.
  await db.query(
    `INSERT INTO tasks (client_id, title, due_on, priority, status)
     SELECT c, ($2::text[])[1 + (i * 7 + c) % 6] || ' ' || i, CURRENT_DATE + (i % 4) - 2, 'normal', CASE WHEN (i * 2 + c) % 3 = 0 THEN 'done' ELSE 'to_do' END
     FROM unnest($1::integer[]) AS c, generate_series(1, 12) AS i`,
    [clients.map((client) => client.id), titles],
  );
});
afterAll(() => db?.close());

/** The provider's previous query: every match by title or by client name, under the caller's rule, in the answer's order. */
async function reference(caller: Caller, q: string, limit: number): Promise<number[]> {
  const filter = new SqlFilter();
  addClientVisibility(filter, caller, 'c');
  const pattern = filter.bind(containsPattern(q));
  const rows = await db.query<{ id: number }>(
    `WITH found AS (
       SELECT id FROM tasks WHERE lower(title) LIKE ${pattern} ESCAPE '\\'
       UNION SELECT t.id FROM clients m JOIN tasks t ON t.client_id = m.id WHERE lower(m.legal_name) LIKE ${pattern} ESCAPE '\\'
     )
     SELECT t.id FROM found JOIN tasks t ON t.id = found.id JOIN clients c ON c.id = t.client_id ${filter.where}
     ORDER BY (t.status = 'done'), (lower(t.title) LIKE ${pattern} ESCAPE '\\') DESC, t.due_on, t.id LIMIT ${limit}`,
    filter.params,
  );
  return rows.map((row) => row.id);
}

describe('the task search provider', () => {
  const queries = ['falcon', 'falcon ridge', 'ridge', 'audit', 'vat return 1', 'creek side', 'no such words'];

  it('answers what the plain query over every match answers, for each role and client ownership', async () => {
    let compared = 0;
    for (const caller of callers) {
      for (const q of queries) {
        for (const limit of [3, 5]) {
          const hits = await taskSearch.search(db, caller, q, limit);
          expect(hits.map((hit) => hit.id), `${caller.role} #${caller.id} '${q}' limit ${limit}`).toEqual(await reference(caller, q, limit));
          if (hits.length > 0) compared += 1;
        }
      }
    }
    // Most cases find something, so the comparison is not over empty answers.
    expect(compared).toBeGreaterThan(30);
  });

  it('puts open tasks first, then title matches before client-name matches, then by due date and id', async () => {
    const hits = await taskSearch.search(db, { id: 1, role: 'ADMIN' }, 'falcon', 40);
    const rows = await db.query<{ id: number; done: boolean; by_title: boolean; due_on: string }>(
      "SELECT id, status = 'done' AS done, lower(title) LIKE '%falcon%' AS by_title, to_char(due_on, 'YYYY-MM-DD') AS due_on FROM tasks WHERE id = ANY($1::integer[])",
      [hits.map((hit) => hit.id)],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const keys = hits.map((hit) => byId.get(hit.id)!).map((row) => [row.done ? 1 : 0, row.by_title ? 0 : 1, row.due_on, row.id] as const);
    expect(keys.length).toBe(40);
    // Open and done are both there, and among the open ones title matches and client-name matches.
    expect(new Set(keys.map((key) => key[0])).size).toBe(2);
    expect(new Set(keys.filter((key) => key[0] === 0).map((key) => key[1])).size).toBe(2);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2].localeCompare(b[2]) || a[3] - b[3]);
    expect(keys).toEqual(sorted);
  });
});

describe('searchEverywhere', () => {
  it('prices operators for the trigram indexes inside its own transaction only, and still finds a misspelt name', async () => {
    const [before] = await db.query<{ cost: string }>("SELECT current_setting('cpu_operator_cost') AS cost");
    const result = await searchEverywhere(db, searchProviders(MODULES), { id: 1, role: 'ADMIN' }, 'Falcn Rdge Marine');
    expect(result.groups.find((group) => group.kind === 'client')?.hits.map((hit) => hit.title)).toContain('Falcon Ridge Marine FZE');
    const [after] = await db.query<{ cost: string }>("SELECT current_setting('cpu_operator_cost') AS cost");
    expect(after!.cost).toBe(before!.cost);
  });

  it('ranks a misspelt client name among every client alike, not among the first 50 found', async () => {
    // Sixty weaker matches stored first (lower ids, earlier pages), then the one the misspelling means.
    await db.query(
      `INSERT INTO clients (legal_name, trade_licence_number, licensing_authority, legal_form, licence_expires_on, vat_registered, financial_year_end_month, email, phone, address)
       SELECT 'Ridge Marine Supplies ' || n || ' LLC', 'CN-RIDGE-' || n, 'Mainland (DET)', 'LLC', CURRENT_DATE + 300, false, 12, 'ridge' || n || '@example.com', '+971 4 000 0000', 'Dubai'
       FROM generate_series(1, 60) AS n`,
    );
    const [best] = await db.query<{ id: number }>(
      `INSERT INTO clients (legal_name, trade_licence_number, licensing_authority, legal_form, licence_expires_on, vat_registered, financial_year_end_month, email, phone, address)
       VALUES ('Qurtuba Ridge Marine LLC', 'CN-QURTUBA', 'Mainland (DET)', 'LLC', CURRENT_DATE + 300, false, 12, 'qurtuba@example.com', '+971 4 000 0000', 'Dubai') RETURNING id`,
    );
    const result = await searchEverywhere(db, searchProviders(MODULES), { id: 1, role: 'ADMIN' }, 'Qurtba Rdge Marine');
    expect(result.groups.find((group) => group.kind === 'client')?.hits[0]?.id).toBe(best!.id);
  });
});
