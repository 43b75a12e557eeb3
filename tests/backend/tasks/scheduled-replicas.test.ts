/**
 * Two back ends on one database whose timers create a due recurring task and fire a due chat reminder exactly
 * once between them, and again after a restart nothing repeats.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildBackend } from '../../../backend/src/app.ts';
import { loadConfig } from '../../../backend/src/config.ts';
import type { Database } from '../../../backend/src/db/database.ts';
import { TEST_PROJECT_ID } from '../../support/constants.ts';
import { openReplicaDatabases } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');

describe('two back ends on one database', () => {
  let databases: Awaited<ReturnType<typeof openReplicaDatabases>> | undefined;
  const apps: FastifyInstance[] = [];

  afterAll(async () => {
    for (const replica of apps) await replica.close();
    await databases?.close();
  });

  it('create a due recurring task and fire a due reminder exactly once between their timers, and again after a restart nothing repeats', { timeout: 240_000 }, async () => {
    databases = await openReplicaDatabases();
    const { first: database, second } = databases;
    const build = (db: Database) =>
      buildBackend(
        loadConfig({
          DATA_DIR: 'memory://',
          FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
          FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
          SEED_DEMO_DATA: 'true',
          LOG_LEVEL: 'silent',
          AUTH_TIMEOUT_MS: '20000',
          SERVICE_DESK_JOBS_INTERVAL_MS: '100',
          CLIENT_JOBS_INTERVAL_MS: '0',
        }),
        { database: db },
      );
    apps.push(await build(database));
    await apps[0]!.ready();
    // The demo seed ran on the first; insert what is due now, then start the second and let both timers run.
    const [bookkeeper] = await database.query<{ id: number }>("SELECT id FROM users WHERE email = 'bookkeeper@example.com'");
    const [conversation] = await database.query<{ id: number }>('SELECT id FROM conversations ORDER BY id LIMIT 1');
    const [clientRow] = await database.query<{ id: number }>('SELECT client_id AS id FROM conversations WHERE id = $1', [conversation!.id]);
    const [template] = await database.query<{ id: number }>(
      "INSERT INTO task_templates (client_id, title, assignee_id, frequency, day_of_month, lead_days, next_occurrence_on) VALUES ($1, 'Replica close', $2, 'monthly', 28, 60, date_trunc('month', CURRENT_DATE)::date) RETURNING id",
      [clientRow!.id, bookkeeper!.id],
    );
    const [reminder] = await database.query<{ id: number }>("INSERT INTO chat_reminders (conversation_id, kind, user_id, due_at) VALUES ($1, 'me', $2, now()) RETURNING id", [conversation!.id, bookkeeper!.id]);
    apps.push(await build(second));
    await apps[1]!.ready();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const tasks = await database.query<{ count: number }>('SELECT count(*)::int AS count FROM tasks WHERE template_id = $1', [template!.id]);
    expect(tasks[0]!.count).toBeGreaterThanOrEqual(1);
    const [occurrences] = await database.query<{ count: number; distinct: number }>('SELECT count(*)::int AS count, count(DISTINCT occurrence_on)::int AS distinct FROM tasks WHERE template_id = $1', [template!.id]);
    expect(occurrences!.count).toBe(occurrences!.distinct);
    const [fired] = await database.query<{ status: string }>('SELECT status FROM chat_reminders WHERE id = $1', [reminder!.id]);
    expect(fired!.status).toBe('fired');
    const notices = await database.query<{ count: number }>("SELECT count(*)::int AS count FROM notifications WHERE kind = 'chat_reminder' AND user_id = $1 AND created_at > now() - interval '1 minute'", [bookkeeper!.id]);
    expect(notices[0]!.count).toBe(1);
    // A restart of one replica runs the jobs again at once: nothing is made twice.
    const before = tasks[0]!.count;
    await apps[1]!.close();
    apps.pop();
    apps.push(await build(second));
    await apps[1]!.ready();
    const [after] = await database.query<{ count: number }>('SELECT count(*)::int AS count FROM tasks WHERE template_id = $1', [template!.id]);
    expect(after!.count).toBe(before);
  });
});
