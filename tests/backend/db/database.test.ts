import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../backend/src/db/database.ts';
import { findByIdempotencyKey, writeAudit } from '../../../backend/src/lib/audit.ts';
import { startNotificationHub, type StreamEvent } from '../../../backend/src/modules/notifications/hub.ts';
import { onPostgres, openTestDatabase } from '../support.ts';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});

describe('audit events', () => {
  it('is written in the caller’s transaction and rolls back with it', async () => {
    await expect(
      db.transaction(async (tx) => {
        await writeAudit(tx, { entity: 'user', entityId: 7, kind: 'role_changed', actorId: null, before: { role: 'REVIEWER' }, after: { role: 'ADMIN' } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db.query('SELECT * FROM audit_events WHERE entity_id = 7')).toEqual([]);
  });

  it('keeps before, after and data as JSON and finds an event by its idempotency key', async () => {
    const id = await db.transaction((tx) =>
      writeAudit(tx, { entity: 'registration', entityId: 3, kind: 'returned', actorId: null, data: { reason: 'name mismatch' }, before: { v: 1 }, after: { v: 2 }, idempotencyKey: 'k-1' }),
    );
    const [row] = await db.query<{ data: unknown; before: unknown; after: unknown }>('SELECT data, before, after FROM audit_events WHERE id = $1', [id]);
    expect(row).toEqual({ data: { reason: 'name mismatch' }, before: { v: 1 }, after: { v: 2 } });
    await expect(findByIdempotencyKey(db, 'registration', 3, 'k-1')).resolves.toEqual({ id, kind: 'returned' });
    await expect(findByIdempotencyKey(db, 'registration', 4, 'k-1')).resolves.toBeUndefined();
    await expect(
      db.transaction((tx) => writeAudit(tx, { entity: 'registration', entityId: 3, kind: 'approved', actorId: null, idempotencyKey: 'k-1' })),
    ).rejects.toThrow();
  });
  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE of an event', async () => {
    const id = await db.transaction((tx) => writeAudit(tx, { entity: 'user', entityId: 9, kind: 'role_changed', actorId: null, after: { role: 'ADMIN' } }));
    await expect(db.query("UPDATE audit_events SET kind = 'user_invited' WHERE id = $1", [id])).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(db.query('DELETE FROM audit_events WHERE id = $1', [id])).rejects.toThrow(/append-only: DELETE refused/);
    await expect(db.query('TRUNCATE audit_events')).rejects.toThrow(/append-only: TRUNCATE refused/);
    expect(await db.query('SELECT kind, after FROM audit_events WHERE id = $1', [id])).toEqual([{ kind: 'role_changed', after: { role: 'ADMIN' } }]);
  });
});

describe('database notifications', () => {
  it('delivers a pg_notify payload to a listener after commit, and not after unlisten', async () => {
    const received: string[] = [];
    const unlisten = await db.listen('test_channel', (payload) => received.push(payload));
    await db.transaction(async (tx) => {
      await tx.query("SELECT pg_notify('test_channel', 'first')");
      expect(received).toEqual([]);
    });
    await expect.poll(() => received).toEqual(['first']);
    await unlisten();
    await db.query("SELECT pg_notify('test_channel', 'second')");
    await new Promise((done) => setTimeout(done, 50));
    expect(received).toEqual(['first']);
  });
});

// PGlite has no connection to lose; on a Postgres server the listener's own connection can drop (restart, failover).
if (onPostgres()) {
  describe('database notifications on a Postgres server', () => {
    it('keeps delivering after the listening connection is killed', async () => {
      const received: string[] = [];
      const unlisten = await db.listen('reconnect_channel', (payload) => received.push(payload));
      const listeners = () =>
        db.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'");
      const [listener] = await listeners();
      expect(listener).toBeDefined();
      await db.query('SELECT pg_terminate_backend($1)', [listener!.pid]);
      await expect.poll(async () => (await listeners()).map((row) => row.pid).filter((pid) => pid !== listener!.pid), { timeout: 10_000 }).toHaveLength(1);
      await db.query("SELECT pg_notify('reconnect_channel', 'after')");
      await expect.poll(() => received).toEqual(['after']);
      await unlisten();
    });

    it('tells the listener when its connection is back, as signals sent while it was down were missed', async () => {
      const resumed: number[] = [];
      const unlisten = await db.listen('resume_channel', () => {}, () => resumed.push(Date.now()));
      const [listener] = await db.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'");
      expect(resumed).toEqual([]);
      await db.query('SELECT pg_terminate_backend($1)', [listener!.pid]);
      await expect.poll(() => resumed, { timeout: 10_000 }).toHaveLength(1);
      await unlisten();
    });

    it("has the notification hub tell its streams to catch up once its listening connection is back", async () => {
      const hub = await startNotificationHub(db, { warn: () => {} });
      const events: StreamEvent[] = [];
      const unsubscribe = hub.subscribe(424_242, (event) => events.push(event));
      try {
        const [listener] = await db.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'");
        await db.query('SELECT pg_terminate_backend($1)', [listener!.pid]);
        await expect.poll(() => events, { timeout: 10_000 }).toEqual([{ type: 'resume' }]);
      } finally {
        unsubscribe();
        await hub.close();
      }
    });

    it('fails a transaction whose connection dies between its statements, and the process lives on', async () => {
      // Killed while the work is between two statements (no query running): node-postgres then emits 'error' on
      // the checked-out connection, which crashed the whole back end when nothing listened for it.
      const work = db.transaction(async (tx) => {
        const [own] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await db.query('SELECT pg_terminate_backend($1)', [own!.pid]);
        await new Promise((done) => setTimeout(done, 300));
        await tx.query('SELECT 1');
      });
      await expect(work).rejects.toThrow();
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    });
  });
}
