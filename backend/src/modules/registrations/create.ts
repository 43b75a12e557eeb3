/**
 * A registration created from outside the client's own sign-up: the CRM's 'Won: invite to register' makes the
 * client's user (its sign-in account was created by the caller) and this signed_up registration, the
 * onboarding pipeline's first stage, in the caller's transaction. The timeline says where it came from.
 */
import { PHASE_LABELS, STAGE_STATUS_LINES } from '../../../../common/pipeline.ts';
import type { Queryable } from '../../db/database.ts';
import { writeAudit } from '../../lib/audit.ts';
import { insertList } from '../../lib/table.ts';
import { NEW_REGISTRATION_FIELDS, type RegistrationColumns } from './table.ts';
import { NEW_EVENT_FIELDS } from './event-table.ts';

export interface NewRegistration {
  /** The client's users row (role CLIENT). */
  userId: number;
  legalName: string;
  actorId: number;
  /** Where it came from, kept on its stage_reached event: { source: 'crm', lead_id }. */
  source: Record<string, unknown>;
  idempotencyKey?: string | null;
}

const NEW_REGISTRATION_INSERT = insertList(NEW_REGISTRATION_FIELDS);
const NEW_EVENT_COLUMNS = insertList(NEW_EVENT_FIELDS).columns;

export async function createSignedUpRegistration(tx: Queryable, registration: NewRegistration): Promise<{ id: number; registration_id: string }> {
  const created: Pick<RegistrationColumns, (typeof NEW_REGISTRATION_FIELDS)[number]> = {
    user_id: registration.userId,
    registration_id: `pending-${registration.userId}`,
    legal_name: registration.legalName,
    stage: 'signed_up',
    status: 'active',
    status_label: PHASE_LABELS.signed_up,
  };
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO registrations ${NEW_REGISTRATION_INSERT.columns} VALUES ${NEW_REGISTRATION_INSERT.values} RETURNING id`,
    NEW_REGISTRATION_FIELDS.map((field) => created[field]),
  );
  const id = row!.id;
  // The seeded numbers are REG-<year>-<1000 + id> too, so the id keeps every number unique.
  const [numbered] = await tx.query<{ registration_id: string }>(
    "UPDATE registrations SET registration_id = 'REG-' || extract(year FROM CURRENT_TIMESTAMP)::text || '-' || (1000 + id)::text WHERE id = $1 RETURNING registration_id",
    [id],
  );
  await tx.query(`INSERT INTO registration_events ${NEW_EVENT_COLUMNS} VALUES ($1, $2, CURRENT_TIMESTAMP)`, [id, STAGE_STATUS_LINES.signed_up]);
  await writeAudit(tx, {
    entity: 'registration',
    entityId: id,
    kind: 'stage_reached',
    actorId: registration.actorId,
    data: { stage: 'signed_up', ...registration.source },
    idempotencyKey: registration.idempotencyKey ?? null,
  });
  return { id, registration_id: numbered!.registration_id };
}
