/** A party as stored and the SQL that reads it, shared by the parties' store, screening and the gate. */
import type { PartyNode } from '../../../../common/aml.ts';
import type { ScreeningState } from '../../../../common/contract/aml.ts';
import type { Queryable } from '../../db/database.ts';
import { selectList } from '../../lib/table.ts';
import { amlPartiesTable, PARTY_ROW_FIELDS, type AmlPartyColumns } from './table.ts';

/** A party as its rules, screening and page read it. */
export type PartyRow = Pick<AmlPartyColumns, (typeof PARTY_ROW_FIELDS)[number]>;

export const PARTY_COLUMNS = selectList(amlPartiesTable, 'p', PARTY_ROW_FIELDS);

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

