/**
 * One registration's record as the console reads it: header, company profile, documents, each step's record,
 * timeline, the stepper's status, a document's bytes and the staff who may be assigned. The review's actions
 * (review-store.ts) and every staff write (staff-write.ts) answer with readReview.
 */
import { rolesThat } from '../../../../common/access.ts';
import type {
  CompanyProfile,
  RegistrationDocument,
  RegistrationReview,
  TimelineEvent,
  UserStatusResponse,
} from '../../../../common/contract/registrations.ts';
import type { PersonRef } from '../../../../common/contract/shared.ts';
import { dubaiDate } from '../../../../common/calendar.ts';
import { AML_TIMELINE_KINDS, type AmlTimelineKind, type RegistrationEventKind } from '../../../../common/events.ts';
import { onboardingPageOf } from '../../../../common/onboarding.ts';
import { REMINDER_INTERVAL_MS, phaseOf } from '../../../../common/pipeline.ts';
import { profileChecks } from '../../../../common/profile-checks.ts';
import { STAGES, STAGE_TITLES, type Stage } from '../../../../common/stages.ts';
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';
import { selectList } from '../../lib/table.ts';
import { activationOf, meetingById, paymentOf, planOf, verificationOf, withdrawalOf } from './records.ts';
import { COMPANY_PROFILE_FIELDS, companyProfilesTable, registrationsTable, STEP_FIELDS, type CompanyProfileColumns, type RegistrationColumns } from './table.ts';
import { DOCUMENT_FILE_FIELDS, DOCUMENT_ROW_FIELDS, registrationDocumentsTable, type RegistrationDocumentColumns } from './document-table.ts';
import { EVENT_ROW_FIELDS, registrationEventsTable, type RegistrationEventColumns } from './event-table.ts';
import { findRegistration } from './transition.ts';
import { readFreeze } from '../../lib/aml-freeze.ts';

export { findRegistration, type RegistrationRow } from './transition.ts';

export async function person(db: Queryable, id: number | null): Promise<PersonRef | null> {
  if (id === null) return null;
  const [row] = await db.query<PersonRef>('SELECT id, display_name, email FROM users WHERE id = $1', [id]);
  return row ?? null;
}

export async function documentsOf(db: Queryable, registrationId: number): Promise<RegistrationDocument[]> {
  const rows = await db.query<Pick<RegistrationDocumentColumns, (typeof DOCUMENT_ROW_FIELDS)[number]> & { uploader_id: number | null; uploader_name: string | null; uploader_email: string | null }>(
    `SELECT ${selectList(registrationDocumentsTable, 'd', DOCUMENT_ROW_FIELDS)},
            u.id AS uploader_id, u.display_name AS uploader_name, u.email AS uploader_email
     FROM registration_documents d LEFT JOIN users u ON u.id = d.uploaded_by
     WHERE d.registration_id = $1 ORDER BY d.uploaded_at DESC, d.id DESC`,
    [registrationId],
  );
  return rows.map(({ uploader_id, uploader_name, uploader_email, uploaded_at, ...document }) => ({
    ...document,
    uploaded_at: uploaded_at.toISOString(),
    uploaded_by: uploader_id === null ? null : { id: uploader_id, display_name: uploader_name, email: uploader_email ?? '' },
  }));
}

export async function profileOf(db: Queryable, registrationId: number, legalName: string): Promise<CompanyProfile | null> {
  const [row] = await db.query<Pick<CompanyProfileColumns, (typeof COMPANY_PROFILE_FIELDS)[number]>>(
    `SELECT ${selectList(companyProfilesTable, null, COMPANY_PROFILE_FIELDS)}
     FROM company_profiles WHERE registration_id = $1`,
    [registrationId],
  );
  return row ? { legal_name: legalName, ...row, submitted_at: row.submitted_at.toISOString() } : null;
}

/** When the next reminder may go out; null when one may go now. */
export function nextReminderAt(lastRemindedAt: Date | null, now = Date.now()): Date | null {
  if (!lastRemindedAt) return null;
  const next = lastRemindedAt.getTime() + REMINDER_INTERVAL_MS;
  return next > now ? new Date(next) : null;
}

/** Everything the detail page and the stepper show about one registration, keyed by the client's user id. */
export async function readReview(db: Queryable, userId: number): Promise<RegistrationReview> {
  const row = await findRegistration(db, userId);
  const [client] = await db.query<PersonRef & { date_joined: Date }>('SELECT id, display_name, email, date_joined FROM users WHERE id = $1', [userId]);
  const [steps] = await db.query<Pick<RegistrationColumns, (typeof STEP_FIELDS)[number] | 'plan_amount_aed'> & { meeting_booked_by: string | null }>(
    `SELECT ${selectList(registrationsTable, 'r', STEP_FIELDS)}, coalesce(b.display_name, b.email) AS meeting_booked_by, r.plan_amount_aed::text AS plan_amount_aed
     FROM registrations r LEFT JOIN users b ON b.id = r.meeting_booked_by WHERE r.id = $1`,
    [row.id],
  );
  const reached = await db.query<{ stage: Stage; at: Date }>(
    `SELECT data->>'stage' AS stage, min(created_at) AS at FROM audit_events
     WHERE entity = 'registration' AND entity_id = $1 AND kind = 'stage_reached' GROUP BY data->>'stage'`,
    [row.id],
  );
  const profile = await profileOf(db, row.id, row.legal_name);
  const phase = phaseOf(row);
  return {
    id: row.id,
    user_id: row.user_id,
    registration_id: row.registration_id,
    legal_name: row.legal_name,
    stage: row.stage,
    status: row.status,
    status_label: row.status_label,
    review_state: row.review_state,
    queue: onboardingPageOf(row),
    version: row.version,
    assignee: await person(db, row.assignee_id),
    client: { id: client!.id, display_name: client!.display_name, email: client!.email },
    joined_at: client!.date_joined.toISOString(),
    requested_on: row.requested_on?.toISOString() ?? null,
    recieved_on: row.recieved_on?.toISOString() ?? null,
    review_since: row.review_since?.toISOString() ?? null,
    meeting_at: steps?.meeting_at?.toISOString() ?? null,
    meeting_booked_by: steps?.meeting_booked_by ?? null,
    plan_name: steps?.plan_name ?? null,
    plan_amount_aed: steps?.plan_amount_aed ?? null,
    payment_date: steps?.payment_date?.toISOString() ?? null,
    reached_at: Object.fromEntries(reached.map((entry) => [entry.stage, entry.at.toISOString()])),
    profile,
    documents: await documentsOf(db, row.id),
    phase,
    profile_checks: profileChecks(profile, dubaiDate(Date.now())),
    last_reminded_at: row.last_reminded_at?.toISOString() ?? null,
    next_reminder_at: nextReminderAt(row.last_reminded_at)?.toISOString() ?? null,
    verification: await verificationOf(db, row.id),
    meeting: await meetingById(db, row.meeting_id),
    plan: await planOf(db, row.id),
    payment: await paymentOf(db, row.id),
    activation: await activationOf(db, row.id),
    withdrawal: phase === 'withdrawn' ? await withdrawalOf(db, row.id) : null,
    frozen: await readFreeze(db, { registrationId: row.id }),
  };
}

