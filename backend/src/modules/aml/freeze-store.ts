/**
 * The freeze a confirmed sanctions match puts on a client, and its lift. Confirming freezes at once (every
 * staff write for the client refused: lib/aml-freeze.ts), opens the goAML fund freeze report, re-rates the
 * risk to high with the match as the reason, puts the freeze on the registration's timeline and tells the
 * client's bookkeeper, its reviewer (the account team), the registration's assignee and every ADMIN. Nothing
 * reaches the client: no notice, no refusal of its own calls, no field of its answers (no tipping off).
 *
 * Lifting takes two people: a compliance officer asks with a reason, and a second staff member (ADMIN or
 * REVIEWER, not the one who asked) approves; both steps are audited on the registration's timeline.
 */
import { CONFIRMED_MATCH_FACTOR, CONFIRMED_MATCH_POINTS, RISK_REVIEW_MONTHS } from '../../../../common/aml-risk.ts';
import { MIN_LIFT_REASON, type ApproveLiftBody, type RequestLiftBody } from '../../../../common/contract/aml-freeze.ts';
import type { CandidateSchema, Screening } from '../../../../common/contract/aml.ts';
import { addMonths } from '../../../../common/calendar.ts';
import type { NotificationKind } from '../../../../common/contract/notifications.ts';
import { clientPath, dueDiligenceDetailPath } from '../../../../common/links.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { writeAudit } from '../../lib/audit.ts';
import { conflict, forbidden, invalidInput } from '../../lib/http-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { notifyUsers } from '../notifications/index.ts';
import { registerDeadline } from './register-store.ts';
import { amlFile, findAmlRegistration, type AmlFileRow, type AmlRegistration } from './registration.ts';
import { may, rolesThat } from '../../../../common/access.ts';

/** The staff who hear of a freeze and its lift: every ADMIN, the client's bookkeeper and reviewer, the registration's assignee. */
async function freezeAudience(tx: Queryable, registrationId: number, except: number | null): Promise<{ userIds: number[]; link: string; clientId: number | null }> {
  const [row] = await tx.query<{ user_id: number; assignee_id: number | null; client_id: number | null; bookkeeper_id: number | null; reviewer_id: number | null }>(
    `SELECT r.user_id, r.assignee_id, c.id AS client_id, c.bookkeeper_id, c.reviewer_id
     FROM registrations r LEFT JOIN clients c ON c.registration_id = r.id WHERE r.id = $1`,
    [registrationId],
  );
  const admins = await tx.query<{ id: number }>('SELECT id FROM users WHERE role = ANY($1::text[]) AND deactivated_at IS NULL ORDER BY id', [rolesThat('hear-of-freezes')]);
  const team = [row?.bookkeeper_id, row?.reviewer_id, row?.assignee_id].filter((id): id is number => typeof id === 'number');
  const userIds = [...admins.map((admin) => admin.id), ...team].filter((id) => id !== except);
  // The client's page is the one every recipient sees (a bookkeeper does not see the Due Diligence page).
  const link = row?.client_id ? clientPath(row.client_id) : dueDiligenceDetailPath(row?.user_id ?? 0);
  return { userIds, link, clientId: row?.client_id ?? null };
}

async function notifyFreeze(tx: Queryable, registrationId: number, except: number | null, kind: NotificationKind, title: string, body: string): Promise<void> {
  const audience = await freezeAudience(tx, registrationId, except);
  await notifyUsers(tx, audience.userIds, { kind, title, body, link: audience.link });
}

