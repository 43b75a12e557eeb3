/**
 * Screening: every party (and the company itself) against the lists' current entries, on each change of a
 * party and again after a list import. A candidate above the threshold becomes a potential match for a
 * person to decide; a false positive is not raised again for the same party and list entry until either
 * changes (their fingerprints). A confirmed match freezes the client at once, tells ADMIN users (the
 * compliance officers among them) and opens a goAML register entry with its five-business-day deadline.
 */
import { createHash } from 'node:crypto';
import { screen, type Candidate, type ScreenQuery } from '../../../../common/aml-matching.ts';
import { countryNames } from '../../../../common/aml-countries.ts';
import { dubaiDate } from '../../../../common/calendar.ts';
import type { CandidateSchema, CloseDelistedBody, DecideBody, Screening, ScreeningMatch, SearchBody } from '../../../../common/contract/aml.ts';
import { dueDiligenceDetailPath, onboardingListPath } from '../../../../common/links.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { writeAudit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { readFreeze } from '../../lib/aml-freeze.ts';
import { personJson } from '../../lib/person-sql.ts';
import { notifyRoles } from '../notifications/index.ts';
import { needsCountersign } from '../../../../common/aml-decisions.ts';
import { MATCH_LOCK_COLUMNS, decisionReason, matchHistory, shownState } from './decision-rules.ts';
import { missingForApproval } from './gate.ts';
import { currentIndex } from './list-store.ts';
import { PARTY_COLUMNS, partyStates, type PartyRow } from './party-rows.ts';
import { amlFile, findAmlRegistration, type AmlRegistration } from './registration.ts';
import { readRisk } from './risk-store.ts';
import { freezeClient } from './freeze-store.ts';
import { rolesThat } from '../../../../common/access.ts';

const fingerprint = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);

interface Subject {
  party_id: number | null;
  query: ScreenQuery;
}

function subjectOf(row: PartyRow): Subject {
  return {
    party_id: row.id,
    query: {
      name: row.name,
      other_names: row.name_ar ? [row.name_ar] : [],
      date_of_birth: row.date_of_birth,
      nationality: row.nationality ?? row.jurisdiction,
      kind: row.kind === 'person' ? 'person' : 'entity',
    },
  };
}

function toCandidate(candidate: Candidate, primary: Map<number, string>): CandidateSchema {
  return {
    list: candidate.list as CandidateSchema['list'],
    reference: candidate.reference,
    listed_name: primary.get(candidate.entry_id) ?? candidate.matched_name,
    matched_name: candidate.matched_name,
    alias: candidate.alias,
    score: candidate.score,
    date_of_birth: candidate.date_of_birth,
    nationality: candidate.nationality,
    reasons: candidate.reasons,
  };
}

/**
 * Screens the registration's parties (all, or `partyIds`) and the company itself, in the caller's
 * transaction. Answers how many potential matches are new.
 */
export async function screenRegistration(tx: Queryable, registration: AmlRegistration, options: { partyIds?: readonly number[]; notify?: boolean } = {}): Promise<number> {
  const parties = await tx.query<PartyRow>(
    `SELECT ${PARTY_COLUMNS} FROM aml_parties p WHERE p.registration_id = $1 AND p.withdrawn_at IS NULL${options.partyIds ? ' AND p.id = ANY($2::integer[])' : ''} ORDER BY p.id`,
    options.partyIds ? [registration.id, options.partyIds] : [registration.id],
  );
  // The company itself is screened with everyone, and with its first party.
  const withCompany = !options.partyIds || (await amlFile(tx, registration.id)).company_screened_at === null;
  const { fresh } = await screenSubjects(tx, [{ registration, parties, withCompany }], options.notify !== false);
  return fresh[0]!;
}

/** What a batch found: each registration's new potential matches, and the matches sent to review because their entry was delisted. */
export interface BatchScreening {
  fresh: number[];
  delisted: number;
}

/**
 * Screens every party of each registration and the company itself, as screenRegistration does one by one,
 * with a statement per step for the whole batch (the re-screening job's). Notifies nobody: the job sends one
 * summary per import.
 */
