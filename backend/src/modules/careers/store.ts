/**
 * Careers: job posts (draft, published with optional dates, closed), the website's reads of the open ones,
 * applications with their CV (a PDF checked by its bytes) and their review (status, notes). A post is open when
 * published and today (Dubai) is within its dates; a closed or expired post refuses applications even when its
 * public address is called directly. No HTTP here.
 */
import type { Application, ApplicationDetail, ApplicationStatus, JobPost, JobStatus, NewJobBody, PublicJob, UpdateJobBody } from '../../../../common/contract/careers.ts';
import { MAX_CV_BYTES, careerPagePath } from '../../../../common/contract/careers-paths.ts';
import { dubaiDate } from '../../../../common/calendar.ts';
import { DATE_RULES, inThePast } from '../../../../common/date-rules.ts';
import type { GrowthEventKind } from '../../../../common/events.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { createdWithKey, writeAudit } from '../../lib/audit.ts';
import { cleanFileName, sniffContentType } from '../../lib/documents.ts';
import { HttpError, invalidInput, notFound } from '../../lib/http-error.ts';
import { containsPattern, type PageWindow } from '../../lib/pagination.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import { personJson } from '../../lib/person-sql.ts';
import { assignList, insertList, selectList } from '../../lib/table.ts';
import {
  APPLICATION_ROW_FIELDS,
  JOB_CONTENT_FIELDS,
  JOB_ROW_FIELDS,
  jobApplicationsTable,
  jobPostsTable,
  NEW_APPLICATION_FIELDS,
  NEW_JOB_FIELDS,
  PUBLIC_JOB_FIELDS,
  STATUS_LOCK_FIELDS,
  type JobApplicationColumns,
  type JobPostColumns,
} from './table.ts';
import { notifyRoles } from '../notifications/index.ts';
import { rolesThat } from '../../../../common/access.ts';

/** Open today: the SQL of the rule, with today's Dubai date as a parameter placeholder. */
const openSql = (today: string) => `(j.status = 'published' AND (j.publish_from IS NULL OR j.publish_from <= ${today}::date) AND (j.publish_until IS NULL OR j.publish_until >= ${today}::date))`;

const JOB_COLUMNS = (today: string) => `${selectList(jobPostsTable, 'j', JOB_ROW_FIELDS)}, ${openSql(today)} AS open,
  (SELECT count(*)::integer FROM job_applications a WHERE a.job_id = j.id) AS application_count,
  (SELECT count(*)::integer FROM job_applications a WHERE a.job_id = j.id AND a.status = 'new') AS new_application_count`;

type JobRow = Pick<JobPostColumns, (typeof JOB_ROW_FIELDS)[number]> & Pick<JobPost, 'open' | 'application_count' | 'new_application_count'>;
const NEW_JOB = insertList(NEW_JOB_FIELDS);
const NEW_APPLICATION = insertList(NEW_APPLICATION_FIELDS);
const STATUS_LOCK = selectList(jobPostsTable, null, STATUS_LOCK_FIELDS);
const toJob = ({ created_at, ...row }: JobRow): JobPost => ({ ...row, created_at: created_at.toISOString() });

function jobFilter(filters: { status?: JobStatus; search?: string }): SqlFilter {
  const filter = new SqlFilter();
  if (filters.status) filter.add((p) => `j.status = ${p}`, filters.status);
  const search = filters.search?.trim() ?? '';
  if (search) filter.add((p) => `(lower(j.title) LIKE ${p} ESCAPE '\\' OR lower(j.department) LIKE ${p} ESCAPE '\\')`, containsPattern(search));
  return filter;
}

/** The posts the jobs list's filter selects (ids and titles), in the list's order: a bulk action's 'all matching'. */
export async function jobsMatching(db: Queryable, filters: { status?: JobStatus; search?: string }, limit: number): Promise<{ id: number; label: string }[]> {
  const filter = jobFilter(filters);
  return db.query<{ id: number; label: string }>(`SELECT j.id, j.title AS label FROM job_posts j ${filter.where} ORDER BY j.created_at DESC, j.id DESC LIMIT ${limit}`, filter.params);
}

