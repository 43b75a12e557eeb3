/**
 * Monthly reports: one per client and month, in revisions. The workflow (common/clients.ts REPORT_STATES):
 * the client's bookkeeper (or ADMIN) drafts it (PDF and summary) and submits it; a REVIEWER or ADMIN other than
 * the submitter approves it or returns it with a reason; the bookkeeper publishes an approved report, and the
 * client is notified. A published revision is never changed: a new revision of the month starts as a draft,
 * and publishing it marks the older one superseded. Every action is a versioned write with its timeline event
 * and its notifications.
 */
import { dubaiDate, firstDayOf, monthLabel, monthOfDate } from '../../../../common/calendar.ts';
import { OPEN_REPORT_STATES, REPORT_CONFLICT_MESSAGE, REPORT_STATE_LABELS, type ReportState } from '../../../../common/clients.ts';
import type { MonthlyReport, MyReport, NewReportBody, ReportFileBody, ReportQuery } from '../../../../common/contract/clients.ts';
import type { ClientEventKind } from '../../../../common/events.ts';
import { MAX_DOCUMENT_BYTES } from '../../../../common/review.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { writeAudit } from '../../lib/audit.ts';
import { cleanFileName, decodeDocument } from '../../lib/documents.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/http-error.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { addClientVisibility, clientPermissions, isVisibleTo } from './access.ts';
import { myClientId } from './document-store.ts';
import { notifyReportEvent } from './notify.ts';
import { monthText } from './rows.ts';
import { lockClient } from './client-write.ts';
import { may } from '../../../../common/access.ts';
import { personJson } from '../../lib/person-sql.ts';
import { type PersonRef } from '../../../../common/contract/shared.ts';
import { assignList, insertList, selectList } from '../../lib/table.ts';
import { monthlyReportsTable, MY_REPORT_FIELDS, NEW_REPORT_FIELDS, REPORT_FILE_FIELDS, REPORT_ROW_FIELDS, type ReportColumn, type ReportColumns } from './report-table.ts';

type Caller = Pick<CurrentUser, 'id' | 'role'>;

/** A report as stored, its month as 'YYYY-MM', its client's team and name, and its people as joined. */
type ReportRow = Pick<ReportColumns, (typeof REPORT_ROW_FIELDS)[number]> & {
  client_name: string;
  month: string;
  bookkeeper_id: number | null;
  reviewer_id: number | null;
  client_user_id: number | null;
  submitter_id: number | null;
  /** Another revision of the month is being worked on. */
  open_revision: boolean;
  creator: PersonRef | null;
  submitter: PersonRef | null;
  reviewer: PersonRef | null;
  publisher: PersonRef | null;
};

const COLUMNS = `${selectList(monthlyReportsTable, 'r', REPORT_ROW_FIELDS)}, c.legal_name AS client_name, ${monthText('r.month', 'month')},
  c.bookkeeper_id, c.reviewer_id, c.user_id AS client_user_id, r.submitted_by AS submitter_id,
  EXISTS (SELECT 1 FROM monthly_reports o WHERE o.client_id = r.client_id AND o.month = r.month AND o.id <> r.id AND o.state = ANY('{draft,submitted,returned,approved}'::text[])) AS open_revision,
  ${personJson('cb')} AS creator, ${personJson('sb')} AS submitter, ${personJson('rb')} AS reviewer, ${personJson('pb')} AS publisher`;

const FROM = `FROM monthly_reports r JOIN clients c ON c.id = r.client_id
  LEFT JOIN users cb ON cb.id = r.created_by LEFT JOIN users sb ON sb.id = r.submitted_by
  LEFT JOIN users rb ON rb.id = r.reviewed_by LEFT JOIN users pb ON pb.id = r.published_by`;

const NEW_REPORT_INSERT = insertList(NEW_REPORT_FIELDS);

const isOpen = (state: ReportState) => OPEN_REPORT_STATES.includes(state);
const editable = (state: ReportState) => state === 'draft' || state === 'returned';

