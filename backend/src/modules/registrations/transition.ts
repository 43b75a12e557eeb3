/**
 * The one way a registration changes (common/pipeline.ts is the table, this is its engine). An action is a
 * `pipelineWrite`: writeRecord's transaction (lock the row, replay a seen Idempotency-Key, 409 on a stale
 * version) plus the machine's checks (the phase the action starts from, else 409 with the row's message;
 * the role, else 403). Its handler then calls `applyTransition`, which writes the state the table says,
 * the status label of the new phase, a new version, the event (who, what, before, after), a stage_reached
 * event when the stage moved forward, the stepper's status line and, through notify.ts, the notifications.
 */
import type { RegistrationEventKind } from '../../../../common/events.ts';
import {
  PHASE_LABELS,
  actionRoles,
  phaseOf,
  pipelineAction,
  stateAfter,
  type Phase,
  type PipelineActionKey,
  type PipelineState,
} from '../../../../common/pipeline.ts';
import { mayOpenRecord } from '../../../../common/onboarding.ts';
import { CONFLICT_MESSAGE } from '../../../../common/review.ts';
import type { Role } from '../../../../common/roles.ts';
import { REGISTRATION_STATUS, STAGES, type Stage } from '../../../../common/stages.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { refuseWhenFrozen } from '../../lib/aml-freeze.ts';
import { writeAudit } from '../../lib/audit.ts';
import { conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { assignList, insertList, selectList } from '../../lib/table.ts';
import { notifyRegistrationEvent, type NotifyDetail } from './notify.ts';
import { REGISTRATION_ROW_FIELDS, registrationsTable, TRANSITION_STATE_FIELDS, type RegistrationColumn, type RegistrationColumns, type ROW_CHANGE_FIELDS } from './table.ts';
import { NEW_EVENT_FIELDS } from './event-table.ts';

/** A registration as stored: its state (phaseOf reads it), its keys and the dates the lists show. */
export type RegistrationRow = Pick<RegistrationColumns, (typeof REGISTRATION_ROW_FIELDS)[number]> & Pick<PipelineState, 'plan_approved'>;

const REGISTRATION_COLUMNS = `${selectList(registrationsTable, 'r', REGISTRATION_ROW_FIELDS)},
  EXISTS (SELECT 1 FROM registration_plans p WHERE p.registration_id = r.id AND p.approved_at IS NOT NULL) AS plan_approved`;

/** The registration of the client `userId`; FOR UPDATE with `lock`. 404 when the user has none. */
export async function findRegistration(db: Queryable, userId: number, lock = false): Promise<RegistrationRow> {
  const [row] = await db.query<RegistrationRow>(`SELECT ${REGISTRATION_COLUMNS} FROM registrations r WHERE r.user_id = $1${lock ? ' FOR UPDATE' : ''}`, [userId]);
  if (!row) throw notFound('Registration of this user');
  return row;
}

/**
 * The registration of the client `userId` as the staff member of `role` may open it: 404, as for another's
 * record, when it stands at a stage none of the role's pages lists (common/onboarding.ts recordPageOf). Every
 * per-registration read and action of staff goes through it.
 */
export async function requireRecordAccess(db: Queryable, userId: number, role: Role): Promise<void> {
  const [row] = await db.query<{ stage: Stage; review_state: RegistrationRow['review_state'] }>('SELECT stage, review_state FROM registrations WHERE user_id = $1', [userId]);
  if (!row || !mayOpenRecord(role, row)) throw notFound('Registration of this user');
}

/** Who acts: a staff member or the client, with the role the machine checks. */
export interface Actor extends ActionContext {
  role: Role;
}

/** Throws unless the machine lets `role` take the action on the registration as it is now. */
export function requireAction(key: PipelineActionKey, row: PipelineState, role: Role | null): void {
  const action = pipelineAction(key);
  if (role !== null && !actionRoles(key).includes(role)) throw forbidden();
  if (!action.from.includes(phaseOf(row))) throw conflict(action.notNow);
}

export interface PipelineWrite<Result> {
  /** The action, or how the registration's state picks it (PUT meeting books or reschedules). */
  action: PipelineActionKey | ((row: RegistrationRow) => PipelineActionKey);
  /** The client's user id (the registration's key). */
  userId: number;
  actor: Actor;
  /** The version the user saw; null for actions that change no decision (reminders, uploads). */
  version: number | null;
  act: (tx: Queryable, row: RegistrationRow, action: PipelineActionKey) => Promise<void>;
  read: (tx: Queryable, row: RegistrationRow) => Promise<Result>;
}

/** One action of the table on one registration, in one transaction (see the file's comment). */
export function pipelineWrite<Result>(db: Database, write: PipelineWrite<Result>): Promise<Result> {
  return writeRecord(db, {
    entity: 'registration',
    context: write.actor,
    version: write.version,
    conflictMessage: CONFLICT_MESSAGE,
    lock: async (tx) => {
      const row = await findRegistration(tx, write.userId, true);
      // Before the version and a replayed key are looked at, so a stage the caller's pages do not list tells nothing.
      if (write.actor.role !== 'CLIENT' && !mayOpenRecord(write.actor.role, row)) throw notFound('Registration of this user');
      return row;
    },
    act: async (tx, row) => {
      const action = typeof write.action === 'function' ? write.action(row) : write.action;
      requireAction(action, row, write.actor.role);
      // A client frozen by a confirmed sanctions match: no act for the client until the freeze is lifted. The
      // client's own steps are not refused (a refusal naming the freeze would tip it off): staff's next one is.
      if (!pipelineAction(action).whileFrozen && write.actor.role !== 'CLIENT') await refuseWhenFrozen(tx, { registrationId: row.id });
      await write.act(tx, row, action);
    },
    read: write.read,
  });
}

/** The columns an action may set beside its state. */
export type RowChanges = Partial<Pick<RegistrationColumns, (typeof ROW_CHANGE_FIELDS)[number]>>;

/** The part of a registration an event's before/after shows. */
function snapshot(row: RegistrationRow) {
  return {
    stage: row.stage,
    status: row.status,
    status_label: row.status_label,
    review_state: row.review_state,
    meeting_outcome: row.meeting_outcome,
    assignee_id: row.assignee_id,
    version: row.version,
  };
}

/**
 * The label of a phase; a registration waiting on due diligence whose documents never arrived (the old
 * flow's rows) keeps the spec's 'Awaiting Documents'.
 */
function labelOf(phase: Phase, row: Pick<RegistrationRow, 'recieved_on'>): string {
  return phase === 'due_diligence' && row.recieved_on === null ? REGISTRATION_STATUS.awaitingDocuments : PHASE_LABELS[phase];
}

export interface Transition {
  action: PipelineActionKey;
  actor: Pick<Actor, 'actorId' | 'idempotencyKey'>;
  /** The event's kind when it is not the action's own (assign: 'unassigned'). */
  event?: RegistrationEventKind;
  /** What the event says beyond its kind. */
  data?: Record<string, unknown>;
  /** State beyond the table's `to` (withdrawing a booked call also moves the stage back). */
  state?: Partial<Pick<PipelineState, 'stage' | 'review_state' | 'meeting_outcome' | 'plan_approved'>>;
  changes?: RowChanges;
  /** Replaces the table's status line (null: none). */
  statusLine?: string | null;
  /** A reminder changes no decision: it keeps the version, so nobody's open dialog goes stale. */
  keepVersion?: boolean;
  /** What the notifications need beyond the registration (a call's host and time, a total). */
  notify?: NotifyDetail;
}

/** Applies a transition to the locked row and answers the row as it now is (see the file's comment). */
export async function applyTransition(tx: Queryable, row: RegistrationRow, transition: Transition): Promise<RegistrationRow> {
  const action = pipelineAction(transition.action);
  const state = { ...stateAfter(transition.action, row), ...transition.state };
  const before = phaseOf(row);
  const phase = phaseOf(state);
  const changes = transition.changes ?? {};
  const next: RegistrationRow = {
    ...state,
    ...(changes as Partial<RegistrationRow>),
    status_label: phase === before ? row.status_label : labelOf(phase, { recieved_on: changes.recieved_on === undefined ? row.recieved_on : changes.recieved_on }),
    version: transition.keepVersion ? row.version : row.version + 1,
  };
  const columns: Partial<RegistrationColumns> = { ...Object.fromEntries(TRANSITION_STATE_FIELDS.map((name) => [name, next[name]])), ...changes };
  const names = Object.keys(columns) as RegistrationColumn[];
  await tx.query(`UPDATE registrations SET ${assignList(names, 2)} WHERE id = $1`, [row.id, ...names.map((name) => columns[name])]);

  const kind = transition.event ?? action.event;
  const actorId = transition.actor.actorId;
  await writeAudit(tx, {
    entity: 'registration',
    entityId: row.id,
    kind,
    actorId,
    data: transition.data ?? {},
    before: snapshot(row),
    after: snapshot(next),
    idempotencyKey: transition.actor.idempotencyKey,
  });
  if (STAGES.indexOf(next.stage) > STAGES.indexOf(row.stage)) await reachStage(tx, next, next.stage, actorId);
  const statusLine = transition.statusLine === undefined ? action.statusLine : transition.statusLine;
  if (statusLine) await addStatusLine(tx, row.id, statusLine);
  await notifyRegistrationEvent(tx, { kind, actorId, ...(transition.notify ? { detail: transition.notify } : {}) }, next);
  return next;
}

/** The stepper's marker of a stage reached (reached_at reads it) and the news for whoever works the next page. */
async function reachStage(tx: Queryable, registration: RegistrationRow, stage: Stage, actorId: number | null): Promise<void> {
  await writeAudit(tx, { entity: 'registration', entityId: registration.id, kind: 'stage_reached', actorId, data: { stage } });
  await notifyRegistrationEvent(tx, { kind: 'stage_reached', actorId, stage }, registration);
}

const NEW_EVENT_COLUMNS = insertList(NEW_EVENT_FIELDS).columns;

/** The spec's current_status history (what the stepper's return sub-entry shows). */
export async function addStatusLine(tx: Queryable, registrationId: number, text: string): Promise<void> {
  await tx.query(`INSERT INTO registration_events ${NEW_EVENT_COLUMNS} VALUES ($1, $2, CURRENT_TIMESTAMP)`, [registrationId, text]);
}
