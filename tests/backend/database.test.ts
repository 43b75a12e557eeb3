import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../backend/src/db/database.ts';
import { findByIdempotencyKey, writeAudit } from '../../backend/src/lib/audit.ts';

let db: Database;
beforeAll(async () => {
  db = await openDatabase('memory://');
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
