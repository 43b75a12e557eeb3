/**
 * Saved views: a list's query (filters, search, sort) under a name, the owner's own or shared with the team.
 * Rules: only the owner edits or deletes (a view shared by someone else can be copied, not edited); sharing
 * needs ADMIN or the list's managing role (canShareViews), and so does changing the name or filters of a view
 * the team sees ('Update view', canUpdateView); one default per user and list; every change is
 * versioned (409 on a stale version) and audited; a retried create (same Idempotency-Key) answers the view
 * it made.
 */
import { canShareViews, canUpdateView } from '../../../../common/contract/work-paths.ts';
import type { NewView, SavedView, SavedViews, ViewPatch } from '../../../../common/contract/work.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { writeAudit } from '../../lib/audit.ts';
import { conflict, forbidden, notFound } from '../../lib/http-error.ts';
import type { Caller } from '../../lib/work-registry.ts';
import { assignList, insertList, selectList } from '../../lib/table.ts';
import { NEW_VIEW_FIELDS, savedViewsTable, VIEW_EDIT_FIELDS, VIEW_ROW_FIELDS, type SavedViewColumns } from './table.ts';

export const VIEW_CONFLICT_MESSAGE = 'This view was changed meanwhile (in another tab or browser). The list now shows its latest version.';

type Row = Pick<SavedViewColumns, (typeof VIEW_ROW_FIELDS)[number]> & { owner_name: string | null; owner_email: string };

const NEW_VIEW = insertList(NEW_VIEW_FIELDS);
const SELECT = `SELECT ${selectList(savedViewsTable, 'v', VIEW_ROW_FIELDS)}, o.display_name AS owner_name, o.email AS owner_email
  FROM saved_views v JOIN users o ON o.id = v.owner_id`;

function toView(row: Row, caller: Caller): SavedView {
  return {
    id: row.id,
    list: row.list,
    name: row.name,
    query: row.query,
    shared: row.shared,
    is_default: row.is_default && row.owner_id === caller.id,
    version: row.version,
    owner: { id: row.owner_id, display_name: row.owner_name, email: row.owner_email },
    mine: row.owner_id === caller.id,
    updated_at: row.updated_at.toISOString(),
  };
}

/** The caller's views of the list (default first, then by name) and the team's shared ones. */
export async function listViews(db: Queryable, caller: Caller, list: string): Promise<SavedViews> {
  const rows = await db.query<Row>(`${SELECT} WHERE v.list = $1 AND (v.owner_id = $2 OR v.shared) ORDER BY (v.owner_id = $2 AND v.is_default) DESC, (v.owner_id = $2) DESC, lower(v.name), v.id`, [list, caller.id]);
  return { views: rows.map((row) => toView(row, caller)), can_share: canShareViews(caller.role, list) };
}

async function readView(db: Queryable, caller: Caller, id: number): Promise<SavedView> {
  const [row] = await db.query<Row>(`${SELECT} WHERE v.id = $1`, [id]);
  if (!row) throw notFound('Saved view');
  return toView(row, caller);
}

function requireShare(caller: Caller, list: string, shared: boolean | undefined): void {
  if (shared && !canShareViews(caller.role, list)) throw forbidden('Only an administrator or the list’s managers may share a view with the team.');
}

async function clearDefault(tx: Queryable, ownerId: number, list: string, except: number): Promise<void> {
  await tx.query('UPDATE saved_views SET is_default = false, version = version + 1, updated_at = CURRENT_TIMESTAMP WHERE owner_id = $1 AND list = $2 AND is_default AND id <> $3', [ownerId, list, except]);
}

async function requireFreeName(tx: Queryable, ownerId: number, list: string, name: string, except: number): Promise<void> {
  const [taken] = await tx.query<{ id: number }>('SELECT id FROM saved_views WHERE owner_id = $1 AND list = $2 AND lower(name) = lower($3) AND id <> $4', [ownerId, list, name, except]);
  if (taken) throw conflict(`You already have a view named '${name}' on this list. Choose another name.`);
}