export async function screenRegistrations(tx: Queryable, registrations: readonly AmlRegistration[]): Promise<BatchScreening> {
  if (registrations.length === 0) return { fresh: [], delisted: 0 };
  const parties = await tx.query<PartyRow>(
    `SELECT ${PARTY_COLUMNS} FROM aml_parties p WHERE p.registration_id = ANY($1::integer[]) AND p.withdrawn_at IS NULL ORDER BY p.registration_id, p.id`,
    [registrations.map((registration) => registration.id)],
  );
  const partiesOf = groupBy(parties, (party) => party.registration_id);
  return screenSubjects(tx, registrations.map((registration) => ({ registration, parties: partiesOf.get(registration.id) ?? [], withCompany: true })), false);
}

interface Screened {
  registration: AmlRegistration;
  parties: readonly PartyRow[];
  withCompany: boolean;
}

type DecidedState = 'potential' | 'confirmed' | 'false_positive';

interface StoredMatch {
  id: number;
  registration_id: number;
  party_id: number | null;
  entry_id: number;
  state: ScreeningMatch['state'];
  subject_fingerprint: string;
  entry_fingerprint: string;
  /** How the date of birth compared when it was decided: an entry's dates that changed make it a new question. */
  dob: string | null;
  delisted_from: DecidedState | null;
  list: string;
  reference: string;
  entry_removed: boolean;
}

/** Map.groupBy, which Node 20 lacks. */
function groupBy<T, K>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

const subjectKey = (registrationId: number, partyId: number | null) => `${registrationId}:${partyId ?? 'company'}`;
/** A list entry's identity across versions: a changed entry is a new row with the same reference. */
const entryKey = (list: string, reference: string) => `${list}:${reference}`;
/** Which stored match of an entry carries its decision when several do (older files may hold two). */
const STATE_RANK: Record<ScreeningMatch['state'], number> = { confirmed: 0, false_positive: 1, awaiting_second_review: 1, delisted_review: 2, delisted: 3, potential: 4 };

/**
 * The screening itself: each subject against the current index, its stored matches compared with what the
 * matcher finds now (by list entry reference, so an entry added again keeps its decisions), and the
 * differences written in one statement per kind of change for all of them. A match whose entry was delisted
 * is never dropped: it goes to 'delisted_review', keeping its decision, for a person to close.
 */
