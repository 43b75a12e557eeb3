/**
 * Website enquiries: the public form post (validated per kind, honeypot dropped silently), the inbox list,
 * counts and CSV export, one enquiry with the records it matches and its history, and the writes (status,
 * assign, note, merge, convert to lead), each through writeRecord with its audit event. No HTTP here.
 */
import type {
  EnquiryCounts,
  EnquiryDetail,
  EnquiryEvent,
  EnquiryItem,
  EnquiryKind,
  EnquiryMatch,
  EnquiryStatus,
  PublicEnquiryBody,
} from '../../../../common/contract/enquiries.ts';
import { ENQUIRY_KINDS, ENQUIRY_KIND_LABELS, ENQUIRY_STATUS_LABELS, HONEYPOT_FIELD, KIND_FIELDS, detailsInWords, enquiryPagePath } from '../../../../common/contract/enquiries-paths.ts';
import { crmPagePath } from '../../../../common/contract/crm-paths.ts';
import { canSee } from '../../../../common/access.ts';
import { clientPath, verificationPath } from '../../../../common/links.ts';
import { isStaffRole } from '../../../../common/roles.ts';
import type { Stage } from '../../../../common/stages.ts';
import type { GrowthEventKind } from '../../../../common/events.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { lockIdempotencyKey, writeAudit } from '../../lib/audit.ts';
import { conflict, invalidInput, notFound } from '../../lib/http-error.ts';
import { containsPattern, type PageWindow } from '../../lib/pagination.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import { personJson } from '../../lib/person-sql.ts';
import { csvHeader, csvInstant, csvLine, type CsvColumn } from '../../lib/csv.ts';
import { insertLead, insertNote } from '../crm/index.ts';
import { notifyEnquiryReceived } from './notify.ts';
import { assignList, insertList, selectList } from '../../lib/table.ts';
import {
  ENQUIRY_ROW_FIELDS,
  ENQUIRY_TITLE_FIELDS,
  enquiriesTable,
  LOCKED_ENQUIRY_FIELDS,
  MERGE_TARGET_FIELDS,
  NEW_ENQUIRY_FIELDS,
  type EnquiryColumns,
} from './table.ts';
import { rolesThat } from '../../../../common/access.ts';

const COLUMNS = `${selectList(enquiriesTable, 'e', ENQUIRY_ROW_FIELDS)}, ${personJson('a')} AS assignee`;
const FROM = 'FROM enquiries e LEFT JOIN users a ON a.id = e.assignee_id';

type Row = Pick<EnquiryColumns, (typeof ENQUIRY_ROW_FIELDS)[number]> & Pick<EnquiryItem, 'assignee'>;
const toItem = ({ created_at, ...row }: Row): EnquiryItem => ({ ...row, created_at: created_at.toISOString() });

const NEW_ENQUIRY_INSERT = insertList(NEW_ENQUIRY_FIELDS);

const digits = (phone: string | null | undefined) => (phone ?? '').replace(/\D/g, '');

/**
 * Stores a form post. A filled honeypot answers the same receipt as a real post and stores nothing, so a bot
 * learns nothing; a field the kind's form does not ask is refused naming it.
 */