/** The risk re-rated to high with the confirmed match as its reason, until a person rates the file again. */
async function rerateForMatch(tx: Queryable, file: AmlFileRow, registrationId: number, detail: string, actorId: number, today: string): Promise<void> {
  const factors = [...(file.risk_factors ?? []).filter((factor) => factor.factor !== CONFIRMED_MATCH_FACTOR), { factor: CONFIRMED_MATCH_FACTOR, points: CONFIRMED_MATCH_POINTS, detail }];
  const score = factors.reduce((sum, factor) => sum + factor.points, 0);
  // A file never rated keeps neutral answers: the rater's form starts from them when the file is rated again.
  const answers = file.risk_answers ?? { sector: 'professional_services', services: [], face_to_face: true };
  await tx.query(
    `UPDATE aml_files SET risk_level = 'high', risk_score = $2, risk_factors = $3, risk_answers = $4, rated_by = $5, rated_at = CURRENT_TIMESTAMP, next_review_on = $6,
            edd_approved_by = NULL, edd_approved_at = NULL, version = version + 1 WHERE registration_id = $1`,
    [registrationId, score, JSON.stringify(factors), JSON.stringify(answers), actorId, addMonths(today, RISK_REVIEW_MONTHS.high)],
  );
  await writeAudit(tx, {
    entity: 'aml_file', entityId: registrationId, kind: 'risk_rated', actorId,
    data: { registration_id: registrationId, level: 'high', score, factors, reason: detail },
    before: { risk_level: file.risk_level, risk_score: file.risk_score }, after: { risk_level: 'high', risk_score: score },
  });
}

/** A confirmed match: the freeze, the goAML entry, the risk, the timeline and the staff told; in the decision's transaction. */
export async function freezeClient(tx: Queryable, registration: AmlRegistration, match: { id: number; candidate: CandidateSchema }, actorId: number, today: string): Promise<void> {
  const file = await amlFile(tx, registration.id, true);
  const reason = `Confirmed match on the ${match.candidate.list === 'un' ? 'UN' : 'UAE local'} list (${match.candidate.reference}, ${match.candidate.listed_name})`;
  await tx.query('UPDATE aml_files SET frozen_at = coalesce(frozen_at, CURRENT_TIMESTAMP), frozen_reason = coalesce(frozen_reason, $2), version = version + 1 WHERE registration_id = $1', [registration.id, reason]);
  const [entry] = await tx.query<{ id: number }>(
    "INSERT INTO aml_register_entries (registration_id, type, match_id, deadline_on, description) VALUES ($1, 'ffr', $2, $3, $4) RETURNING id",
    [registration.id, match.id, registerDeadline(today), reason],
  );
  await writeAudit(tx, { entity: 'aml_register', entityId: entry!.id, kind: 'register_entry_opened', actorId, data: { registration_id: registration.id, type: 'ffr', match_id: match.id } });
  await rerateForMatch(tx, file, registration.id, reason, actorId, today);
  if (file.frozen_at) return;
  await writeAudit(tx, { entity: 'registration', entityId: registration.id, kind: 'frozen', actorId, data: { reason } });
  // The notice names no list or person and not the register: it reaches staff who are not compliance officers,
  // so it says no more than the freeze itself.
  await notifyFreeze(tx, registration.id, actorId, 'client_frozen', 'Client frozen', `${registration.legal_name} is frozen by a confirmed sanctions match: nothing may be done for it until the freeze is lifted. Do not tell the client.`);
}

const FREEZE_CONFLICT = 'Someone changed this due-diligence file since you opened it. Reload to see the change.';

type Caller = Pick<CurrentUser, 'id' | 'role' | 'compliance_officer'>;

function freezeWrite(
  db: Database,
  registration: AmlRegistration,
  version: number,
  context: ActionContext,
  read: (tx: Queryable) => Promise<Screening>,
  act: (tx: Queryable, file: AmlFileRow) => Promise<void>,
): Promise<Screening> {
  return writeRecord(db, {
    // The lift's events are the registration's (its timeline); the version is the AML file's.
    entity: 'registration',
    context,
    version,
    conflictMessage: FREEZE_CONFLICT,
    lock: async (tx) => ({ ...(await amlFile(tx, registration.id, true)), id: registration.id }),
    act: (tx, file) => act(tx, file),
    read: (tx) => read(tx),
  });
}

