/**
 * 'Update view': a saved view takes the list's current filters through a versioned PATCH
 * of its query; a stale version is 409; a view the team sees is changed only by someone who may share on the
 * list (the rule of saving one), while its owner may still unshare, re-default or delete it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createView, updateView } from '../../../backend/src/modules/views/store.ts';
import type { Database } from '../../../backend/src/db/database.ts';
import type { Role } from '../../../common/roles.ts';
import { openTestDatabase } from '../support.ts';

let db: Database;
const callers: Record<'admin' | 'bookkeeper', { id: number; role: Role }> = { admin: { id: 0, role: 'ADMIN' }, bookkeeper: { id: 0, role: 'BOOKKEEPER' } };
const context = (actorId: number, key: string | null = null) => ({ actorId, idempotencyKey: key });

beforeAll(async () => {
  db = await openTestDatabase();
  for (const [name, caller] of Object.entries(callers)) {
    const [row] = await db.query<{ id: number }>('INSERT INTO users (email, display_name, role) VALUES ($1, $2, $3) RETURNING id', [`${name}@views.test`, name, caller.role]);
    caller.id = row!.id;
  }
});
afterAll(() => db?.close());

describe('updating a saved view with the list’s current filters', () => {
  it('replaces its query, version by version', async () => {
    const view = await createView(db, callers.bookkeeper, { list: 'tasks', name: 'Overdue', query: 'due=overdue', shared: false, is_default: false }, context(callers.bookkeeper.id));
    const updated = await updateView(db, callers.bookkeeper, view.id, { version: view.version, query: 'due=overdue&status=to_do' }, context(callers.bookkeeper.id, 'k1'));
    expect(updated).toMatchObject({ name: 'Overdue', query: 'due=overdue&status=to_do', version: view.version + 1 });
    await expect(updateView(db, callers.bookkeeper, view.id, { version: view.version, query: 'due=today' }, context(callers.bookkeeper.id))).rejects.toMatchObject({ statusCode: 409 });
  });

  it('changes a shared view only for someone who may share on the list', async () => {
    // A view the bookkeeper shared while they could (here: written directly, as a role change would leave it).
    const [row] = await db.query<{ id: number; version: number }>(
      "INSERT INTO saved_views (owner_id, list, name, query, shared, is_default) VALUES ($1, 'tasks', 'Team view', 'status=to_do', true, false) RETURNING id, version",
      [callers.bookkeeper.id],
    );
    const shared = row!;
    await expect(updateView(db, callers.bookkeeper, shared.id, { version: shared.version, query: 'status=done' }, context(callers.bookkeeper.id))).rejects.toMatchObject({ statusCode: 403 });
    await expect(updateView(db, callers.bookkeeper, shared.id, { version: shared.version, name: 'Renamed' }, context(callers.bookkeeper.id))).rejects.toMatchObject({ statusCode: 403 });
    // Unsharing it and then updating it is theirs to do.
    const unshared = await updateView(db, callers.bookkeeper, shared.id, { version: shared.version, shared: false }, context(callers.bookkeeper.id));
    expect((await updateView(db, callers.bookkeeper, shared.id, { version: unshared.version, query: 'status=done' }, context(callers.bookkeeper.id))).query).toBe('status=done');

    const adminView = await createView(db, callers.admin, { list: 'tasks', name: 'Everyone overdue', query: 'assignee=all&due=overdue', shared: true, is_default: false }, context(callers.admin.id));
    expect((await updateView(db, callers.admin, adminView.id, { version: adminView.version, query: 'assignee=all&due=today' }, context(callers.admin.id))).query).toBe('assignee=all&due=today');
    // Someone else's shared view stays theirs.
    await expect(updateView(db, callers.bookkeeper, adminView.id, { version: adminView.version + 1, query: 'x=1' }, context(callers.bookkeeper.id))).rejects.toMatchObject({ statusCode: 403 });
  });
});
