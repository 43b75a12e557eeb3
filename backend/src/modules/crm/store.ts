/**
 * The CRM's leads: list (follow-ups due first), board (per stage: count, total, first leads), one lead with
 * its activities, and the writes (create, edit, stage, activity, won). Every write goes through writeRecord
 * with its audit event on the lead. No HTTP here.
 */
import type { Activity, ActivityBody, Board, LeadDetail, LeadItem, LeadStage, LeadSource, NewLeadBody, UpdateLeadBody } from '../../../../common/contract/crm.ts';
import { BOARD_COLUMN_LIMIT, LEAD_STAGES, LEAD_STAGE_LABELS } from '../../../../common/contract/crm-paths.ts';
import { dubaiDate } from '../../../../common/calendar.ts';
import type { GrowthEventKind } from '../../../../common/events.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { createdWithKey, writeAudit } from '../../lib/audit.ts';
import { conflict, invalidInput, notFound } from '../../lib/http-error.ts';
import { containsPattern, type PageWindow } from '../../lib/pagination.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import { personJson } from '../../lib/person-sql.ts';
import { assignList, insertList, selectList } from '../../lib/table.ts';
import { EDIT_LEAD_FIELDS, LEAD_ROW_FIELDS, leadsTable, LOCKED_LEAD_FIELDS, NEW_LEAD_FIELDS, type LeadColumns } from './table.ts';
import { ACTIVITY_ROW_FIELDS, leadActivitiesTable, NEW_ACTIVITY_FIELDS, type LeadActivityColumns } from './activity-table.ts';
import { CLOSED_LEAD_STAGES_SQL, LEAD_LOST, LEAD_WON } from '../../../../common/crm.ts';
import { rolesThat } from '../../../../common/access.ts';

const COLUMNS = `${selectList(leadsTable, 'l', LEAD_ROW_FIELDS)}, ${personJson('o')} AS owner, l.monthly_value_fils::float8 AS monthly_value_fils,
  CASE WHEN r.id IS NULL THEN NULL ELSE json_build_object('id', r.id, 'user_id', r.user_id, 'registration_id', r.registration_id) END AS registration`;
const FROM = 'FROM leads l LEFT JOIN users o ON o.id = l.owner_id LEFT JOIN registrations r ON r.id = l.registration_id';

type LeadRow = Omit<LeadItem, 'created_at'> & { created_at: Date; owner_id: number | null };

const toItem = ({ created_at, owner_id: _owner, ...row }: LeadRow): LeadItem => ({ ...row, monthly_value_fils: Number(row.monthly_value_fils), created_at: created_at.toISOString() });

export interface LeadFilters {
  stage?: LeadStage;
  owner_id?: number;
  source?: LeadSource;
  search?: string;
}

function filterOf(filters: LeadFilters): SqlFilter {
  const filter = new SqlFilter();
  if (filters.stage) filter.add((p) => `l.stage = ${p}`, filters.stage);
  if (filters.owner_id !== undefined) filter.add((p) => `l.owner_id = ${p}`, filters.owner_id);
  if (filters.source) filter.add((p) => `l.source = ${p}`, filters.source);
  const search = filters.search?.trim() ?? '';
  if (search) {
    filter.add((p) => `(lower(l.company) LIKE ${p} ESCAPE '\\' OR lower(l.contact_name) LIKE ${p} ESCAPE '\\' OR lower(l.email) LIKE ${p} ESCAPE '\\')`, containsPattern(search));
  }
  return filter;
}

/**
 * Open leads whose follow-up is due (today or overdue, Dubai) first, soonest date first; then the other
 * dated ones, then undated; newest first among equals.
 */
const ORDER = (today: string) =>
  `ORDER BY CASE WHEN l.stage NOT IN ${CLOSED_LEAD_STAGES_SQL} AND l.next_follow_up <= '${today}'::date THEN 0 ELSE 1 END, l.next_follow_up ASC NULLS LAST, l.id DESC`;

