/**
 * The risk rating (common/aml-risk.ts's model) on the registration's AML file, and enhanced due diligence's
 * second approval: a high risk needs an ADMIN other than the one who rated it.
 */
import { computeUbos, needsEddEvidence, ownershipLayers } from '../../../../common/aml.ts';
import { RISK_REVIEW_MONTHS, rateRisk as scoreRisk, type Sector, type Service } from '../../../../common/aml-risk.ts';
import { addMonths, dubaiDate } from '../../../../common/calendar.ts';
import type { RateRiskBody, RiskAssessment, Screening, VersionBody } from '../../../../common/contract/aml.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { writeAudit } from '../../lib/audit.ts';
import { conflict } from '../../lib/http-error.ts';
import { personJson } from '../../lib/person-sql.ts';
import { evidenceMissing } from './evidence-store.ts';
import { partyRows, toNode } from './party-rows.ts';
import { amlFile, findAmlRegistration, type AmlFileRow } from './registration.ts';

export async function readRisk(db: Queryable, registrationId: number): Promise<RiskAssessment | null> {
  const [row] = await db.query<{
    risk_level: RiskAssessment['level'] | null; risk_score: number; risk_factors: RiskAssessment['factors']; risk_answers: { sector: Sector; services: Service[]; face_to_face: boolean };
    rated_by: RiskAssessment['rated_by']; rated_at: Date; next_review_on: string; edd_approved_by: RiskAssessment['edd_approved_by']; edd_approved_at: Date | null;
  }>(
    `SELECT f.risk_level, f.risk_score, f.risk_factors, f.risk_answers, ${personJson('r')} AS rated_by, f.rated_at, to_char(f.next_review_on, 'YYYY-MM-DD') AS next_review_on,
            ${personJson('e')} AS edd_approved_by, f.edd_approved_at
     FROM aml_files f LEFT JOIN users r ON r.id = f.rated_by LEFT JOIN users e ON e.id = f.edd_approved_by WHERE f.registration_id = $1`,
    [registrationId],
  );
  if (!row?.risk_level) return null;
  return {
    level: row.risk_level,
    score: row.risk_score,
    factors: row.risk_factors,
    sector: row.risk_answers.sector,
    services: row.risk_answers.services,
    face_to_face: row.risk_answers.face_to_face,
    rated_by: row.rated_by,
    rated_at: row.rated_at.toISOString(),
    next_review_on: row.next_review_on,
    edd_required: row.risk_level === 'high',
    edd_approved_by: row.edd_approved_by,
    edd_approved_at: row.edd_approved_at?.toISOString() ?? null,
  };
}

/**
 * Rates the registration's risk from its parties and the reviewer's answers and stores it (the rating,
 * its factors, the next review; a new rating needs its EDD approved again). 409 without parties.
 */
export async function assessRisk(tx: Queryable, registrationId: number, answers: { sector: Sector; services: readonly Service[]; face_to_face: boolean }, ratedBy: number | null, today: string) {
  const rows = await partyRows(tx, registrationId);
  if (rows.length === 0) throw conflict('Add the client\'s owners, directors and signatories before rating the risk.');
  const nodes = rows.map(toNode);
  const ubos = new Set(computeUbos(nodes).flatMap((ubo) => ubo.party_ids));
  // The model reads the people who own or control the client, and every PEP answer among the parties.
  const people = rows.filter((row) => row.kind === 'person' && (ubos.has(row.id) || row.pep));
  const stored = { sector: answers.sector, services: [...answers.services], face_to_face: answers.face_to_face };
  const result = scoreRisk(stored, { layers: ownershipLayers(nodes), parties: people });
  await amlFile(tx, registrationId);
  await tx.query(
    `UPDATE aml_files SET risk_level = $2, risk_score = $3, risk_factors = $4, risk_answers = $5, rated_by = $6, rated_at = CURRENT_TIMESTAMP, next_review_on = $7,
            edd_approved_by = NULL, edd_approved_at = NULL, version = version + 1 WHERE registration_id = $1`,
    [registrationId, result.level, result.score, JSON.stringify(result.factors), JSON.stringify(stored), ratedBy, addMonths(today, RISK_REVIEW_MONTHS[result.level])],
  );
  return result;
}

