/** What both backup round trips share (backup.test.ts for PGlite, backup-postgres.test.ts for Postgres). */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Page } from '../../common/contract/shared.ts';
import type { Database } from '../../backend/src/db/database.ts';
import { writeAudit } from '../../backend/src/lib/audit.ts';
import { auth, createUsers } from '../backend/support.ts';

/**
 * A back end started on the restored database signs a new ADMIN in and lists clients: some, and no more than
 * the backup's manifest counted. The back end is closed afterwards, whatever the outcome.
 */
export async function expectRestoredConsoleLists(start: () => Promise<FastifyInstance>, emulatorHost: string, label: string, backedUpClients: number): Promise<void> {
  const app = await start();
  try {
    const admin = (await createUsers(app, emulatorHost, ['ADMIN'], label)).get('ADMIN')!;
    const response = await app.inject({ method: 'GET', url: '/api/clients/', headers: auth(admin.token) });
    expect(response.statusCode).toBe(200);
    const page = response.json() as Page<unknown>;
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.count).toBeLessThanOrEqual(backedUpClients);
  } finally {
    await app.close();
  }
}

/** The writes going on while a backup is taken: audit events numbered 1, 2, 3 ... in `data.backup_test_n`, one at a time. */
export interface NumberedWrites {
  /** How many have committed so far. */
  written(): number;
  /** Stops after the write in flight and answers how many committed. */
  stop(): Promise<number>;
}

export function startNumberedWrites(db: Database): NumberedWrites {
  let written = 0;
  let writing = true;
  const writer = (async () => {
    while (writing) {
      const n = written + 1;
      await db.transaction((tx) => writeAudit(tx, { entity: 'faq', entityId: n, kind: 'faq_created', actorId: null, data: { backup_test_n: n }, idempotencyKey: null }));
      written = n;
      // PGlite answers within microtasks: without a turn of the event loop, no timer or signal would ever run.
      await new Promise((done) => setImmediate(done));
    }
  })();
  return {
    written: () => written,
    stop: async () => {
      writing = false;
      await writer;
      return written;
    },
  };
}