function toReport(row: ReportRow, user: Caller): MonthlyReport {
  const permissions = clientPermissions(user, row);
  return {
    id: row.id,
    client_id: row.client_id,
    client_name: row.client_name,
    month: row.month,
    revision: row.revision,
    state: row.state,
    summary: row.summary,
    file: row.file_name && row.size_bytes !== null && row.file_uploaded_at ? { file_name: row.file_name, size_bytes: row.size_bytes, uploaded_at: row.file_uploaded_at.toISOString() } : null,
    return_reason: row.return_reason,
    created_by: row.creator,
    created_at: row.created_at.toISOString(),
    submitted_by: row.submitter,
    submitted_at: row.submitted_at?.toISOString() ?? null,
    reviewed_by: row.reviewer,
    reviewed_at: row.reviewed_at?.toISOString() ?? null,
    published_by: row.publisher,
    published_at: row.published_at?.toISOString() ?? null,
    version: row.version,
    can: {
      edit: permissions.edit && editable(row.state),
      submit: permissions.edit && editable(row.state) && row.file_name !== null,
      review: permissions.review && row.state === 'submitted' && row.submitter_id !== user.id,
      publish: permissions.edit && row.state === 'approved',
      new_version: permissions.edit && row.state === 'published' && !row.open_revision,
    },
  };
}

async function findRow(db: Queryable, reportId: number, lock = false): Promise<ReportRow | undefined> {
  const [row] = await db.query<ReportRow>(`SELECT ${COLUMNS} ${FROM} WHERE r.id = $1${lock ? ' FOR UPDATE OF r' : ''}`, [reportId]);
  return row;
}

export async function readReport(db: Queryable, user: Caller, reportId: number): Promise<MonthlyReport> {
  const row = await findRow(db, reportId);
  if (!row || !isVisibleTo(user, row)) throw notFound('Monthly report');
  return toReport(row, user);
}

/**
 * 'Waiting for my review' (the list's review=mine and the Home block): reports submitted by someone else on
 * clients whose reviewer is the caller, and, for a REVIEWER, on clients with no reviewer (every REVIEWER is told
 * of those). Only REVIEWER and ADMIN decide on reports, so other roles have none. Over `monthly_reports r`
 * joined to `clients c`.
 */
export function addWaitingForMyReview(filter: SqlFilter, user: Caller): void {
  if (!clientPermissions(user, { bookkeeper_id: null, reviewer_id: null }).review) {
    filter.addClause('false');
    return;
  }
  const me = filter.bind(user.id);
  filter.addClause(`r.state = 'submitted' AND r.submitted_by IS DISTINCT FROM ${me} AND (c.reviewer_id = ${me}${may(user.role, 'review-client-books') ? ' OR c.reviewer_id IS NULL' : ''})`);
}

