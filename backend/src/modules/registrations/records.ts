/**
 * The record of each completed pipeline step, as the verification page of that step shows it: who verified
 * the profile (and any override), the call, the plan, the payment, the activation, and the withdrawal while
 * withdrawn. Read from the step tables of migration 20 and, for the decisions that live only on the
 * timeline, from the registration's audit events.
 */
import type {
  ActivationRecord,
  MeetingRecord,
  PaymentRecord,
  PlanRecord,
  ProfileCheck,
  VerificationRecord,
  WithdrawalRecord,
} from '../../../../common/contract/registrations.ts';
import type { PersonRef } from '../../../../common/contract/shared.ts';
import type { Queryable } from '../../db/database.ts';
import { personJson } from '../../lib/person-sql.ts';
import { selectList } from '../../lib/table.ts';
import { MEETING_ROW_FIELDS, registrationMeetingsTable, type MeetingColumns } from './meeting-table.ts';
import {
  ACTIVATION_RECORD_FIELDS,
  PAYMENT_RECORD_FIELDS,
  PLAN_RECORD_FIELDS,
  registrationActivationsTable,
  registrationPaymentsTable,
  registrationPlansTable,
  type RegistrationActivationColumns,
  type RegistrationPaymentColumns,
  type RegistrationPlanColumns,
} from './step-table.ts';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The latest event of a kind on the registration, with its actor. */
async function latestEvent<D>(db: Queryable, registrationId: number, kind: string): Promise<{ data: D; at: Date; actor: PersonRef | null } | undefined> {
  const [row] = await db.query<{ data: D; at: Date; actor: PersonRef | null }>(
    `SELECT e.data, e.created_at AS at, ${personJson('a')} AS actor FROM audit_events e LEFT JOIN users a ON a.id = e.actor_id
     WHERE e.entity = 'registration' AND e.entity_id = $1 AND e.kind = $2 ORDER BY e.created_at DESC, e.id DESC LIMIT 1`,
    [registrationId, kind],
  );
  return row;
}

export async function verificationOf(db: Queryable, registrationId: number): Promise<VerificationRecord | null> {
  const event = await latestEvent<{ checks?: ProfileCheck[]; override_reason?: string | null }>(db, registrationId, 'verified');
  if (!event) return null;
  return { verified_by: event.actor, verified_at: event.at.toISOString(), checks: event.data.checks ?? [], override_reason: event.data.override_reason ?? null };
}

export async function withdrawalOf(db: Queryable, registrationId: number): Promise<WithdrawalRecord | null> {
  const event = await latestEvent<{ reason?: string; payment?: WithdrawalRecord['payment']; payment_fate?: WithdrawalRecord['payment_fate'] }>(db, registrationId, 'withdrawn');
  return event
    ? { reason: event.data.reason ?? '', withdrawn_by: event.actor, withdrawn_at: event.at.toISOString(), payment: event.data.payment ?? null, payment_fate: event.data.payment_fate ?? null }
    : null;
}

/** A call as stored, its people as joined. */
type MeetingRow = Pick<MeetingColumns, (typeof MEETING_ROW_FIELDS)[number]> & Pick<MeetingRecord, 'host' | 'booked_by' | 'outcome_by'>;

export const toMeetingRecord = ({ starts_at, ends_at, booked_at, outcome_at, ...row }: MeetingRow): MeetingRecord => ({
  ...row,
  starts_at: starts_at.toISOString(),
  ends_at: ends_at.toISOString(),
  duration_minutes: Math.round((ends_at.getTime() - starts_at.getTime()) / 60_000),
  booked_at: booked_at.toISOString(),
  outcome_at: iso(outcome_at),
});

export const MEETING_SELECT = `SELECT ${selectList(registrationMeetingsTable, 'm', MEETING_ROW_FIELDS)},
    ${personJson('h')} AS host, ${personJson('b')} AS booked_by, ${personJson('o')} AS outcome_by
  FROM registration_meetings m JOIN users h ON h.id = m.host_id LEFT JOIN users b ON b.id = m.booked_by LEFT JOIN users o ON o.id = m.outcome_by`;

/** A call by its id. */
export async function meetingById(db: Queryable, meetingId: number | null): Promise<MeetingRecord | null> {
  if (meetingId === null) return null;
  const [row] = await db.query<MeetingRow>(`${MEETING_SELECT} WHERE m.id = $1`, [meetingId]);
  return row ? toMeetingRecord(row) : null;
}

export async function planOf(db: Queryable, registrationId: number): Promise<PlanRecord | null> {
  const [row] = await db.query<Pick<RegistrationPlanColumns, (typeof PLAN_RECORD_FIELDS)[number]> & Pick<PlanRecord, 'plan_name' | 'monthly_price_fils' | 'set_by' | 'approved_by'>>(
    `SELECT ${selectList(registrationPlansTable, 'p', PLAN_RECORD_FIELDS)}, pl.name AS plan_name, pl.monthly_price_fils, ${personJson('s')} AS set_by, ${personJson('a')} AS approved_by
     FROM registration_plans p JOIN plans pl ON pl.id = p.plan_id LEFT JOIN users s ON s.id = p.set_by LEFT JOIN users a ON a.id = p.approved_by
     WHERE p.registration_id = $1`,
    [registrationId],
  );
  return row ? { ...row, set_at: row.set_at.toISOString(), approved_at: iso(row.approved_at) } : null;
}

export async function paymentOf(db: Queryable, registrationId: number): Promise<PaymentRecord | null> {
  const [row] = await db.query<Pick<RegistrationPaymentColumns, (typeof PAYMENT_RECORD_FIELDS)[number]> & Pick<PaymentRecord, 'recorded_by'>>(
    `SELECT ${selectList(registrationPaymentsTable, 'p', PAYMENT_RECORD_FIELDS)}, ${personJson('u')} AS recorded_by
     FROM registration_payments p LEFT JOIN users u ON u.id = p.recorded_by WHERE p.registration_id = $1`,
    [registrationId],
  );
  return row ? { ...row, recorded_at: row.recorded_at.toISOString() } : null;
}

export async function activationOf(db: Queryable, registrationId: number): Promise<ActivationRecord | null> {
  const [row] = await db.query<Pick<RegistrationActivationColumns, (typeof ACTIVATION_RECORD_FIELDS)[number]> & Pick<ActivationRecord, 'bookkeeper' | 'reviewer' | 'activated_by'>>(
    `SELECT ${selectList(registrationActivationsTable, 'a', ACTIVATION_RECORD_FIELDS)},
            ${personJson('k')} AS bookkeeper, ${personJson('r')} AS reviewer, ${personJson('u')} AS activated_by
     FROM registration_activations a LEFT JOIN users k ON k.id = a.bookkeeper_id LEFT JOIN users r ON r.id = a.reviewer_id
       LEFT JOIN users u ON u.id = a.activated_by
     WHERE a.registration_id = $1`,
    [registrationId],
  );
  return row ? { ...row, activated_at: row.activated_at.toISOString() } : null;
}