async function screenSubjects(tx: Queryable, batch: readonly Screened[], notify: boolean): Promise<BatchScreening> {
  const { index, primary } = await currentIndex(tx);
  const stored = await tx.query<StoredMatch>(
    `SELECT m.id, m.registration_id, m.party_id, m.entry_id, m.state, m.subject_fingerprint, m.entry_fingerprint, m.candidate->>'date_of_birth' AS dob, m.delisted_from,
            e.list, e.reference, e.removed_version_id IS NOT NULL AS entry_removed
     FROM aml_matches m JOIN aml_list_entries e ON e.id = m.entry_id WHERE m.registration_id = ANY($1::integer[]) ORDER BY m.id`,
    [batch.map((item) => item.registration.id)],
  );
  const storedOf = groupBy(stored, (row) => subjectKey(row.registration_id, row.party_id));
  const inserts: { registration_id: number; party_id: number | null; entry_id: number; candidate: CandidateSchema; subject_fingerprint: string; entry_fingerprint: string }[] = [];
  const reopened: { id: number; entry_id: number; candidate: CandidateSchema; subject_fingerprint: string; entry_fingerprint: string }[] = [];
  const refreshed: typeof reopened = [];
  const relinked: { id: number; entry_id: number }[] = [];
  const restored: { id: number; entry_id: number }[] = [];
  const delisted: StoredMatch[] = [];
  const gone: number[] = [];
  const freshOf = batch.map((item) => {
    const subjects: Subject[] = item.parties.map(subjectOf);
    if (item.withCompany) subjects.push({ party_id: null, query: { name: item.registration.legal_name, kind: 'entity' } });
    let fresh = 0;
    for (const subject of subjects) {
      const subjectPrint = fingerprint(subject.query);
      const candidates = screen(index, subject.query, { countryNames });
      const existing = storedOf.get(subjectKey(item.registration.id, subject.party_id)) ?? [];
      const byEntry = groupBy(existing, (row) => entryKey(row.list, row.reference));
      const used = new Set<number>();
      const foundEntries = new Set<string>();
      for (const candidate of candidates) {
        const key = entryKey(candidate.list, candidate.reference);
        foundEntries.add(key);
        const shown = toCandidate(candidate, primary);
        const entryPrint = fingerprint([candidate.reference, candidate.matched_name, shown.listed_name]);
        const rows = [...(byEntry.get(key) ?? [])].sort((a, b) => STATE_RANK[a.state] - STATE_RANK[b.state] || Number(b.entry_id === candidate.entry_id) - Number(a.entry_id === candidate.entry_id));
        const row = rows[0];
        if (!row) {
          inserts.push({ registration_id: item.registration.id, party_id: subject.party_id, entry_id: candidate.entry_id, candidate: shown, subject_fingerprint: subjectPrint, entry_fingerprint: entryPrint });
          fresh += 1;
          continue;
        }
        used.add(row.id);
        // Another stored match of the same entry already on this row of it: the unique index keeps one per entry row.
        const entryTaken = rows.some((other) => other.id !== row.id && other.entry_id === candidate.entry_id && other.state !== 'potential');
        const entryId = entryTaken ? row.entry_id : candidate.entry_id;
        const unchanged = row.subject_fingerprint === subjectPrint && row.entry_fingerprint === entryPrint && (row.dob === null || row.dob === shown.date_of_birth);
        const change = { id: row.id, entry_id: entryId, candidate: shown, subject_fingerprint: subjectPrint, entry_fingerprint: entryPrint };
        if (row.state === 'potential') refreshed.push(change);
        else if (row.state === 'confirmed') relinked.push(change);
        else if (row.state === 'false_positive') {
          if (unchanged) relinked.push(change);
          else {
            // The party or the list entry changed since the decision: a person decides again.
            reopened.push(change);
            fresh += 1;
          }
        } else if (row.state === 'delisted_review' && (unchanged || row.delisted_from === 'confirmed' || row.delisted_from === 'potential')) {
          // Listed again before anyone reviewed the delisting: the match is what it was.
          restored.push(change);
        } else {
          reopened.push(change);
          fresh += 1;
        }
      }
      for (const row of existing) {
        if (used.has(row.id)) continue;
        const key = entryKey(row.list, row.reference);
        if (row.entry_removed && !foundEntries.has(key) && (row.state === 'potential' || row.state === 'confirmed' || row.state === 'false_positive')) delisted.push(row);
        // A potential match the screening no longer finds on a listed entry (the name was corrected) goes; decisions stay on file.
        else if (row.state === 'potential') gone.push(row.id);
      }
    }
    return fresh;
  });
  if (gone.length > 0) await tx.query('DELETE FROM aml_matches WHERE id = ANY($1::integer[])', [gone]);
  // jsonb_to_recordset hands the rows over in the array's order, so the matches' ids follow the matcher's ranking as before.
  if (inserts.length > 0) {
    await tx.query(
      `INSERT INTO aml_matches (registration_id, party_id, entry_id, candidate, subject_fingerprint, entry_fingerprint)
       SELECT x.registration_id, x.party_id, x.entry_id, x.candidate, x.subject_fingerprint, x.entry_fingerprint
       FROM jsonb_to_recordset($1::jsonb) AS x(registration_id integer, party_id integer, entry_id integer, candidate jsonb, subject_fingerprint text, entry_fingerprint text)`,
      [JSON.stringify(inserts)],
    );
  }
  const CHANGES = 'jsonb_to_recordset($1::jsonb) AS x(id integer, entry_id integer, candidate jsonb, subject_fingerprint text, entry_fingerprint text)';
  if (reopened.length > 0) {
    await tx.query(
      `UPDATE aml_matches m SET state = 'potential', entry_id = x.entry_id, candidate = x.candidate, subject_fingerprint = x.subject_fingerprint, entry_fingerprint = x.entry_fingerprint,
         decided_by = NULL, decided_at = NULL, reason = NULL, delisted_from = NULL, delisted_at = NULL, delisting_closed_by = NULL, delisting_closed_at = NULL, delisting_reason = NULL,
         found_at = CURRENT_TIMESTAMP, version = m.version + 1
       FROM ${CHANGES} WHERE m.id = x.id`,
      [JSON.stringify(reopened)],
    );
  }
  if (refreshed.length > 0) {
    await tx.query(
      `UPDATE aml_matches m SET entry_id = x.entry_id, candidate = x.candidate, subject_fingerprint = x.subject_fingerprint, entry_fingerprint = x.entry_fingerprint FROM ${CHANGES} WHERE m.id = x.id`,
      [JSON.stringify(refreshed)],
    );
  }
  // A decision stands on the entry's new row: what was decided is kept as it was decided.
  if (relinked.length > 0) await tx.query('UPDATE aml_matches m SET entry_id = x.entry_id FROM jsonb_to_recordset($1::jsonb) AS x(id integer, entry_id integer) WHERE m.id = x.id', [JSON.stringify(relinked.map(({ id, entry_id }) => ({ id, entry_id })))]);
  if (restored.length > 0) {
    await tx.query(
      `UPDATE aml_matches m SET state = m.delisted_from, entry_id = x.entry_id, delisted_from = NULL, delisted_at = NULL, version = m.version + 1
       FROM jsonb_to_recordset($1::jsonb) AS x(id integer, entry_id integer) WHERE m.id = x.id`,
      [JSON.stringify(restored.map(({ id, entry_id }) => ({ id, entry_id })))],
    );
  }
  if (delisted.length > 0) {
    await tx.query("UPDATE aml_matches SET delisted_from = state, state = 'delisted_review', delisted_at = CURRENT_TIMESTAMP, version = version + 1 WHERE id = ANY($1::integer[])", [delisted.map((row) => row.id)]);
    for (const row of delisted) {
      await writeAudit(tx, {
        entity: 'aml_match', entityId: row.id, kind: 'match_delisted', actorId: null,
        data: { registration_id: row.registration_id, party_id: row.party_id, list: row.list, reference: row.reference },
        before: { state: row.state }, after: { state: 'delisted_review' },
      });
    }
  }
  const partyIds = batch.flatMap((item) => item.parties.map((party) => party.id));
  if (partyIds.length > 0) await tx.query('UPDATE aml_parties SET screened_at = CURRENT_TIMESTAMP WHERE id = ANY($1::integer[])', [partyIds]);
  const companies = batch.filter((item) => item.withCompany).map((item) => item.registration.id);
  if (companies.length > 0) {
    await tx.query('INSERT INTO aml_files (registration_id) SELECT unnest($1::integer[]) ON CONFLICT (registration_id) DO NOTHING', [companies]);
    await tx.query('UPDATE aml_files SET company_screened_at = CURRENT_TIMESTAMP WHERE registration_id = ANY($1::integer[])', [companies]);
  }
  if (notify) {
    for (const [at, item] of batch.entries()) {
      const fresh = freshOf[at]!;
      if (fresh === 0) continue;
      await notifyRoles(tx, rolesThat('decide-aml-matches'), {
        kind: 'screening_potential_match',
        title: 'Potential sanctions match',
        body: `${item.registration.legal_name}: ${fresh} potential ${fresh === 1 ? 'match' : 'matches'} to decide.`,
        link: dueDiligenceDetailPath(item.registration.user_id),
      });
    }
  }
  return { fresh: freshOf, delisted: delisted.length };
}