export async function createView(db: Database, caller: Caller, body: NewView, context: ActionContext): Promise<SavedView> {
  requireShare(caller, body.list, body.shared);
  const name = body.name.trim();
  const id = await db.transaction(async (tx) => {
    // Serialises this user's creates, so a retried request and its original cannot both insert.
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [caller.id]);
    if (context.idempotencyKey) {
      const [seen] = await tx.query<{ id: number }>('SELECT id FROM saved_views WHERE owner_id = $1 AND idempotency_key = $2', [caller.id, context.idempotencyKey]);
      if (seen) return seen.id;
    }
    await requireFreeName(tx, caller.id, body.list, name, 0);
    if (body.is_default) await clearDefault(tx, caller.id, body.list, 0);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO saved_views ${NEW_VIEW.columns} VALUES ${NEW_VIEW.values} RETURNING id`,
      [caller.id, body.list, name, body.query, body.shared, body.is_default, context.idempotencyKey],
    );
    await writeAudit(tx, { entity: 'saved_view', entityId: row!.id, kind: 'view_saved', actorId: caller.id, data: { list: body.list, name, shared: body.shared }, idempotencyKey: context.idempotencyKey });
    return row!.id;
  });
  return readView(db, caller, id);
}

/** The caller's own view, locked; someone else's shared view answers 403 (copy it), an unseen one 404. */
async function lockOwn(tx: Queryable, caller: Caller, id: number): Promise<Row> {
  const [row] = await tx.query<Row>(`${SELECT} WHERE v.id = $1 FOR UPDATE OF v`, [id]);
  if (!row || (row.owner_id !== caller.id && !row.shared)) throw notFound('Saved view');
  if (row.owner_id !== caller.id) throw forbidden('A view shared by someone else can be copied, not edited.');
  return row;
}

export function updateView(db: Database, caller: Caller, id: number, body: ViewPatch, context: ActionContext): Promise<SavedView> {
  return writeRecord(db, {
    entity: 'saved_view',
    context,
    version: body.version,
    conflictMessage: VIEW_CONFLICT_MESSAGE,
    lock: (tx) => lockOwn(tx, caller, id),
    act: async (tx, row) => {
      requireShare(caller, row.list, body.shared);
      const changesContent = (body.name !== undefined && body.name.trim() !== row.name) || (body.query !== undefined && body.query !== row.query);
      if (changesContent && !canUpdateView({ mine: true, shared: body.shared ?? row.shared }, canShareViews(caller.role, row.list))) {
        throw forbidden('Only an administrator or the list’s managers may change a view shared with the team. Save your own copy instead.');
      }
      const name = body.name?.trim() ?? row.name;
      if (body.name !== undefined) await requireFreeName(tx, caller.id, row.list, name, row.id);
      if (body.is_default) await clearDefault(tx, caller.id, row.list, row.id);
      await tx.query(
        `UPDATE saved_views SET ${assignList(VIEW_EDIT_FIELDS, 2)}, version = version + 1, updated_at = CURRENT_TIMESTAMP WHERE id = $1`,
        [row.id, name, body.query ?? row.query, body.shared ?? row.shared, body.is_default ?? row.is_default],
      );
      await writeAudit(tx, {
        entity: 'saved_view',
        entityId: row.id,
        kind: 'view_updated',
        actorId: caller.id,
        before: { name: row.name, query: row.query, shared: row.shared, is_default: row.is_default, version: row.version },
        after: { name, query: body.query ?? row.query, shared: body.shared ?? row.shared, is_default: body.is_default ?? row.is_default, version: row.version + 1 },
        idempotencyKey: context.idempotencyKey,
      });
    },
    read: (tx, row) => readView(tx, caller, row.id),
  });
}

export async function deleteView(db: Database, caller: Caller, id: number, version: number, context: ActionContext): Promise<{ id: number; deleted: true }> {
  return writeRecord(db, {
    entity: 'saved_view',
    context,
    // A retried delete of a view already gone answers the same.
    deletes: { id, answer: async () => ({ id, deleted: true as const }) },
    version,
    conflictMessage: VIEW_CONFLICT_MESSAGE,
    lock: (tx) => lockOwn(tx, caller, id),
    act: async (tx, row) => {
      await tx.query('DELETE FROM saved_views WHERE id = $1', [row.id]);
      await writeAudit(tx, { entity: 'saved_view', entityId: row.id, kind: 'view_deleted', actorId: caller.id, before: { name: row.name, query: row.query, version: row.version }, idempotencyKey: context.idempotencyKey });
    },
    read: async (_tx, row) => ({ id: row.id, deleted: true as const }),
  });
}