/** POST registrations/{userId}/freeze/lift: a compliance officer asks for the freeze to be lifted, with the reason. */
export async function requestLift(db: Database, userId: number, body: RequestLiftBody, caller: Caller, context: ActionContext, read: (tx: Queryable) => Promise<Screening>): Promise<Screening> {
  if (!caller.compliance_officer) throw forbidden('Only a compliance officer asks for a freeze to be lifted.');
  const reason = body.reason.trim();
  if (reason.length < MIN_LIFT_REASON) throw invalidInput('reason', `must say why in at least ${MIN_LIFT_REASON} characters`);
  const registration = await findAmlRegistration(db, userId);
  return freezeWrite(db, registration, body.version, context, read, async (tx, file) => {
    if (!file.frozen_at) throw conflict('This client is not frozen.');
    if (file.freeze_lift_requested_at) throw conflict('Lifting this freeze is already asked for: it waits for a second approver.');
    await tx.query(
      'UPDATE aml_files SET freeze_lift_requested_by = $2, freeze_lift_requested_at = CURRENT_TIMESTAMP, freeze_lift_reason = $3, version = version + 1 WHERE registration_id = $1',
      [registration.id, caller.id, reason],
    );
    await writeAudit(tx, { entity: 'registration', entityId: registration.id, kind: 'freeze_lift_requested', actorId: caller.id, data: { reason }, idempotencyKey: context.idempotencyKey });
    const audience = await freezeAudience(tx, registration.id, caller.id);
    const approvers = await tx.query<{ id: number }>('SELECT id FROM users WHERE role = ANY($2::text[]) AND deactivated_at IS NULL AND id = ANY($1::integer[])', [audience.userIds, rolesThat('approve-freeze-lifts')]);
    await notifyUsers(tx, approvers.map((user) => user.id), {
      kind: 'freeze_lift_requested',
      title: 'Freeze lift to approve',
      body: `${registration.legal_name}: lifting its freeze waits for a second approver.`,
      link: audience.link,
    });
  });
}

/** POST registrations/{userId}/freeze/lift/approve: a second staff member (ADMIN or REVIEWER, not the one who asked) lifts the freeze. */
export async function approveLift(db: Database, userId: number, body: ApproveLiftBody, caller: Caller, context: ActionContext, read: (tx: Queryable) => Promise<Screening>): Promise<Screening> {
  if (!may(caller.role, 'approve-freeze-lifts')) throw forbidden('Only an ADMIN or a REVIEWER approves lifting a freeze.');
  const registration = await findAmlRegistration(db, userId);
  return freezeWrite(db, registration, body.version, context, read, async (tx, file) => {
    if (!file.frozen_at) throw conflict('This client is not frozen.');
    if (!file.freeze_lift_requested_at) throw conflict('Nobody has asked for this freeze to be lifted: a compliance officer asks first, with the reason.');
    if (file.freeze_lift_requested_by === caller.id) throw forbidden('A second person approves lifting the freeze: not the one who asked for it.');
    const [requester] = await tx.query<{ id: number; display_name: string | null; email: string }>('SELECT id, display_name, email FROM users WHERE id = $1', [file.freeze_lift_requested_by]);
    await tx.query(
      `UPDATE aml_files SET frozen_at = NULL, frozen_reason = NULL, freeze_lift_requested_by = NULL, freeze_lift_requested_at = NULL, freeze_lift_reason = NULL,
              version = version + 1 WHERE registration_id = $1`,
      [registration.id],
    );
    await writeAudit(tx, {
      entity: 'registration', entityId: registration.id, kind: 'freeze_lifted', actorId: caller.id,
      data: { reason: file.freeze_lift_reason ?? '', requested_by: requester ?? null, frozen_at: file.frozen_at.toISOString(), frozen_reason: file.frozen_reason },
      idempotencyKey: context.idempotencyKey,
    });
    await notifyFreeze(tx, registration.id, caller.id, 'freeze_lifted', 'Freeze lifted', `${registration.legal_name} is no longer frozen: work for it may go on.`);
  });
}