export async function submitEnquiry(db: Database, kind: EnquiryKind, body: PublicEnquiryBody, clientAddress: string | null): Promise<{ stored: boolean; id: number | null }> {
  if ((body[HONEYPOT_FIELD] ?? '').trim() !== '') return { stored: false, id: null };
  const name = body.name.trim();
  if (name === '') throw invalidInput('name', 'must not be blank');
  const details: Record<string, string> = {};
  for (const field of ['topic', 'service', 'company_size', 'revenue_band', 'licence_number'] as const) {
    const value = body[field]?.trim();
    const asked = KIND_FIELDS[kind].includes(field);
    if (value && !asked) throw invalidInput(field, `is not asked by the ${ENQUIRY_KIND_LABELS[kind]} form`);
    if (asked && !value) throw invalidInput(field, 'is required');
    if (value) details[field] = value;
  }
  const phone = body.phone?.trim() || null;
  if (phone !== null && !/^\+?[0-9 ()-]{7,30}$/.test(phone)) throw invalidInput('phone', 'must be a phone number');
  return db.transaction(async (tx) => {
    const received: Pick<EnquiryColumns, (typeof NEW_ENQUIRY_FIELDS)[number]> = {
      kind,
      name,
      email: body.email.trim().toLowerCase(),
      phone,
      company: body.company?.trim() || null,
      message: body.message?.trim() || null,
      details,
      client_address: clientAddress,
    };
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO enquiries ${NEW_ENQUIRY_INSERT.columns} VALUES ${NEW_ENQUIRY_INSERT.values} RETURNING id`,
      // The details as JSON text, as the jsonb column takes them on both drivers.
      NEW_ENQUIRY_FIELDS.map((field) => (field === 'details' ? JSON.stringify(received.details) : received[field])),
    );
    const id = row!.id;
    await writeAudit(tx, { entity: 'enquiry', entityId: id, kind: 'enquiry_received', actorId: null, data: { kind } });
    await notifyEnquiryReceived(tx, { id, kind, name, company: body.company?.trim() || null });
    return { stored: true, id };
  });
}

export interface EnquiryFilters {
  kind?: EnquiryKind;
  status?: EnquiryStatus;
  assignee_id?: number;
  search?: string;
}

function filterOf(filters: EnquiryFilters): SqlFilter {
  const filter = new SqlFilter();
  if (filters.kind) filter.add((p) => `e.kind = ${p}`, filters.kind);
  if (filters.status) filter.add((p) => `e.status = ${p}`, filters.status);
  if (filters.assignee_id !== undefined) filter.add((p) => `e.assignee_id = ${p}`, filters.assignee_id);
  const search = filters.search?.trim() ?? '';
  if (search) filter.add((p) => `e.search_text LIKE ${p} ESCAPE '\\'`, containsPattern(search));
  return filter;
}

export async function listEnquiries(db: Queryable, filters: EnquiryFilters, window: PageWindow): Promise<{ count: number; results: EnquiryItem[] }> {
  const filter = filterOf(filters);
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM enquiries e ${filter.where}`, filter.params);
  const rows = await db.query<Row>(`SELECT ${COLUMNS} ${FROM} ${filter.where} ORDER BY e.created_at DESC, e.id DESC LIMIT ${window.size} OFFSET ${window.offset}`, filter.params);
  return { count, results: rows.map(toItem) };
}

export async function enquiryCounts(db: Queryable): Promise<EnquiryCounts> {
  const rows = await db.query<{ kind: EnquiryKind; count: number }>("SELECT kind, count(*)::integer AS count FROM enquiries WHERE status = 'new' GROUP BY kind");
  const byKind = Object.fromEntries(ENQUIRY_KINDS.map((kind) => [kind, rows.find((row) => row.kind === kind)?.count ?? 0]));
  return { new_total: rows.reduce((sum, row) => sum + row.count, 0), new_by_kind: byKind };
}

/** The export's columns, in the convention every CSV shares (lib/csv.ts): the time received in Dubai time with its zone, details in words. */
const CSV_COLUMNS: readonly CsvColumn<Row>[] = [
  { header: 'Id', value: (row) => row.id },
  { header: 'Received', value: (row) => csvInstant(row.created_at) },
  { header: 'Form', value: (row) => ENQUIRY_KIND_LABELS[row.kind] },
  { header: 'Status', value: (row) => ENQUIRY_STATUS_LABELS[row.status] },
  { header: 'Name', value: (row) => row.name },
  { header: 'E-mail', value: (row) => row.email },
  { header: 'Phone', value: (row) => row.phone },
  { header: 'Company', value: (row) => row.company },
  { header: 'Details', value: (row) => detailsInWords(row.details) },
  { header: 'Message', value: (row) => row.message },
  { header: 'Assignee', value: (row) => row.assignee?.display_name ?? row.assignee?.email ?? '' },
  { header: 'Close reason', value: (row) => row.close_reason },
  { header: 'Lead', value: (row) => row.lead_id },
];

/** The export's rows in pages of 500, so a large inbox streams without being held whole. */
export async function* enquiryCsv(db: Queryable, filters: EnquiryFilters): AsyncGenerator<string> {
  yield `\ufeff${csvHeader(CSV_COLUMNS)}`;
  const filter = filterOf(filters);
  for (let offset = 0; ; offset += 500) {
    const rows = await db.query<Row>(`SELECT ${COLUMNS} ${FROM} ${filter.where} ORDER BY e.created_at DESC, e.id DESC LIMIT 500 OFFSET ${offset}`, filter.params);
    for (const row of rows) yield csvLine(CSV_COLUMNS, row);
    if (rows.length < 500) return;
  }
}

export async function readEnquiry(db: Queryable, id: number): Promise<EnquiryItem> {
  const [row] = await db.query<Row>(`SELECT ${COLUMNS} ${FROM} WHERE e.id = $1`, [id]);
  if (!row) throw notFound('Enquiry');
  return toItem(row);
}

/** Enquiries, leads, registrations and clients with the same e-mail, phone (its digits) or company name. */
export async function findMatches(db: Queryable, enquiry: Pick<EnquiryItem, 'id' | 'email' | 'phone' | 'company'>): Promise<EnquiryMatch[]> {
  const email = enquiry.email.toLowerCase();
  const phone = digits(enquiry.phone);
  const company = enquiry.company?.trim().toLowerCase() ?? '';
  // An absent phone or company is a value no row's can equal (digits only; a name is never '-').
  const params = [email, phone.length >= 7 ? phone : 'none', company === '' ? '-' : company, enquiry.id];
  const on = (emailSql: string, phoneSql: string | null, companySql: string) =>
    `array_remove(ARRAY[CASE WHEN lower(${emailSql}) = $1 THEN 'email' END, ${phoneSql ? `CASE WHEN regexp_replace(coalesce(${phoneSql}, ''), '\\D', '', 'g') = $2 THEN 'phone' END` : 'NULL'},
      CASE WHEN lower(${companySql}) = $3 THEN 'company' END], NULL) AS matched_on`;
  const rows = await db.query<{ type: EnquiryMatch['type']; id: number; label: string; matched_on: EnquiryMatch['matched_on']; kind: string | null; user_id: number | null; stage: string | null }>(
    `SELECT * FROM (
       SELECT 'enquiry' AS type, e.id, e.name || coalesce(' (' || e.company || ')', '') AS label, ${on('e.email', 'e.phone', 'e.company')}, e.kind, NULL::integer AS user_id, NULL AS stage
       FROM enquiries e WHERE e.id <> $4 AND (lower(e.email) = $1 OR lower(e.company) = $3 OR regexp_replace(coalesce(e.phone, ''), '\\D', '', 'g') = $2)
       UNION ALL
       SELECT 'lead', l.id, l.company || ' (' || l.contact_name || ')', ${on('l.email', 'l.phone', 'l.company')}, NULL, NULL, l.stage
       FROM leads l WHERE lower(l.email) = $1 OR lower(l.company) = $3 OR regexp_replace(coalesce(l.phone, ''), '\\D', '', 'g') = $2
       UNION ALL
       SELECT 'registration', r.id, r.legal_name || ' (' || r.registration_id || ')', ${on('u.email', null, 'r.legal_name')}, NULL, r.user_id, r.stage
       FROM registrations r JOIN users u ON u.id = r.user_id WHERE lower(u.email) = $1 OR lower(r.legal_name) = $3
       UNION ALL
       SELECT 'client', c.id, c.legal_name, ${on('c.email', 'c.phone', 'c.legal_name')}, NULL, NULL, NULL
       FROM clients c WHERE lower(c.email) = $1 OR lower(c.legal_name) = $3 OR regexp_replace(coalesce(c.phone, ''), '\\D', '', 'g') = $2
     ) m ORDER BY type, id LIMIT 50`,
    params,
  );
  return rows.map((row) => ({
    type: row.type,
    id: row.id,
    label: row.label,
    matched_on: row.matched_on,
    link:
      row.type === 'enquiry'
        ? enquiryPagePath(row.kind as EnquiryKind, row.id)
        : row.type === 'lead'
          ? crmPagePath.lead(row.id)
          : row.type === 'registration'
            ? verificationPath(row.user_id!, row.stage as Stage)
            : clientPath(row.id),
  }));
}

export async function enquiryHistory(db: Queryable, id: number): Promise<EnquiryEvent[]> {
  const rows = await db.query<Omit<EnquiryEvent, 'created_at'> & { created_at: Date }>(
    `SELECT ev.id, ev.kind, ${personJson('u')} AS actor, ev.data, ev.created_at FROM audit_events ev LEFT JOIN users u ON u.id = ev.actor_id
     WHERE ev.entity = 'enquiry' AND ev.entity_id = $1 ORDER BY ev.created_at, ev.id`,
    [id],
  );
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}

export async function enquiryDetail(db: Queryable, id: number): Promise<EnquiryDetail> {
  const enquiry = await readEnquiry(db, id);
  return { enquiry, matches: await findMatches(db, enquiry), history: await enquiryHistory(db, id) };
}

export async function enquiryAssignees(db: Queryable): Promise<{ id: number; display_name: string | null; email: string }[]> {
  return db.query('SELECT id, display_name, email FROM users WHERE role = ANY($1::text[]) AND active ORDER BY lower(coalesce(display_name, email)), id', [rolesThat('be-assigned-enquiries')]);
}

type Locked = Pick<EnquiryColumns, (typeof LOCKED_ENQUIRY_FIELDS)[number]>;

const LOCKED_COLUMNS = selectList(enquiriesTable, null, LOCKED_ENQUIRY_FIELDS);

async function lock(tx: Queryable, id: number): Promise<Locked> {
  const [row] = await tx.query<Locked>(`SELECT ${LOCKED_COLUMNS} FROM enquiries WHERE id = $1 FOR UPDATE`, [id]);
  if (!row) throw notFound('Enquiry');
  return row;
}

const STATUS_ASSIGNMENTS = assignList(['status', 'close_reason'], 2);
const ASSIGNEE_ASSIGNMENT = assignList(['assignee_id'], 2);
const MERGE_ASSIGNMENTS = assignList(['merged_into_id', 'status', 'close_reason'], 2);
const MERGE_TARGET_COLUMNS = selectList(enquiriesTable, null, MERGE_TARGET_FIELDS);

const STALE = 'This enquiry was changed by someone else. Reload it and try again.';

async function audit(tx: Queryable, id: number, kind: GrowthEventKind, context: ActionContext, data: Record<string, unknown>): Promise<void> {
  await writeAudit(tx, { entity: 'enquiry', entityId: id, kind, actorId: context.actorId, data, idempotencyKey: context.idempotencyKey });
}

export async function changeStatus(db: Database, id: number, status: EnquiryStatus, reason: string | undefined, version: number, context: ActionContext): Promise<EnquiryItem> {
  const closeReason = reason?.trim() ?? '';
  if (status === 'closed' && closeReason === '') throw invalidInput('reason', 'must say why the enquiry is closed');
  return writeRecord(db, {
    entity: 'enquiry',
    context,
    version,
    conflictMessage: STALE,
    lock: (tx) => lock(tx, id),
    act: async (tx, row) => {
      if (row.status === status && status !== 'closed') return;
      await tx.query(`UPDATE enquiries SET ${STATUS_ASSIGNMENTS}, version = version + 1 WHERE id = $1`, [id, status, status === 'closed' ? closeReason : null]);
      await audit(tx, id, 'enquiry_status_changed', context, { from: row.status, to: status, ...(status === 'closed' ? { reason: closeReason } : {}) });
    },
    read: (tx) => readEnquiry(tx, id),
  });
}

export async function assignEnquiry(db: Database, id: number, assigneeId: number | null, version: number, context: ActionContext): Promise<EnquiryItem> {
  if (assigneeId !== null) {
    const [user] = await db.query<{ role: string }>('SELECT role FROM users WHERE id = $1 AND active', [assigneeId]);
    if (!user || !isStaffRole(user.role) || !canSee(user.role, 'contactus')) throw invalidInput('assignee_id', 'must be an active user of Website Enquiries');
  }
  return writeRecord(db, {
    entity: 'enquiry',
    context,
    version,
    conflictMessage: STALE,
    lock: (tx) => lock(tx, id),
    act: (tx, row) => applyAssign(tx, row, assigneeId, context),
    read: (tx) => readEnquiry(tx, id),
  });
}

async function applyAssign(tx: Queryable, row: Locked, assigneeId: number | null, context: ActionContext): Promise<void> {
  if (row.assignee_id === assigneeId) return;
  await tx.query(`UPDATE enquiries SET ${ASSIGNEE_ASSIGNMENT}, version = version + 1 WHERE id = $1`, [row.id, assigneeId]);
  await audit(tx, row.id, 'enquiry_assigned', context, { from: row.assignee_id, to: assigneeId });
}

/** The enquiries a list's filter selects (ids and labels), in the list's order: a bulk action's 'all matching'. */
export async function enquiriesMatching(db: Queryable, filters: EnquiryFilters, limit: number): Promise<{ id: number; label: string }[]> {
  const filter = filterOf(filters);
  return db.query<{ id: number; label: string }>(
    `SELECT e.id, e.name || coalesce(' (' || e.company || ')', '') AS label FROM enquiries e ${filter.where} ORDER BY e.created_at DESC, e.id DESC LIMIT ${limit}`,
    filter.params,
  );
}

/** What names an enquiry in a search hit, a Home row and 'Next unassigned'. */
export type TitledEnquiry = Pick<EnquiryColumns, (typeof ENQUIRY_TITLE_FIELDS)[number]>;

/** Enquiries 'Next unassigned' hands out: new, nobody's, not folded into another. */
const UNASSIGNED_NEW = "e.status = 'new' AND e.assignee_id IS NULL AND e.merged_into_id IS NULL";

/**
 * Assigns the oldest new unassigned enquiry to the actor, in one transaction: SKIP LOCKED passes over one
 * another caller is taking at this moment, so two people pressing at once get different ones. A retried press
 * (same Idempotency-Key) answers what the first one took. Null when none is left.
 */
export async function takeNextEnquiry(db: Database, context: ActionContext): Promise<TitledEnquiry | null> {
  return db.transaction(async (tx) => {
    if (context.idempotencyKey) {
      await lockIdempotencyKey(tx, context.idempotencyKey);
      const [taken] = await tx.query<TitledEnquiry>(
        `SELECT ${selectList(enquiriesTable, 'e', ENQUIRY_TITLE_FIELDS)} FROM audit_events ev JOIN enquiries e ON e.id = ev.entity_id
         WHERE ev.entity = 'enquiry' AND ev.kind = 'enquiry_assigned' AND ev.actor_id = $1 AND ev.idempotency_key = $2`,
        [context.actorId, context.idempotencyKey],
      );
      if (taken) return taken;
    }
    const [candidate] = await tx.query<{ id: number }>(`SELECT e.id FROM enquiries e WHERE ${UNASSIGNED_NEW} ORDER BY e.created_at, e.id LIMIT 1 FOR UPDATE SKIP LOCKED`);
    if (!candidate) return null;
    const row = await lock(tx, candidate.id);
    await applyAssign(tx, row, context.actorId, context);
    return { id: row.id, kind: row.kind, name: row.name, company: row.company };
  });
}

export async function addNote(db: Database, id: number, text: string, context: ActionContext): Promise<EnquiryDetail> {
  const note = text.trim();
  if (note === '') throw invalidInput('text', 'must not be blank');
  return writeRecord(db, {
    entity: 'enquiry',
    context,
    version: null,
    conflictMessage: STALE,
    lock: (tx) => lock(tx, id),
    act: (tx) => audit(tx, id, 'enquiry_note_added', context, { text: note }),
    read: (tx) => enquiryDetail(tx, id),
  });
}

/**
 * Folds this enquiry (a duplicate) into an earlier one: it is closed with the reason, points at the earlier
 * one, and both histories keep the event (the earlier one with the duplicate's message).
 */
export async function mergeEnquiry(db: Database, id: number, intoId: number, version: number, context: ActionContext): Promise<EnquiryItem> {
  if (intoId === id) throw invalidInput('into_id', 'must be another enquiry');
  return writeRecord(db, {
    entity: 'enquiry',
    context,
    version,
    conflictMessage: STALE,
    // Both rows, in id order, so two merges of the same pair cannot deadlock.
    lock: async (tx) => {
      const [first, second] = id < intoId ? [id, intoId] : [intoId, id];
      const a = await lock(tx, first);
      const b = await lock(tx, second).catch(() => {
        throw invalidInput('into_id', 'must be an existing enquiry');
      });
      return a.id === id ? a : b;
    },
    act: async (tx, row) => {
      const [target] = await tx.query<Pick<EnquiryColumns, (typeof MERGE_TARGET_FIELDS)[number]>>(`SELECT ${MERGE_TARGET_COLUMNS} FROM enquiries WHERE id = $1`, [intoId]);
      if (!target) throw invalidInput('into_id', 'must be an existing enquiry');
      if (row.merged_into_id !== null) throw conflict('This enquiry is already merged.');
      if (row.lead_id !== null) throw conflict('This enquiry is a lead already; it cannot be merged.');
      if (target.merged_into_id !== null) throw invalidInput('into_id', 'must not be a merged enquiry itself');
      if (target.created_at.getTime() > row.created_at.getTime() || (target.created_at.getTime() === row.created_at.getTime() && target.id > row.id)) {
        throw invalidInput('into_id', 'must be the earlier enquiry');
      }
      await tx.query(`UPDATE enquiries SET ${MERGE_ASSIGNMENTS}, version = version + 1 WHERE id = $1`, [id, intoId, 'closed', `Merged into enquiry ${intoId}`]);
      await tx.query('UPDATE enquiries SET version = version + 1 WHERE id = $1', [intoId]);
      await audit(tx, id, 'enquiry_merged', context, { into_id: intoId });
      await writeAudit(tx, {
        entity: 'enquiry',
        entityId: intoId,
        kind: 'enquiry_merged',
        actorId: context.actorId,
        data: { from_id: id, kind: row.kind, name: row.name, email: row.email, message: row.message, received_at: row.created_at.toISOString() },
      });
    },
    read: (tx) => readEnquiry(tx, id),
  });
}

/** Creates the CRM lead of this enquiry, linked both ways; a second conversion is refused. */
export async function convertToLead(db: Database, id: number, version: number, context: ActionContext, actorRole: string): Promise<{ enquiry: EnquiryItem; lead_id: number }> {
  let leadId = 0;
  const enquiry = await writeRecord(db, {
    entity: 'enquiry',
    context,
    version,
    conflictMessage: STALE,
    lock: (tx) => lock(tx, id),
    act: async (tx, row) => {
      if (row.lead_id !== null) throw conflict('This enquiry is already a lead.');
      if (row.merged_into_id !== null) throw conflict('This enquiry was merged into another; convert that one.');
      if (row.status === 'spam') throw conflict('This enquiry is marked spam; change its status first.');
      // The lead's owner: whoever converts it when they work in the CRM, else the enquiry's assignee when they do.
      const [assignee] = row.assignee_id === null ? [] : await tx.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [row.assignee_id]);
      const ownsCrm = (role: string | undefined) => role !== undefined && isStaffRole(role) && canSee(role, 'crm');
      const owner = ownsCrm(actorRole) ? context.actorId : ownsCrm(assignee?.role) ? row.assignee_id : null;
      leadId = await insertLead(
        tx,
        { company: row.company ?? row.name, contact_name: row.name, email: row.email, phone: row.phone, source: row.kind, owner_id: owner, monthly_value_fils: 0, next_follow_up: null, enquiry_id: id },
        context.actorId,
      );
      // The enquiry's own words are the lead's first note, so whoever works the lead reads them there.
      const details = detailsInWords(row.details);
      const words = [row.message, details === '' ? null : `Details: ${details}`].filter((part): part is string => part !== null && part !== '');
      if (words.length > 0) await insertNote(tx, leadId, `From the website form '${ENQUIRY_KIND_LABELS[row.kind]}':\n${words.join('\n')}`, row.created_at, context.actorId);
      await tx.query("UPDATE enquiries SET lead_id = $2, status = CASE WHEN status IN ('new', 'contacted') THEN 'qualified' ELSE status END, version = version + 1 WHERE id = $1", [id, leadId]);
      await audit(tx, id, 'enquiry_converted', context, { lead_id: leadId });
    },
    read: async (tx, row) => {
      const read = await readEnquiry(tx, id);
      leadId = read.lead_id ?? row.lead_id ?? leadId;
      return read;
    },
  });
  return { enquiry, lead_id: leadId };
}