export async function listJobs(db: Queryable, filters: { status?: JobStatus; search?: string }, window: PageWindow, now = new Date()): Promise<{ count: number; results: JobPost[] }> {
  const filter = jobFilter(filters);
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM job_posts j ${filter.where}`, filter.params);
  const today = `$${filter.params.length + 1}`;
  const rows = await db.query<JobRow>(`SELECT ${JOB_COLUMNS(today)} FROM job_posts j ${filter.where} ORDER BY j.created_at DESC, j.id DESC LIMIT ${window.size} OFFSET ${window.offset}`, [
    ...filter.params,
    dubaiDate(now),
  ]);
  return { count, results: rows.map(toJob) };
}

export async function readJob(db: Queryable, id: number, now = new Date()): Promise<JobPost> {
  const [row] = await db.query<JobRow>(`SELECT ${JOB_COLUMNS('$2')} FROM job_posts j WHERE j.id = $1`, [id, dubaiDate(now)]);
  if (!row) throw notFound('Job post');
  return toJob(row);
}

function checkDates(body: { status: JobStatus; publish_from: string | null; publish_until: string | null }, today = dubaiDate()): void {
  if (body.publish_from && body.publish_until && body.publish_until < body.publish_from) throw invalidInput('publish_until', 'must not be before the publishing start');
  // A published post's window is still open (common/date-rules.ts): one whose window has closed is closed, not published.
  if (body.status === 'published' && body.publish_until && inThePast(body.publish_until, today)) throw new HttpError(400, 'INVALID_INPUT', `Published until ${DATE_RULES.publishUntil.refusal}.`, 'publish_until');
}

function cleanJob(body: NewJobBody) {
  const title = body.title.trim();
  if (title === '') throw invalidInput('title', 'must not be blank');
  if (body.description.trim() === '') throw invalidInput('description', 'must not be blank');
  checkDates(body);
  return { ...body, title, department: body.department.trim(), description: body.description.replace(/\r\n/g, '\n').trim() };
}

async function audit(tx: Queryable, entity: 'job_post' | 'job_application', id: number, kind: GrowthEventKind, actorId: number | null, data: Record<string, unknown>, key?: string | null): Promise<void> {
  await writeAudit(tx, { entity, entityId: id, kind, actorId, data, idempotencyKey: key ?? null });
}

export async function createJob(db: Database, body: NewJobBody, context: ActionContext): Promise<JobPost> {
  const job = cleanJob(body);
  return db.transaction(async (tx) => {
    const seen = await createdWithKey(tx, 'job_post', 'job_created', context.actorId, context.idempotencyKey);
    if (seen !== null) return readJob(tx, seen);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO job_posts ${NEW_JOB.columns}
       VALUES ${NEW_JOB.values} RETURNING id`,
      [job.title, job.department, job.location, job.employment_type, job.description, job.status, job.publish_from, job.publish_until, context.actorId],
    );
    await audit(tx, 'job_post', row!.id, 'job_created', context.actorId, { status: job.status }, context.idempotencyKey);
    return readJob(tx, row!.id);
  });
}

export async function updateJob(db: Database, id: number, body: UpdateJobBody, context: ActionContext): Promise<JobPost> {
  const { version, ...fields } = body;
  const job = cleanJob(fields);
  return writeRecord(db, {
    entity: 'job_post',
    context,
    version,
    conflictMessage: 'This job post was changed by someone else. Reload it and try again.',
    lock: async (tx) => {
      const [row] = await tx.query<Pick<JobPostColumns, (typeof STATUS_LOCK_FIELDS)[number]>>(`SELECT ${STATUS_LOCK} FROM job_posts WHERE id = $1 FOR UPDATE`, [id]);
      if (!row) throw notFound('Job post');
      return row;
    },
    act: async (tx, row) => {
      await tx.query(
        `UPDATE job_posts SET ${assignList(JOB_CONTENT_FIELDS, 2)},
           version = version + 1 WHERE id = $1`,
        [id, job.title, job.department, job.location, job.employment_type, job.description, job.status, job.publish_from, job.publish_until],
      );
      await audit(tx, 'job_post', id, 'job_updated', context.actorId, { from: row.status, to: job.status }, context.idempotencyKey);
    },
    read: (tx) => readJob(tx, id),
  });
}

const PUBLIC_COLUMNS = selectList(jobPostsTable, 'j', PUBLIC_JOB_FIELDS);