export async function listReports(db: Queryable, user: Caller, query: ReportQuery, window: PageWindow): Promise<{ count: number; results: MonthlyReport[] }> {
  const filter = new SqlFilter();
  addClientVisibility(filter, user, 'c');
  if (query.client !== undefined) filter.add((p) => `r.client_id = ${p}`, query.client);
  if (query.month !== undefined) filter.add((p) => `r.month = ${p}::date`, firstDayOf(query.month));
  if (query.state !== undefined) filter.add((p) => `r.state = ${p}`, query.state);
  if (query.review === 'mine') addWaitingForMyReview(filter, user);
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM monthly_reports r JOIN clients c ON c.id = r.client_id ${filter.where}`, filter.params);
  const rows = await db.query<ReportRow>(`SELECT ${COLUMNS} ${FROM} ${filter.where} ORDER BY r.month DESC, r.revision DESC, r.id DESC LIMIT ${window.size} OFFSET ${window.offset}`, filter.params);
  return { count, results: rows.map((row) => toReport(row, user)) };
}

export async function readReportFile(db: Queryable, user: Caller, reportId: number): Promise<{ file_name: string; content_type: string; content: Uint8Array }> {
  const row = await findRow(db, reportId);
  if (!row || !isVisibleTo(user, row)) throw notFound('Monthly report');
  return fileOf(db, reportId);
}

async function fileOf(db: Queryable, reportId: number): Promise<{ file_name: string; content_type: string; content: Uint8Array }> {
  const [file] = await db.query<Pick<ReportColumns, (typeof REPORT_FILE_FIELDS)[number]>>(`SELECT ${selectList(monthlyReportsTable, null, REPORT_FILE_FIELDS)} FROM monthly_reports WHERE id = $1`, [reportId]);
  if (!file?.file_name || !file.content) throw notFound('The PDF of this report');
  return { file_name: file.file_name, content_type: 'application/pdf', content: file.content };
}

// ------------------------------------------------------------------------------------------------ actions

async function recordEvent(tx: Queryable, row: ReportRow, kind: ClientEventKind, actorId: number | null, idempotencyKey: string | null, data: Record<string, unknown> = {}, before?: ReportState, after?: ReportState): Promise<void> {
  await writeAudit(tx, {
    entity: 'monthly_report',
    entityId: row.id,
    kind,
    actorId,
    data: { client_id: row.client_id, month: row.month, revision: row.revision, ...data },
    ...(before ? { before: { state: before, version: row.version } } : {}),
    ...(after ? { after: { state: after, version: row.version + 1 } } : {}),
    idempotencyKey,
  });
}

/** A versioned action on a report the caller sees (404 otherwise); `rule` says who may (403 otherwise) and when (409). */
function reportAction(
  db: Database,
  user: Caller,
  reportId: number,
  version: number,
  context: ActionContext,
  rule: (row: ReportRow) => void,
  act: (tx: Queryable, row: ReportRow) => Promise<void>,
): Promise<MonthlyReport> {
  return writeRecord(db, {
    entity: 'monthly_report',
    context,
    version,
    conflictMessage: REPORT_CONFLICT_MESSAGE,
    lock: async (tx) => {
      const row = await findRow(tx, reportId, true);
      if (!row || !isVisibleTo(user, row)) throw notFound('Monthly report');
      rule(row);
      return row;
    },
    act,
    read: async (tx, row) => toReport((await findRow(tx, row.id))!, user),
  });
}

const requireEditor = (user: Caller) => (row: ReportRow) => {
  if (!clientPermissions(user, row).edit) throw forbidden("Only an administrator or the client's bookkeeper may work on its reports.");
};

function requireState(row: ReportRow, states: readonly ReportState[], doing: string): void {
  if (!states.includes(row.state)) throw conflict(`This report is ${REPORT_STATE_LABELS[row.state].toLowerCase()}, so it cannot be ${doing} now. The page now shows the latest version.`);
}

/** Sets the report's columns and bumps its version. */
async function update(tx: Queryable, row: Pick<ReportRow, 'id'>, set: Partial<ReportColumns>): Promise<void> {
  const columns = Object.keys(set) as ReportColumn[];
  await tx.query(
    `UPDATE monthly_reports SET ${assignList(columns, 2)}, version = version + 1, updated_at = CURRENT_TIMESTAMP WHERE id = $1`,
    [row.id, ...columns.map((column) => set[column])],
  );
}

/**
 * Starts the month's report: revision 1, or the next revision of a month whose report was published. Only one
 * revision of a month is worked on at a time. A retried request (same Idempotency-Key) answers the report it
 * created.
 */
export async function createReport(db: Database, user: Caller, body: NewReportBody, context: ActionContext, today = dubaiDate()): Promise<MonthlyReport> {
  if (body.month > monthOfDate(today)) throw invalidInput('month', 'must not be a month still to come');
  return db.transaction(async (tx) => {
    const client = await lockClient(tx, user, body.client_id);
    if (context.idempotencyKey) {
      const [seen] = await tx.query<{ entity_id: number }>(
        "SELECT entity_id FROM audit_events WHERE entity = 'monthly_report' AND kind = 'report_created' AND idempotency_key = $1 AND (data->>'client_id')::integer = $2",
        [context.idempotencyKey, client.id],
      );
      if (seen) return toReport((await findRow(tx, seen.entity_id))!, user);
    }
    const revisions = await tx.query<Pick<ReportColumns, 'revision' | 'state'>>('SELECT revision, state FROM monthly_reports WHERE client_id = $1 AND month = $2::date ORDER BY revision DESC', [
      client.id,
      firstDayOf(body.month),
    ]);
    if (revisions.some((revision) => isOpen(revision.state))) throw conflict(`The ${monthLabel(body.month)} report of this client is already being worked on.`);
    const revision = (revisions[0]?.revision ?? 0) + 1;
    const [created] = await tx.query<{ id: number }>(
      `INSERT INTO monthly_reports ${NEW_REPORT_INSERT.columns} VALUES ${NEW_REPORT_INSERT.values} RETURNING id`,
      [client.id, firstDayOf(body.month), revision, body.summary?.trim() ?? '', context.actorId],
    );
    const row = (await findRow(tx, created!.id))!;
    await recordEvent(tx, row, 'report_created', context.actorId, context.idempotencyKey);
    return toReport(row, user);
  });
}

export function updateReport(db: Database, user: Caller, reportId: number, body: { summary: string; version: number }, context: ActionContext): Promise<MonthlyReport> {
  return reportAction(db, user, reportId, body.version, context, requireEditor(user), async (tx, row) => {
    requireState(row, ['draft', 'returned'], 'edited');
    const summary = body.summary.trim();
    if (summary === row.summary) return;
    await update(tx, row, { summary });
    await recordEvent(tx, row, 'report_updated', context.actorId, context.idempotencyKey);
  });
}

export function uploadReportFile(db: Database, user: Caller, reportId: number, body: ReportFileBody, context: ActionContext): Promise<MonthlyReport> {
  const content = decodeDocument(body.content_base64, 'application/pdf', MAX_DOCUMENT_BYTES);
  const fileName = cleanFileName(body.file_name, 'application/pdf');
  return reportAction(db, user, reportId, body.version, context, requireEditor(user), async (tx, row) => {
    requireState(row, ['draft', 'returned'], 'given a new PDF');
    await update(tx, row, { file_name: fileName, size_bytes: content.length, content, file_uploaded_at: new Date() });
    await recordEvent(tx, row, 'report_file_uploaded', context.actorId, context.idempotencyKey, { file_name: fileName, size_bytes: content.length });
  });
}

export function submitReport(db: Database, user: Caller, reportId: number, version: number, context: ActionContext): Promise<MonthlyReport> {
  return reportAction(db, user, reportId, version, context, requireEditor(user), async (tx, row) => {
    requireState(row, ['draft', 'returned'], 'submitted');
    if (!row.file_name) throw conflict("Upload the report's PDF before submitting it.");
    if (row.summary.trim() === '') throw conflict('Write the summary the client will read before submitting the report.');
    await update(tx, row, { state: 'submitted', submitted_by: context.actorId, submitted_at: new Date(), return_reason: null });
    await recordEvent(tx, row, 'report_submitted', context.actorId, context.idempotencyKey, {}, row.state, 'submitted');
    await notifyReportEvent(tx, 'report_submitted', { id: row.client_id, legal_name: row.client_name, bookkeeper_id: row.bookkeeper_id, reviewer_id: row.reviewer_id }, { ...row, submitted_by: context.actorId }, context.actorId);
  });
}

/** Reviewers decide; nobody decides on a report they submitted themselves (four eyes). */
const requireReviewer = (user: Caller) => (row: ReportRow) => {
  if (!clientPermissions(user, row).review) throw forbidden('Only a reviewer or an administrator may approve or return reports.');
  if (row.submitter_id === user.id) throw forbidden('You submitted this report: another reviewer must decide on it.');
};

export function approveReport(db: Database, user: Caller, reportId: number, version: number, context: ActionContext): Promise<MonthlyReport> {
  return reportAction(db, user, reportId, version, context, requireReviewer(user), async (tx, row) => {
    requireState(row, ['submitted'], 'approved');
    await update(tx, row, { state: 'approved', reviewed_by: context.actorId, reviewed_at: new Date() });
    await recordEvent(tx, row, 'report_approved', context.actorId, context.idempotencyKey, {}, row.state, 'approved');
    await notifyReportEvent(tx, 'report_approved', { id: row.client_id, legal_name: row.client_name, bookkeeper_id: row.bookkeeper_id }, { ...row, submitted_by: row.submitter_id }, context.actorId);
  });
}

export function returnReport(db: Database, user: Caller, reportId: number, body: { reason: string; version: number }, context: ActionContext): Promise<MonthlyReport> {
  const reason = body.reason.trim();
  if (reason === '') return Promise.reject(invalidInput('reason', 'must not be blank'));
  return reportAction(db, user, reportId, body.version, context, requireReviewer(user), async (tx, row) => {
    requireState(row, ['submitted'], 'returned');
    await update(tx, row, { state: 'returned', reviewed_by: context.actorId, reviewed_at: new Date(), return_reason: reason });
    await recordEvent(tx, row, 'report_returned', context.actorId, context.idempotencyKey, { reason }, row.state, 'returned');
    await notifyReportEvent(tx, 'report_returned', { id: row.client_id, legal_name: row.client_name, bookkeeper_id: row.bookkeeper_id }, { ...row, submitted_by: row.submitter_id }, context.actorId, reason);
  });
}

/** Publishes an approved report to the client; an older published revision of the month becomes superseded (kept, never replaced). */
export function publishReport(db: Database, user: Caller, reportId: number, version: number, context: ActionContext): Promise<MonthlyReport> {
  return reportAction(db, user, reportId, version, context, requireEditor(user), async (tx, row) => {
    requireState(row, ['approved'], 'published');
    const older = await tx.query<ReportRow>(`SELECT ${COLUMNS} ${FROM} WHERE r.client_id = $1 AND r.month = $2::date AND r.state = 'published' AND r.id <> $3 FOR UPDATE OF r`, [
      row.client_id,
      firstDayOf(row.month),
      row.id,
    ]);
    for (const previous of older) {
      await update(tx, previous, { state: 'superseded' });
      await recordEvent(tx, previous, 'report_superseded', context.actorId, null, { by_revision: row.revision, by_report_id: row.id }, 'published', 'superseded');
    }
    await update(tx, row, { state: 'published', published_by: context.actorId, published_at: new Date() });
    await recordEvent(tx, row, 'report_published', context.actorId, context.idempotencyKey, {}, row.state, 'published');
    await notifyReportEvent(tx, 'report_published', { id: row.client_id, legal_name: row.client_name, bookkeeper_id: row.bookkeeper_id, user_id: row.client_user_id }, { ...row, submitted_by: row.submitter_id }, context.actorId);
  });
}

// ----------------------------------------------------------------------------------------- the client's own

export async function myReports(db: Queryable, userId: number): Promise<MyReport[]> {
  const clientId = await myClientId(db, userId);
  // A published report has its PDF and its time.
  const rows = await db.query<Omit<Pick<ReportColumns, (typeof MY_REPORT_FIELDS)[number]>, 'file_name' | 'published_at'> & { month: string; file_name: string; published_at: Date }>(
    `SELECT ${selectList(monthlyReportsTable, null, MY_REPORT_FIELDS)}, ${monthText('month', 'month')} FROM monthly_reports
     WHERE client_id = $1 AND state IN ('published', 'superseded') ORDER BY month DESC, revision DESC`,
    [clientId],
  );
  return rows.map((row) => ({ id: row.id, month: row.month, revision: row.revision, summary: row.summary, file_name: row.file_name, published_at: row.published_at.toISOString(), superseded: row.state === 'superseded' }));
}

export async function myReportFile(db: Queryable, userId: number, reportId: number): Promise<{ file_name: string; content_type: string; content: Uint8Array }> {
  const clientId = await myClientId(db, userId);
  const [row] = await db.query<{ id: number }>("SELECT id FROM monthly_reports WHERE id = $1 AND client_id = $2 AND state IN ('published', 'superseded')", [reportId, clientId]);
  if (!row) throw notFound('Monthly report');
  return fileOf(db, reportId);
}