export async function listLeads(db: Queryable, filters: LeadFilters, window: PageWindow, now = new Date()): Promise<{ count: number; results: LeadItem[] }> {
  const filter = filterOf(filters);
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM leads l ${filter.where}`, filter.params);
  const rows = await db.query<LeadRow>(`SELECT ${COLUMNS} ${FROM} ${filter.where} ${ORDER(dubaiDate(now))} LIMIT ${window.size} OFFSET ${window.offset}`, filter.params);
  return { count, results: rows.map(toItem) };
}

/** The leads a list's filter selects (ids and labels), in the list's order: a bulk action's 'all matching'. */
export async function leadsMatching(db: Queryable, filters: LeadFilters, limit: number, now = new Date()): Promise<{ id: number; label: string }[]> {
  const filter = filterOf(filters);
  return db.query<{ id: number; label: string }>(`SELECT l.id, l.company || ' (' || l.contact_name || ')' AS label FROM leads l ${filter.where} ${ORDER(dubaiDate(now))} LIMIT ${limit}`, filter.params);
}

export async function leadBoard(db: Queryable, filters: Omit<LeadFilters, 'stage'>, now = new Date()): Promise<Board> {
  const filter = filterOf(filters);
  const totals = await db.query<{ stage: LeadStage; count: number; total: number }>(
    `SELECT l.stage, count(*)::integer AS count, coalesce(sum(l.monthly_value_fils), 0)::float8 AS total FROM leads l ${filter.where} GROUP BY l.stage`,
    filter.params,
  );
  const rows = await db.query<LeadRow & { rank: number }>(
    `SELECT * FROM (SELECT ${COLUMNS}, row_number() OVER (PARTITION BY l.stage ${ORDER(dubaiDate(now))}) AS rank ${FROM} ${filter.where}) ranked
     WHERE rank <= ${BOARD_COLUMN_LIMIT} ORDER BY rank`,
    filter.params,
  );
  return {
    columns: LEAD_STAGES.map((stage) => {
      const total = totals.find((entry) => entry.stage === stage);
      return {
        stage,
        count: total?.count ?? 0,
        total_fils: Number(total?.total ?? 0),
        leads: rows.filter((row) => row.stage === stage).map(({ rank: _rank, ...row }) => toItem(row)),
      };
    }),
  };
}

async function readLead(db: Queryable, id: number): Promise<LeadItem> {
  const [row] = await db.query<LeadRow>(`SELECT ${COLUMNS} ${FROM} WHERE l.id = $1`, [id]);
  if (!row) throw notFound('Lead');
  return toItem(row);
}

export async function leadDetail(db: Queryable, id: number): Promise<LeadDetail> {
  const lead = await readLead(db, id);
  const activities = await db.query<Pick<LeadActivityColumns, (typeof ACTIVITY_ROW_FIELDS)[number]> & Pick<Activity, 'actor'>>(
    `SELECT ${selectList(leadActivitiesTable, 'a', ACTIVITY_ROW_FIELDS)}, ${personJson('u')} AS actor FROM lead_activities a LEFT JOIN users u ON u.id = a.actor_id WHERE a.lead_id = $1 ORDER BY a.at DESC, a.id DESC`,
    [id],
  );
  return { lead, activities: activities.map((row) => ({ ...row, at: row.at.toISOString() })) };
}

/** The staff who may own a lead: active users of the CRM roles. */
export async function leadOwners(db: Queryable): Promise<{ id: number; display_name: string | null; email: string }[]> {
  return db.query(`SELECT id, display_name, email FROM users WHERE role = ANY($1::text[]) AND active ORDER BY lower(coalesce(display_name, email)), id`, [rolesThat('own-leads')]);
}

async function requireOwner(db: Queryable, ownerId: number | null): Promise<void> {
  if (ownerId === null) return;
  const [row] = await db.query('SELECT 1 FROM users WHERE id = $1 AND active AND role = ANY($2::text[])', [ownerId, rolesThat('own-leads')]);
  if (!row) throw invalidInput('owner_id', 'must be an active user of the CRM');
}

async function audit(tx: Queryable, leadId: number, kind: GrowthEventKind, actorId: number | null, data: Record<string, unknown>, context?: ActionContext, before?: Record<string, unknown>, after?: Record<string, unknown>): Promise<void> {
  await writeAudit(tx, { entity: 'lead', entityId: leadId, kind, actorId, data, before: before ?? null, after: after ?? null, idempotencyKey: context?.idempotencyKey ?? null });
}

/** A new lead as the form and an enquiry's convert give it (an enquiry's id only from the convert). */
export type NewLead = Pick<LeadColumns, (typeof EDIT_LEAD_FIELDS)[number] | 'source'> & { enquiry_id?: number | null };

const NEW_LEAD_INSERT = insertList(NEW_LEAD_FIELDS);
const NEW_ACTIVITY_INSERT = insertList(NEW_ACTIVITY_FIELDS);
const EDIT_ASSIGNMENTS = assignList(EDIT_LEAD_FIELDS, 2);
const LOCKED_COLUMNS = selectList(leadsTable, null, LOCKED_LEAD_FIELDS);

/** Inserts a lead and its lead_created event in the caller's transaction (the enquiries' convert uses it too). */
export async function insertLead(tx: Queryable, lead: NewLead, actorId: number | null, context?: ActionContext): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO leads ${NEW_LEAD_INSERT.columns} VALUES ${NEW_LEAD_INSERT.values} RETURNING id`,
    NEW_LEAD_FIELDS.map((field) => (field === 'enquiry_id' ? (lead.enquiry_id ?? null) : lead[field])),
  );
  await audit(tx, row!.id, 'lead_created', actorId, { source: lead.source, enquiry_id: lead.enquiry_id ?? null }, context);
  return row!.id;
}