/** After a list import's re-screening: one notice with what it found, not one per registration. */
export async function notifyScreeningSummary(tx: Queryable, found: { list: string; newMatches: number; registrations: number; delisted: number }): Promise<void> {
  if (found.newMatches === 0 && found.delisted === 0) return;
  const parts = [
    `${found.newMatches} new potential ${found.newMatches === 1 ? 'match' : 'matches'}${found.newMatches > 0 ? ` in ${found.registrations} ${found.registrations === 1 ? 'registration' : 'registrations'}` : ''}`,
    `${found.delisted} ${found.delisted === 1 ? 'match' : 'matches'} of delisted entries to review`,
  ];
  await notifyRoles(tx, rolesThat('decide-aml-matches'), {
    kind: 'screening_summary',
    title: 'Sanctions list re-screening done',
    body: `${found.list}: ${parts.join('; ')}.`,
    link: onboardingListPath('due-diligence'),
  });
}

export interface MatchRow {
  id: number;
  version: number;
  party_id: number | null;
  /** As stored: an awaiting second review is a false positive with its countersign due. */
  state: Exclude<ScreeningMatch['state'], 'awaiting_second_review'>;
  candidate: CandidateSchema;
  decided_by: ScreeningMatch['decided_by'];
  decided_at: Date | null;
  reason: string | null;
  found_at: Date;
  delisted_from?: DecidedState | null;
  delisted_at?: Date | null;
  delisting_closed_by?: ScreeningMatch['decided_by'];
  delisting_closed_at?: Date | null;
  delisting_reason?: string | null;
  countersign_due: boolean;
  countersigned_by: ScreeningMatch['countersigned_by'];
  countersigned_at: Date | null;
}

