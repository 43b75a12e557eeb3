/** A party as stored and the SQL that reads it, shared by the parties' store, screening and the gate. */
import type { PartyNode, PartyRole } from '../../../../common/aml.ts';
import type { ScreeningState } from '../../../../common/contract/aml.ts';
import type { Queryable } from '../../db/database.ts';

export interface PartyRow {
  id: number;
  registration_id: number;
  owner_party_id: number | null;
  kind: 'person' | 'company';
  name: string;
  name_ar: string | null;
  date_of_birth: string | null;
  nationality: string | null;
  residence: string | null;
  id_type: 'emirates_id' | 'passport' | null;
  id_number: string | null;
  id_expires_on: string | null;
  roles: PartyRole[];
  share_bp: number | null;
  pep: boolean;
  pep_details: string | null;
  source_of_funds: string | null;
  source_of_wealth: string | null;
  jurisdiction: string | null;
  registration_number: string | null;
  screened_at: Date | null;
  version: number;
}

export const PARTY_COLUMNS = `p.id, p.registration_id, p.owner_party_id, p.kind, p.name, p.name_ar, to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, p.nationality, p.residence,
  p.id_type, p.id_number, to_char(p.id_expires_on, 'YYYY-MM-DD') AS id_expires_on, p.roles, p.share_bp, p.pep, p.pep_details, p.source_of_funds, p.source_of_wealth,
  p.jurisdiction, p.registration_number, p.screened_at, p.version`;

/** The file's parties: a withdrawn one (added by mistake) is in its history, not under its rules. */
export async function partyRows(db: Queryable, registrationId: number): Promise<PartyRow[]> {
  return db.query<PartyRow>(`SELECT ${PARTY_COLUMNS} FROM aml_parties p WHERE p.registration_id = $1 AND p.withdrawn_at IS NULL ORDER BY p.id`, [registrationId]);
}

export const toNode = (row: PartyRow): PartyNode => ({
  id: row.id, kind: row.kind, name: row.name, owner_party_id: row.owner_party_id, share_bp: row.share_bp, roles: row.roles, date_of_birth: row.date_of_birth, registration_number: row.registration_number,
});

/** Each party's screening state from its matches: a confirmed match wins, then one still to decide (a delisting to review is one). */
export async function partyStates(db: Queryable, registrationId: number): Promise<Map<number | null, ScreeningState>> {
  // A false positive awaiting its countersign is not decided yet.
  const rows = await db.query<{ party_id: number | null; confirmed: number; potential: number; decided: number }>(
    `SELECT party_id, count(*) FILTER (WHERE state = 'confirmed')::integer AS confirmed, count(*) FILTER (WHERE state IN ('potential', 'delisted_review') OR countersign_due)::integer AS potential,
            count(*) FILTER (WHERE state = 'false_positive')::integer AS decided
     FROM aml_matches WHERE registration_id = $1 GROUP BY party_id`,
    [registrationId],
  );
  return new Map(rows.map((row) => [row.party_id, row.confirmed > 0 ? 'confirmed_match' : row.potential > 0 ? 'potential_match' : row.decided > 0 ? 'false_positive' : 'clear']));
}