export async function createLead(db: Database, body: NewLeadBody, context: ActionContext): Promise<LeadItem> {
  await requireOwner(db, body.owner_id);
  return db.transaction(async (tx) => {
    const seen = await createdWithKey(tx, 'lead', 'lead_created', context.actorId, context.idempotencyKey);
    if (seen !== null) return readLead(tx, seen);
    const id = await insertLead(tx, { ...body, company: body.company.trim(), contact_name: body.contact_name.trim(), email: body.email.trim().toLowerCase(), phone: body.phone?.trim() || null }, context.actorId, context);
    return readLead(tx, id);
  });
}

type LockedLead = Pick<LeadColumns, (typeof LOCKED_LEAD_FIELDS)[number]>;

export async function lockLead(tx: Queryable, id: number): Promise<LockedLead> {
  const [row] = await tx.query<LockedLead>(`SELECT ${LOCKED_COLUMNS} FROM leads WHERE id = $1 FOR UPDATE`, [id]);
  if (!row) throw notFound('Lead');
  return row;
}

const STALE = 'This lead was changed by someone else. Reload it and try again.';

export async function updateLead(db: Database, id: number, body: UpdateLeadBody, context: ActionContext): Promise<LeadItem> {
  await requireOwner(db, body.owner_id);
  return writeRecord(db, {
    entity: 'lead',
    context,
    version: body.version,
    conflictMessage: STALE,
    lock: (tx) => lockLead(tx, id),
    act: async (tx) => {
      const { version: _version, ...fields } = body;
      const edited: Pick<LeadColumns, (typeof EDIT_LEAD_FIELDS)[number]> = {
        ...fields,
        company: fields.company.trim(),
        contact_name: fields.contact_name.trim(),
        email: fields.email.trim().toLowerCase(),
        phone: fields.phone?.trim() || null,
      };
      await tx.query(`UPDATE leads SET ${EDIT_ASSIGNMENTS}, version = version + 1 WHERE id = $1`, [id, ...EDIT_LEAD_FIELDS.map((field) => edited[field])]);
      await audit(tx, id, 'lead_updated', context.actorId, {}, context, undefined, fields);
    },
    read: (tx) => readLead(tx, id),
  });
}

/** Moves a lead between the working stages and lost; won is only reached through the invitation. */
export async function moveLead(db: Database, id: number, stage: LeadStage, reason: string | undefined, version: number, context: ActionContext): Promise<LeadItem> {
  if (stage === LEAD_WON) throw invalidInput('stage', "must not be won: use 'Won: invite to register', which creates the client's registration");
  const lostReason = reason?.trim() ?? '';
  if (stage === LEAD_LOST && lostReason === '') throw invalidInput('reason', 'must say why the lead was lost');
  return writeRecord(db, {
    entity: 'lead',
    context,
    version,
    conflictMessage: STALE,
    lock: (tx) => lockLead(tx, id),
    act: async (tx, lead) => {
      if (lead.stage === LEAD_WON) throw conflict('This lead is won: its client is in onboarding.');
      if (lead.stage === stage) return;
      await tx.query('UPDATE leads SET stage = $2, lost_reason = $3, version = version + 1 WHERE id = $1', [id, stage, stage === LEAD_LOST ? lostReason : null]);
      await audit(tx, id, 'lead_stage_changed', context.actorId, { from: lead.stage, to: stage, ...(stage === LEAD_LOST ? { reason: lostReason } : {}) }, context);
    },
    read: (tx) => readLead(tx, id),
  });
}

/** A note on a lead written inside another write (a converted enquiry's message, the lead's first note). */
export async function insertNote(tx: Queryable, leadId: number, text: string, at: Date, actorId: number | null): Promise<void> {
  const logged: Pick<LeadActivityColumns, (typeof NEW_ACTIVITY_FIELDS)[number]> = { lead_id: leadId, kind: 'note', at, text, actor_id: actorId };
  await tx.query(`INSERT INTO lead_activities ${NEW_ACTIVITY_INSERT.columns} VALUES ${NEW_ACTIVITY_INSERT.values}`, NEW_ACTIVITY_FIELDS.map((field) => logged[field]));
}

export async function addActivity(db: Database, id: number, body: ActivityBody, context: ActionContext): Promise<LeadDetail> {
  const at = new Date(body.at);
  if (Number.isNaN(at.getTime())) throw invalidInput('at', 'must be a time');
  return writeRecord(db, {
    entity: 'lead',
    context,
    version: null,
    conflictMessage: STALE,
    lock: (tx) => lockLead(tx, id),
    act: async (tx) => {
      const logged: Pick<LeadActivityColumns, (typeof NEW_ACTIVITY_FIELDS)[number]> = { lead_id: id, kind: body.kind, at, text: body.text.trim(), actor_id: context.actorId };
      await tx.query(`INSERT INTO lead_activities ${NEW_ACTIVITY_INSERT.columns} VALUES ${NEW_ACTIVITY_INSERT.values}`, NEW_ACTIVITY_FIELDS.map((field) => logged[field]));
      await audit(tx, id, 'lead_activity_added', context.actorId, { kind: body.kind }, context);
    },
    read: (tx) => leadDetail(tx, id),
  });
}

export const stageLabel = (stage: LeadStage) => LEAD_STAGE_LABELS[stage];
export { readLead };