export async function readScreening(db: Queryable, registration: AmlRegistration): Promise<Screening> {
  const file = await amlFile(db, registration.id);
  const parties = await db.query<{ id: number; name: string; screened_at: Date | null; withdrawn: boolean }>('SELECT id, name, screened_at, withdrawn_at IS NOT NULL AS withdrawn FROM aml_parties WHERE registration_id = $1 ORDER BY id', [registration.id]);
  const states = await partyStates(db, registration.id);
  const matches = await db.query<MatchRow>(
    `SELECT m.id, m.version, m.party_id, m.state, m.candidate, ${personJson('u')} AS decided_by, m.decided_at, m.reason, m.found_at,
            m.delisted_from, m.delisted_at, ${personJson('d')} AS delisting_closed_by, m.delisting_closed_at, m.delisting_reason,
            m.countersign_due, ${personJson('c')} AS countersigned_by, m.countersigned_at
     FROM aml_matches m LEFT JOIN users u ON u.id = m.decided_by LEFT JOIN users c ON c.id = m.countersigned_by LEFT JOIN users d ON d.id = m.delisting_closed_by
     WHERE m.registration_id = $1 ORDER BY (m.candidate->>'score')::integer DESC, m.id`,
    [registration.id],
  );
  const history = await matchHistory(db, matches.map((match) => match.id));
  const matchesOf = (partyId: number | null) => matches.filter((match) => match.party_id === partyId).map((match) => ({
    id: match.id, version: match.version, state: shownState(match), candidate: match.candidate, decided_by: match.decided_by, decided_at: match.decided_at?.toISOString() ?? null, reason: match.reason, found_at: match.found_at.toISOString(),
    delisted: match.delisted_at && match.delisted_from
      ? { at: match.delisted_at.toISOString(), previous_state: match.delisted_from, closed_by: match.delisting_closed_by ?? null, closed_at: match.delisting_closed_at?.toISOString() ?? null, reason: match.delisting_reason ?? null }
      : null,
    countersigned_by: match.countersigned_by, countersigned_at: match.countersigned_at?.toISOString() ?? null, history: history.get(match.id) ?? [],
  }));
  const subjects: Screening['subjects'] = [
    { party_id: null, name: registration.legal_name, state: file.company_screened_at ? states.get(null) ?? 'clear' : 'not_screened', screened_at: file.company_screened_at?.toISOString() ?? null, matches: matchesOf(null) },
    ...parties.filter((party) => !party.withdrawn).map((party) => ({ party_id: party.id, name: party.name, state: party.screened_at ? states.get(party.id) ?? 'clear' : 'not_screened' as const, screened_at: party.screened_at?.toISOString() ?? null, matches: matchesOf(party.id) })),
  ];
  return {
    user_id: registration.user_id,
    legal_name: registration.legal_name,
    version: file.version,
    frozen: file.frozen_at ? { at: file.frozen_at.toISOString(), reason: file.frozen_reason ?? '', lift_requested: (await readFreeze(db, { registrationId: registration.id }))?.lift_requested ?? null } : null,
    subjects,
    risk: await readRisk(db, registration.id),
    missing: await missingForApproval(db, registration.id),
  };
}

export async function screeningOf(db: Queryable, userId: number): Promise<Screening> {
  return readScreening(db, await findAmlRegistration(db, userId));
}

const MATCH_CONFLICT = 'Someone decided this match since you opened it. Reload to see the decision.';

/** A match as a write locks it: its decider by id, not by name. */
export type LockedMatch = Pick<MatchRow, 'id' | 'version' | 'party_id' | 'state' | 'candidate' | 'countersign_due'> & { decided_by: number | null };

/** What every decision on a match writes in its audit event. */
export const matchAuditData = (registration: AmlRegistration, row: LockedMatch, reason: string) => ({ registration_id: registration.id, party_id: row.party_id, list: row.candidate.list, reference: row.candidate.reference, reason });