/** The registration's timeline: every audit event of it, oldest first, with who acted. */
export async function readTimeline(db: Queryable, userId: number): Promise<TimelineEvent[]> {
  const registration = await findRegistration(db, userId);
  const rows = await db.query<{ id: number; kind: RegistrationEventKind | AmlTimelineKind; data: Record<string, unknown>; created_at: Date; actor_id: number | null; actor_name: string | null; actor_email: string | null }>(
    // With the AML file's screening decisions (AML_TIMELINE_KINDS), each naming its subject.
    `SELECT e.id, e.kind, CASE WHEN e.entity = 'aml_match' THEN e.data || jsonb_build_object('subject', coalesce(p.name, $2::text)) ELSE e.data END AS data,
            e.created_at, a.id AS actor_id, a.display_name AS actor_name, a.email AS actor_email
     FROM audit_events e LEFT JOIN users a ON a.id = e.actor_id
     LEFT JOIN aml_parties p ON e.entity = 'aml_match' AND p.id = (e.data->>'party_id')::integer
     WHERE (e.entity = 'registration' AND e.entity_id = $1)
        OR (e.entity = 'aml_match' AND e.kind = ANY($3::text[]) AND (e.data->>'registration_id')::integer = $1)
     ORDER BY e.created_at, e.id`,
    [registration.id, registration.legal_name, AML_TIMELINE_KINDS],
  );
  // The stored data was written by the action of the same kind, so it has that kind's shape.
  return rows.map(
    (row) =>
      ({
        id: row.id,
        kind: row.kind,
        actor: row.actor_id === null ? null : { id: row.actor_id, display_name: row.actor_name, email: row.actor_email ?? '' },
        created_at: row.created_at.toISOString(),
        data: row.data,
      }) as TimelineEvent,
  );
}

/** The spec's stepper call: the seven steps (completed, the current one 'active', then pending) and the status history. */
export async function readStatus(db: Queryable, userId: number): Promise<UserStatusResponse> {
  const registration = await findRegistration(db, userId);
  const events = await db.query<Pick<RegistrationEventColumns, (typeof EVENT_ROW_FIELDS)[number]>>(
    `SELECT ${selectList(registrationEventsTable, null, EVENT_ROW_FIELDS)} FROM registration_events WHERE registration_id = $1 ORDER BY created_at, id`,
    [registration.id],
  );
  const reached = STAGES.indexOf(registration.stage);
  return {
    status: STAGES.map((stage, index) => ({
      field_name: stage,
      status_text: STAGE_TITLES[stage],
      // The stage being worked on is 'active'; a withdrawn registration's last reached step is simply completed,
      // and so is an activated account's: nothing is in progress any more (seven ticks, seven 'completed').
      status: index < reached ? 'completed' : index === reached ? (registration.status === 'active' && stage !== 'account_activated' ? 'active' : 'completed') : 'pending',
    })),
    current_status: events.map((event) => ({ status_text: event.status_text, created_at: event.created_at.toISOString() })),
  };
}

export type DocumentFile = Pick<RegistrationDocumentColumns, (typeof DOCUMENT_FILE_FIELDS)[number]>;

export async function readDocumentFile(db: Queryable, userId: number, documentId: number): Promise<DocumentFile> {
  const registration = await findRegistration(db, userId);
  const [row] = await db.query<DocumentFile>(
    `SELECT ${selectList(registrationDocumentsTable, null, DOCUMENT_FILE_FIELDS)} FROM registration_documents WHERE id = $1 AND registration_id = $2`,
    [documentId, registration.id],
  );
  if (!row) throw notFound('Document');
  return row;
}

/** Active staff of these roles: who may be assigned, host a call, keep a client's books. */
export async function staffWhoSee(db: Queryable, roles: readonly string[]): Promise<PersonRef[]> {
  return db.query<PersonRef>(
    'SELECT id, display_name, email FROM users WHERE role = ANY($1::text[]) AND active ORDER BY lower(coalesce(display_name, email)), id',
    [roles],
  );
}

/** Staff a registration may be assigned to: every active staff user whose role sees the due-diligence page. */
export function listAssignees(db: Queryable): Promise<PersonRef[]> {
  return staffWhoSee(db, rolesThat('be-assigned-registrations'));
}

