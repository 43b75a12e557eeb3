/**
 * The gate 'Approve due diligence' waits on: every party (and the company) screened and every
 * potential match decided, no confirmed match, a trade licence on file and in force, no party's ID or passport
 * expired, the risk rated, and for a high risk the enhanced due diligence complete with its second approval.
 * What is missing is said in the reviewer's words, with the dates.
 */
import { ID_TYPE_LABELS, computeUbos } from '../../../../common/aml.ts';
import { dubaiDate, formatIsoDate } from '../../../../common/calendar.ts';
import type { Queryable } from '../../db/database.ts';
import { conflict } from '../../lib/http-error.ts';
import { partyRows, toNode } from './party-rows.ts';
import { eddMissing } from './risk-store.ts';

/** The trade licence: uploaded with the documents, and its expiry (the company profile's) not passed. */
async function licenceMissing(db: Queryable, registrationId: number, today: string): Promise<string[]> {
  const [row] = await db.query<{ expires_on: string | null; uploaded: boolean }>(
    `SELECT to_char(p.licence_expires_on, 'YYYY-MM-DD') AS expires_on,
            EXISTS (SELECT 1 FROM registration_documents d WHERE d.registration_id = r.id AND d.kind = 'trade_licence') AS uploaded
     FROM registrations r LEFT JOIN company_profiles p ON p.registration_id = r.id WHERE r.id = $1`,
    [registrationId],
  );
  if (!row?.uploaded || !row.expires_on) return ['Trade licence missing: ask the client for it'];
  if (row.expires_on < today) return [`Trade licence expired on ${formatIsoDate(row.expires_on)}: ask the client for the renewed one`];
  return [];
}

export async function missingForApproval(db: Queryable, registrationId: number, today = dubaiDate()): Promise<string[]> {
  const missing: string[] = [];
  const rows = await partyRows(db, registrationId);
  const [file] = await db.query<{ company_screened_at: Date | null; risk_level: string | null; edd_approved_at: Date | null; frozen_at: Date | null; legal_name: string }>(
    `SELECT f.company_screened_at, f.risk_level, f.edd_approved_at, f.frozen_at, r.legal_name
     FROM registrations r LEFT JOIN aml_files f ON f.registration_id = r.id WHERE r.id = $1`,
    [registrationId],
  );
  if (file?.frozen_at) missing.push('The client is frozen by a confirmed sanctions match');
  if (rows.length === 0) missing.push('Add the client\'s owners, directors and signatories');
  else if (computeUbos(rows.map(toNode)).length === 0) missing.push('Name a beneficial owner or a manager (the senior managing official)');
  for (const row of rows) if (!row.screened_at) missing.push(`Screen ${row.name}`);
  if (!file?.company_screened_at && rows.length > 0) missing.push(`Screen the company ${file?.legal_name ?? ''}`.trim());
  missing.push(...(await licenceMissing(db, registrationId, today)));
  for (const row of rows) {
    if (row.kind !== 'person' || !row.id_expires_on || row.id_expires_on >= today) continue;
    missing.push(`${row.id_type ? ID_TYPE_LABELS[row.id_type] : 'ID'} of ${row.name} expired on ${formatIsoDate(row.id_expires_on)}: ask for the renewed one`);
  }
  const pending = await db.query<{ name: string; reference: string }>(
    `SELECT coalesce(p.name, r.legal_name) AS name, m.candidate->>'reference' AS reference FROM aml_matches m
     JOIN registrations r ON r.id = m.registration_id LEFT JOIN aml_parties p ON p.id = m.party_id
     WHERE m.registration_id = $1 AND m.state = 'potential' ORDER BY m.id`,
    [registrationId],
  );
  for (const match of pending) missing.push(`Decide the potential match of ${match.name} (${match.reference})`);
  const delisted = await db.query<{ name: string; reference: string }>(
    `SELECT coalesce(p.name, r.legal_name) AS name, m.candidate->>'reference' AS reference FROM aml_matches m
     JOIN registrations r ON r.id = m.registration_id LEFT JOIN aml_parties p ON p.id = m.party_id
     WHERE m.registration_id = $1 AND m.state = 'delisted_review' AND p.withdrawn_at IS NULL ORDER BY m.id`,
    [registrationId],
  );
  for (const match of delisted) missing.push(`Review the delisted match of ${match.name} (${match.reference})`);
  const awaiting = await db.query<{ name: string; reference: string }>(
    `SELECT coalesce(p.name, r.legal_name) AS name, m.candidate->>'reference' AS reference FROM aml_matches m
     JOIN registrations r ON r.id = m.registration_id LEFT JOIN aml_parties p ON p.id = m.party_id
     WHERE m.registration_id = $1 AND m.state = 'false_positive' AND m.countersign_due AND p.withdrawn_at IS NULL ORDER BY m.id`,
    [registrationId],
  );
  for (const match of awaiting) missing.push(`Countersign the false positive of ${match.name} (${match.reference}): awaiting second review`);
  if (!file?.risk_level) missing.push('Rate the risk');
  else if (file.risk_level === 'high') {
    for (const item of await eddMissing(db, registrationId)) missing.push(`Enhanced due diligence: ${item}`);
    if (!file.edd_approved_at) missing.push('Enhanced due diligence: approval by a second ADMIN');
  }
  return missing;
}

/** 409 listing what is missing, for the pipeline's 'Approve due diligence'. */
export async function requireDueDiligenceComplete(db: Queryable, registrationId: number): Promise<void> {
  const missing = await missingForApproval(db, registrationId);
  if (missing.length > 0) throw conflict(`Due diligence cannot be approved yet: ${missing.join('; ')}.`);
}