export async function publicJobs(db: Queryable, now = new Date()): Promise<PublicJob[]> {
  return db.query<PublicJob>(`SELECT ${PUBLIC_COLUMNS} FROM job_posts j WHERE ${openSql('$1')} ORDER BY j.created_at DESC, j.id DESC`, [dubaiDate(now)]);
}

/** An open post; a draft, closed or expired one is not found (the website must not learn it exists). */
export async function publicJob(db: Queryable, id: number, now = new Date()): Promise<PublicJob> {
  const [row] = await db.query<PublicJob>(`SELECT ${PUBLIC_COLUMNS} FROM job_posts j WHERE j.id = $1 AND ${openSql('$2')}`, [id, dubaiDate(now)]);
  if (!row) throw notFound('Job post');
  return row;
}

export interface ApplicationInput {
  name: string;
  email: string;
  phone: string;
  cover_note?: string;
  website?: string;
  cv: { fileName: string; content: Buffer } | null;
}

/**
 * Stores an application to an open post. The honeypot drops it silently (same answer); the CV must be a PDF
 * by its bytes, at most MAX_CV_BYTES. A post that is not open refuses with 409, checked under its row lock so
 * a post closed at the same moment takes nothing more.
 */
export async function applyToJob(db: Database, jobId: number, input: ApplicationInput, now = new Date()): Promise<{ stored: boolean }> {
  if ((input.website ?? '').trim() !== '') return { stored: false };
  const name = input.name.trim();
  if (name === '') throw invalidInput('name', 'must not be blank');
  if (!/^\+?[0-9 ()-]{7,30}$/.test(input.phone.trim())) throw invalidInput('phone', 'must be a phone number');
  const cv = input.cv;
  if (!cv) throw invalidInput('cv', 'must be a PDF file');
  const content = cv.content;
  if (content.length === 0) throw invalidInput('cv', 'must not be empty');
  if (content.length > MAX_CV_BYTES) throw invalidInput('cv', 'must be at most 5 MB');
  if (sniffContentType(content) !== 'application/pdf') throw invalidInput('cv', 'is not a PDF file');
  return db.transaction(async (tx) => {
    const [job] = await tx.query<{ id: number; title: string; open: boolean }>(`SELECT j.id, j.title, ${openSql('$2')} AS open FROM job_posts j WHERE j.id = $1 FOR UPDATE`, [jobId, dubaiDate(now)]);
    if (!job) throw notFound('Job post');
    if (!job.open) throw new HttpError(409, 'CONFLICT', 'This job post is closed and takes no more applications.');
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO job_applications ${NEW_APPLICATION.columns} VALUES ${NEW_APPLICATION.values} RETURNING id`,
      [jobId, name, input.email.trim().toLowerCase(), input.phone.trim(), input.cover_note?.trim() || null, cleanFileName(cv.fileName || 'cv.pdf', 'application/pdf'), content, content.length],
    );
    await audit(tx, 'job_application', row!.id, 'application_received', null, { job_id: jobId });
    await notifyRoles(tx, rolesThat('hear-of-job-applications'), { kind: 'application_received', title: `New application: ${job.title}`, body: `${name} applied for ${job.title}.`, link: careerPagePath.application(row!.id) });
    return { stored: true };
  });
}

const APP_COLUMNS = `${selectList(jobApplicationsTable, 'a', APPLICATION_ROW_FIELDS)}, j.title AS job_title`;
type AppRow = Pick<JobApplicationColumns, (typeof APPLICATION_ROW_FIELDS)[number]> & { job_title: string };
const toApplication = ({ created_at, ...row }: AppRow): Application => ({ ...row, created_at: created_at.toISOString() });

export async function listApplications(db: Queryable, jobId: number, status: ApplicationStatus | undefined, window: PageWindow): Promise<{ count: number; results: Application[] }> {
  await readJob(db, jobId);
  const filter = new SqlFilter();
  filter.add((p) => `a.job_id = ${p}`, jobId);
  if (status) filter.add((p) => `a.status = ${p}`, status);
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM job_applications a ${filter.where}`, filter.params);
  const rows = await db.query<AppRow>(`SELECT ${APP_COLUMNS} FROM job_applications a JOIN job_posts j ON j.id = a.job_id ${filter.where} ORDER BY a.created_at DESC, a.id DESC LIMIT ${window.size} OFFSET ${window.offset}`, filter.params);
  return { count, results: rows.map(toApplication) };
}

/** A post's applications its list's filter selects (ids and labels), in the list's order: a bulk action's 'all matching'. */
export async function applicationsMatching(db: Queryable, jobId: number, status: ApplicationStatus | undefined, limit: number): Promise<{ id: number; label: string }[]> {
  const filter = new SqlFilter();
  filter.add((p) => `a.job_id = ${p}`, jobId);
  if (status) filter.add((p) => `a.status = ${p}`, status);
  return db.query<{ id: number; label: string }>(
    `SELECT a.id, a.name || ' (' || j.title || ')' AS label FROM job_applications a JOIN job_posts j ON j.id = a.job_id ${filter.where} ORDER BY a.created_at DESC, a.id DESC LIMIT ${limit}`,
    filter.params,
  );
}

export async function readApplication(db: Queryable, id: number): Promise<Application> {
  const [row] = await db.query<AppRow>(`SELECT ${APP_COLUMNS} FROM job_applications a JOIN job_posts j ON j.id = a.job_id WHERE a.id = $1`, [id]);
  if (!row) throw notFound('Application');
  return toApplication(row);
}

export async function applicationDetail(db: Queryable, id: number): Promise<ApplicationDetail> {
  const application = await readApplication(db, id);
  const history = await db.query<{ id: number; kind: string; data: Record<string, unknown>; actor: ApplicationDetail['history'][number]['actor']; created_at: Date }>(
    `SELECT ev.id, ev.kind, ev.data, ${personJson('u')} AS actor, ev.created_at FROM audit_events ev LEFT JOIN users u ON u.id = ev.actor_id
     WHERE ev.entity = 'job_application' AND ev.entity_id = $1 ORDER BY ev.created_at, ev.id`,
    [id],
  );
  return { application, history: history.map((row) => ({ ...row, created_at: row.created_at.toISOString() })) };
}

export async function applicationCv(db: Queryable, id: number): Promise<{ file_name: string; content_type: string; content: Uint8Array }> {
  const [row] = await db.query<{ file_name: string; content: Uint8Array }>('SELECT cv_file_name AS file_name, cv_content AS content FROM job_applications WHERE id = $1', [id]);
  if (!row) throw notFound('Application');
  return { ...row, content_type: 'application/pdf' };
}

const lockApplication = async (tx: Queryable, id: number) => {
  const [row] = await tx.query<Pick<JobApplicationColumns, (typeof STATUS_LOCK_FIELDS)[number]>>(`SELECT ${STATUS_LOCK} FROM job_applications WHERE id = $1 FOR UPDATE`, [id]);
  if (!row) throw notFound('Application');
  return row;
};
const STALE_APPLICATION = 'This application was changed by someone else. Reload it and try again.';

export async function changeApplicationStatus(db: Database, id: number, status: ApplicationStatus, version: number, context: ActionContext): Promise<Application> {
  return writeRecord(db, {
    entity: 'job_application',
    context,
    version,
    conflictMessage: STALE_APPLICATION,
    lock: (tx) => lockApplication(tx, id),
    act: async (tx, row) => {
      if (row.status === status) return;
      await tx.query('UPDATE job_applications SET status = $2, version = version + 1 WHERE id = $1', [id, status]);
      await audit(tx, 'job_application', id, 'application_status_changed', context.actorId, { from: row.status, to: status }, context.idempotencyKey);
    },
    read: (tx) => readApplication(tx, id),
  });
}

export async function addApplicationNote(db: Database, id: number, text: string, context: ActionContext): Promise<ApplicationDetail> {
  const note = text.trim();
  if (note === '') throw invalidInput('text', 'must not be blank');
  return writeRecord(db, {
    entity: 'job_application',
    context,
    version: null,
    conflictMessage: STALE_APPLICATION,
    lock: (tx) => lockApplication(tx, id),
    act: (tx) => audit(tx, 'job_application', id, 'application_note_added', context.actorId, { text: note }, context.idempotencyKey),
    read: (tx) => applicationDetail(tx, id),
  });
}