/**
 * A person's write on one match of the registration (decide, countersign, reopen, close a delisting): the match
 * locked and its version checked, then `act`, in one transaction; answers the screening as it then stands.
 */
export async function matchWrite(
  db: Database,
  userId: number,
  matchId: number,
  version: number,
  context: ActionContext,
  act: (tx: Queryable, row: LockedMatch, registration: AmlRegistration) => Promise<void>,
): Promise<Screening> {
  const registration = await findAmlRegistration(db, userId);
  return writeRecord(db, {
    entity: 'aml_match',
    context,
    version,
    conflictMessage: MATCH_CONFLICT,
    lock: async (tx) => {
      const [row] = await tx.query<LockedMatch>(`SELECT ${MATCH_LOCK_COLUMNS} FROM aml_matches WHERE id = $1 AND registration_id = $2 FOR UPDATE`, [matchId, registration.id]);
      if (!row) throw notFound('Match');
      return row;
    },
    act: (tx, row) => act(tx, row, registration),
    read: (tx) => readScreening(tx, registration),
  });
}


export async function decideMatch(db: Database, userId: number, matchId: number, body: DecideBody, context: ActionContext, today = dubaiDate()): Promise<Screening> {
  return matchWrite(db, userId, matchId, body.version, context, async (tx, row, registration) => {
    if (row.state !== 'potential') throw conflict('This match is already decided.');
    const reason = decisionReason(body.reason);
    // Clearing a strong hit takes two people: until the countersign it waits, and the gate still lists it.
    const due = needsCountersign(body.decision, row.candidate.score);
    await tx.query('UPDATE aml_matches SET state = $2, reason = $3, decided_by = $4, decided_at = CURRENT_TIMESTAMP, countersign_due = $5, countersigned_by = NULL, countersigned_at = NULL, version = version + 1 WHERE id = $1', [row.id, body.decision, reason, context.actorId, due]);
    const kind = body.decision === 'confirmed' ? 'match_confirmed' : 'match_false_positive';
    await writeAudit(tx, {
      entity: 'aml_match', entityId: row.id, kind, actorId: context.actorId,
      data: { ...matchAuditData(registration, row, reason), ...(due ? { awaiting_second_review: true } : {}) },
      before: { state: row.state }, after: { state: due ? 'awaiting_second_review' : body.decision }, idempotencyKey: context.idempotencyKey,
    });
    if (body.decision === 'confirmed') await freezeClient(tx, registration, row, context.actorId, today);
  });
}

/** POST screening/search: a name looked up before it is a party. */
export async function searchLists(db: Queryable, body: SearchBody): Promise<{ results: CandidateSchema[] }> {
  const { index, primary } = await currentIndex(db);
  const candidates = screen(index, { name: body.name, date_of_birth: body.date_of_birth ?? null, nationality: body.nationality ?? null, kind: body.kind }, { countryNames });
  return { results: candidates.slice(0, 50).map((candidate) => toCandidate(candidate, primary)) };
}

/**
 * POST registrations/{userId}/screening/{matchId}/delisting: a person has reviewed a match whose list entry
 * was delisted and closes it with the reason. Its earlier decision stays on the match; a freeze it caused is
 * lifted only by its own procedure.
 */
export async function closeDelisted(db: Database, userId: number, matchId: number, body: CloseDelistedBody, context: ActionContext): Promise<Screening> {
  return matchWrite(db, userId, matchId, body.version, context, async (tx, row, registration) => {
    if (row.state !== 'delisted_review') throw conflict('Only a match whose list entry was delisted is closed this way.');
    const reason = body.reason.trim();
    await tx.query("UPDATE aml_matches SET state = 'delisted', delisting_closed_by = $2, delisting_closed_at = CURRENT_TIMESTAMP, delisting_reason = $3, version = version + 1 WHERE id = $1", [row.id, context.actorId, reason]);
    await writeAudit(tx, {
      entity: 'aml_match', entityId: row.id, kind: 'match_delisting_closed', actorId: context.actorId,
      data: matchAuditData(registration, row, reason),
      before: { state: row.state }, after: { state: 'delisted' }, idempotencyKey: context.idempotencyKey,
    });
  });
}