const FILE_CONFLICT = 'Someone changed this due-diligence file since you opened it. Reload to see the change.';

type FileRow = AmlFileRow & { id: number };

const lockFile = async (tx: Queryable, registrationId: number): Promise<FileRow> => ({ ...(await amlFile(tx, registrationId, true)), id: registrationId });

/** One versioned write of a registration's AML file: the file locked, `act` run on it, the screening read back. */
async function fileWrite(
  db: Database,
  userId: number,
  version: number,
  context: ActionContext,
  read: (tx: Queryable) => Promise<Screening>,
  act: (tx: Queryable, file: FileRow, registrationId: number) => Promise<void>,
): Promise<Screening> {
  const registration = await findAmlRegistration(db, userId);
  return writeRecord(db, {
    entity: 'aml_file',
    context,
    version,
    conflictMessage: FILE_CONFLICT,
    lock: (tx) => lockFile(tx, registration.id),
    act: (tx, file) => act(tx, file, registration.id),
    read,
  });
}

export function rateRisk(db: Database, userId: number, body: RateRiskBody, context: ActionContext, read: (tx: Queryable) => Promise<Screening>, today = dubaiDate()): Promise<Screening> {
  return fileWrite(db, userId, body.version, context, read, async (tx, file, registrationId) => {
    const result = await assessRisk(tx, registrationId, body, context.actorId, today);
    await writeAudit(tx, {
      entity: 'aml_file', entityId: registrationId, kind: 'risk_rated', actorId: context.actorId,
      data: { registration_id: registrationId, level: result.level, score: result.score, factors: result.factors },
      before: { risk_level: file.risk_level, risk_score: file.risk_score }, after: { risk_level: result.level, risk_score: result.score }, idempotencyKey: context.idempotencyKey,
    });
  });
}

export function approveEdd(db: Database, userId: number, body: VersionBody, context: ActionContext, read: (tx: Queryable) => Promise<Screening>): Promise<Screening> {
  return fileWrite(db, userId, body.version, context, read, async (tx, file, registrationId) => {
    if (file.risk_level !== 'high') throw conflict('Only a high-risk client needs enhanced due diligence approved.');
    if (file.edd_approved_at) throw conflict('The enhanced due diligence is already approved.');
    if (file.rated_by === context.actorId) throw conflict('You rated this risk: a second administrator approves its enhanced due diligence.');
    const missing = await eddMissing(tx, registrationId);
    if (missing.length > 0) throw conflict(`The enhanced due diligence is not complete: ${missing.join('; ')}.`);
    await tx.query('UPDATE aml_files SET edd_approved_by = $2, edd_approved_at = CURRENT_TIMESTAMP, version = version + 1 WHERE registration_id = $1', [registrationId, context.actorId]);
    await writeAudit(tx, { entity: 'aml_file', entityId: registrationId, kind: 'edd_approved', actorId: context.actorId, data: { registration_id: registrationId }, idempotencyKey: context.idempotencyKey });
  });
}

/** Enhanced due diligence's items beside the second approval: each beneficial owner's and PEP's source of funds and of wealth, and evidence of each. */
export async function eddMissing(db: Queryable, registrationId: number): Promise<string[]> {
  const rows = await partyRows(db, registrationId);
  const ubos = new Set(computeUbos(rows.map(toNode)).flatMap((ubo) => ubo.party_ids));
  const needing = rows.filter((row) => needsEddEvidence(row, ubos));
  const missing = needing.filter((row) => !row.source_of_funds || !row.source_of_wealth).map((row) => `source of funds and of wealth of ${row.name}`);
  return [...missing, ...(await evidenceMissing(db, registrationId, needing))];
}
