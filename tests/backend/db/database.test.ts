import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../backend/src/db/database.ts';
import { findByIdempotencyKey, writeAudit } from '../../../backend/src/lib/audit.ts';
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
  });
}
