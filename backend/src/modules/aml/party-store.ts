/**
 * A registration's parties: the rules of common/aml.ts applied to the parties as they would be after the
 * write (400 naming the field), each write one transaction with its version check, audit event and the
 * party's screening, answering the parties with their UBOs.
 */
import { MAX_PARTIES, WITHDRAW_INSTEAD, computeUbos, dateOfBirthProblem, emiratesIdDigits, emiratesIdProblem, idExpiry, latinNameProblem, ownershipLayers, partiesProblem, percentToBp, bpToPercent, type PartyNode } from '../../../../common/aml.ts';
import { isCountryCode } from '../../../../common/countries.ts';
import { dubaiDate } from '../../../../common/calendar.ts';
import type { NewPartyBody, Parties, Party, ReasonBody, ScreeningState, UpdatePartyBody } from '../../../../common/contract/aml.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { writeAudit } from '../../lib/audit.ts';
import { HttpError, conflict, invalidInput, notFound } from '../../lib/http-error.ts';
import { personJson } from '../../lib/person-sql.ts';
import { decisionReason } from './decision-rules.ts';
import { amlFile, findAmlRegistration, type AmlRegistration } from './registration.ts';
import { PARTY_COLUMNS, partyRows, partyStates, toNode, type PartyRow } from './party-rows.ts';
import { requireDeletable } from './retention.ts';
import { screenRegistration } from './screening-store.ts';

export function toParty(row: PartyRow, state: ScreeningState | undefined, today: string, withdrawn: Party['withdrawn'] = null): Party {
  return {
    id: row.id,
    version: row.version,
    kind: row.kind,
    name: row.name,
    name_ar: row.name_ar,
    date_of_birth: row.date_of_birth,
    nationality: row.nationality,
    residence: row.residence,
    id_type: row.id_type,
    id_number: row.id_number,
    id_expires_on: row.id_expires_on,
    id_expiry: idExpiry(row.id_expires_on, today),
    roles: row.roles,
    share_percent: row.share_bp === null ? null : bpToPercent(row.share_bp),
    owner_party_id: row.owner_party_id,
    pep: row.pep,
    pep_details: row.pep_details,
    source_of_funds: row.source_of_funds,
    source_of_wealth: row.source_of_wealth,
    jurisdiction: row.jurisdiction,
    registration_number: row.registration_number,
    screening: row.screened_at === null ? 'not_screened' : state ?? 'clear',
    screened_at: row.screened_at?.toISOString() ?? null,
    withdrawn,
  };
}

export async function readParties(db: Queryable, registration: AmlRegistration, today = dubaiDate()): Promise<Parties> {
  const rows = await partyRows(db, registration.id);
  const states = await partyStates(db, registration.id);
  const [file] = await db.query<{ frozen: boolean }>('SELECT frozen_at IS NOT NULL AS frozen FROM aml_files WHERE registration_id = $1', [registration.id]);
  const nodes = rows.map(toNode);
  // Withdrawn parties (added by mistake) follow the file's own, kept as its history.
  const withdrawn = await db.query<PartyRow & { withdrawn: NonNullable<Party['withdrawn']> }>(
    `SELECT ${PARTY_COLUMNS}, json_build_object('at', p.withdrawn_at, 'by', ${personJson('w')}, 'reason', coalesce(p.withdrawn_reason, '')) AS withdrawn
     FROM aml_parties p LEFT JOIN users w ON w.id = p.withdrawn_by WHERE p.registration_id = $1 AND p.withdrawn_at IS NOT NULL ORDER BY p.withdrawn_at, p.id`,
    [registration.id],
  );
  return {
    user_id: registration.user_id,
    legal_name: registration.legal_name,
    frozen: file?.frozen ?? false,
    parties: [
      ...rows.map((row) => toParty(row, states.get(row.id), today)),
      ...withdrawn.map((row) => toParty(row, states.get(row.id), today, { ...row.withdrawn, at: new Date(row.withdrawn.at).toISOString() })),
    ],
    ubos: computeUbos(nodes).map((ubo) => ({ party_ids: ubo.party_ids, name: ubo.name, effective_percent: bpToPercent(ubo.effective_bp), basis: ubo.basis, chains: ubo.chains })),
    layers: ownershipLayers(nodes),
  };
}

export async function partiesOf(db: Queryable, userId: number): Promise<Parties> {
  return readParties(db, await findAmlRegistration(db, userId));
}

type PartyInput = NewPartyBody;

/** The stored form of the input: the Emirates ID as its 15 digits, the share in basis points; 400 on a broken rule. */
function columnsOf(input: PartyInput) {
  let idNumber = input.id_number?.trim() || null;
  if (input.id_type === 'emirates_id') {
    const digits = idNumber === null ? null : emiratesIdDigits(idNumber);
    if (digits === null) throw invalidInput('id_number', idNumber === null ? 'must be given for an Emirates ID' : emiratesIdProblem(idNumber) ?? 'must be an Emirates ID number');
    idNumber = digits;
  }
  const nameProblem = latinNameProblem(input.name, input.kind);
  if (nameProblem) throw invalidInput('name', nameProblem);
  const dobProblem = dateOfBirthProblem(input.date_of_birth, dubaiDate());
  if (dobProblem) throw invalidInput('date_of_birth', dobProblem);
  for (const field of ['nationality', 'residence', 'jurisdiction'] as const) {
    const code = input[field];
    if (code !== null && !isCountryCode(code)) throw invalidInput(field, 'must be a country (its two-letter ISO code)');
  }
  if (input.id_type === null && idNumber !== null) throw invalidInput('id_type', 'must be chosen for an ID number');
  if (input.kind === 'company' && (input.date_of_birth !== null || input.pep)) throw invalidInput(input.pep ? 'pep' : 'date_of_birth', 'is only for a person');
  if (input.kind === 'person' && input.registration_number !== null) throw invalidInput('registration_number', 'is only for a company');
  return {
    kind: input.kind,
    name: input.name.trim(),
    name_ar: input.name_ar?.trim() || null,
    date_of_birth: input.date_of_birth,
    nationality: input.nationality,
    residence: input.residence,
    id_type: input.id_type,
    id_number: idNumber,
    id_expires_on: input.id_expires_on,
    roles: input.roles,
    share_bp: input.share_percent === null ? null : percentToBp(input.share_percent),
    owner_party_id: input.owner_party_id,
    pep: input.pep,
    pep_details: input.pep ? input.pep_details?.trim() || null : null,
    source_of_funds: input.source_of_funds?.trim() || null,
    source_of_wealth: input.source_of_wealth?.trim() || null,
    jurisdiction: input.jurisdiction,
    registration_number: input.registration_number?.trim() || null,
  };
}

function checkTree(rows: readonly PartyNode[]): void {
  const problem = partiesProblem(rows);
  if (problem) throw invalidInput(problem.field, problem.problem);
}

async function refuseWhenFrozen(tx: Queryable, registrationId: number): Promise<void> {
  // A frozen client's file is evidence: its parties stay as they were when the match was confirmed.
  const [file] = await tx.query<{ frozen_at: Date | null }>('SELECT frozen_at FROM aml_files WHERE registration_id = $1', [registrationId]);
  if (file?.frozen_at) throw new HttpError(409, 'CLIENT_FROZEN', 'The client is frozen by a confirmed sanctions match: its parties cannot change.');
}

const snapshot = (columns: Record<string, unknown>) => ({ ...columns, roles: columns.roles });

/** Checked inside a write's transaction before it acts (the client's side: its phase allows it). */
export type PartyGuard = (tx: Queryable, registration: AmlRegistration) => Promise<void>;

export async function addParty(db: Database, userId: number, body: NewPartyBody, context: ActionContext, guard?: PartyGuard): Promise<Parties> {
  const registration = await findAmlRegistration(db, userId);
  return db.transaction(async (tx) => {
    await guard?.(tx, registration);
    const file = await amlFile(tx, registration.id, true);
    if (file.frozen_at) await refuseWhenFrozen(tx, registration.id);
    const rows = await partyRows(tx, registration.id);
    if (context.idempotencyKey) {
      const [seen] = await tx.query<{ id: number }>("SELECT id FROM audit_events WHERE entity = 'aml_party' AND kind = 'party_added' AND idempotency_key = $1 AND (data->>'registration_id')::integer = $2", [context.idempotencyKey, registration.id]);
      if (seen) return readParties(tx, registration);
    }
    if (rows.length >= MAX_PARTIES) throw conflict(`A registration has at most ${MAX_PARTIES} parties.`);
    const columns = columnsOf(body);
    checkTree([...rows.map(toNode), { id: 0, kind: columns.kind, name: columns.name, owner_party_id: columns.owner_party_id, share_bp: columns.share_bp, roles: columns.roles, date_of_birth: columns.date_of_birth, registration_number: columns.registration_number }]);
    const names = Object.keys(columns);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO aml_parties (registration_id, ${names.join(', ')}) VALUES ($1, ${names.map((_, index) => `$${index + 2}`).join(', ')}) RETURNING id`,
      [registration.id, ...names.map((name) => (name === 'roles' ? JSON.stringify(columns.roles) : columns[name as keyof typeof columns]))],
    );
    await writeAudit(tx, { entity: 'aml_party', entityId: row!.id, kind: 'party_added', actorId: context.actorId, data: { registration_id: registration.id }, after: snapshot(columns), idempotencyKey: context.idempotencyKey });
    await screenRegistration(tx, registration, { partyIds: [row!.id] });
    return readParties(tx, registration);
  });
}

async function lockParty(tx: Queryable, registrationId: number, partyId: number): Promise<PartyRow> {
  const [row] = await tx.query<PartyRow & { withdrawn_at: Date | null }>(`SELECT ${PARTY_COLUMNS}, p.withdrawn_at FROM aml_parties p WHERE p.id = $1 AND p.registration_id = $2 FOR UPDATE`, [partyId, registrationId]);
  if (!row) throw notFound('Party');
  if (row.withdrawn_at) throw conflict('This party was withdrawn: it stays in the file\'s history and cannot change. Add the right party anew.');
  return row;
}

const PARTY_CONFLICT = 'Someone changed this party since you opened it. Reload to see the change.';

function inputOf(row: PartyRow): PartyInput {
  const party = toParty(row, undefined, dubaiDate());
  return {
    kind: party.kind, name: party.name, name_ar: party.name_ar, date_of_birth: party.date_of_birth, nationality: party.nationality, residence: party.residence, id_type: party.id_type,
    id_number: party.id_number, id_expires_on: party.id_expires_on, roles: party.roles, share_percent: party.share_percent, owner_party_id: party.owner_party_id, pep: party.pep,
    pep_details: party.pep_details, source_of_funds: party.source_of_funds, source_of_wealth: party.source_of_wealth, jurisdiction: party.jurisdiction, registration_number: party.registration_number,
  };
}

export async function updateParty(db: Database, userId: number, partyId: number, body: UpdatePartyBody, context: ActionContext, guard?: PartyGuard): Promise<Parties> {
  const registration = await findAmlRegistration(db, userId);
  return writeRecord(db, {
    entity: 'aml_party',
    context,
    version: body.version,
    conflictMessage: PARTY_CONFLICT,
    lock: (tx) => lockParty(tx, registration.id, partyId),
    act: async (tx, row) => {
      await guard?.(tx, registration);
      await refuseWhenFrozen(tx, registration.id);
      const { version: _version, ...changes } = body;
      const before = columnsOf(inputOf(row));
      const columns = columnsOf({ ...inputOf(row), ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) });
      const rows = await partyRows(tx, registration.id);
      checkTree(rows.map((other) => (other.id === row.id ? { ...toNode(other), ...columns, id: row.id } : toNode(other))));
      const names = Object.keys(columns);
      await tx.query(
        `UPDATE aml_parties SET ${names.map((name, index) => `${name} = $${index + 2}`).join(', ')}, version = version + 1 WHERE id = $1`,
        [row.id, ...names.map((name) => (name === 'roles' ? JSON.stringify(columns.roles) : columns[name as keyof typeof columns]))],
      );
      await writeAudit(tx, { entity: 'aml_party', entityId: row.id, kind: 'party_updated', actorId: context.actorId, data: { registration_id: registration.id }, before: snapshot(before), after: snapshot(columns), idempotencyKey: context.idempotencyKey });
      await screenRegistration(tx, registration, { partyIds: [row.id] });
    },
    read: (tx) => readParties(tx, registration),
  });
}

export async function deleteParty(db: Database, userId: number, partyId: number, version: number, context: ActionContext, guard?: PartyGuard): Promise<Parties> {
  const registration = await findAmlRegistration(db, userId);
  return writeRecord(db, {
    entity: 'aml_party',
    context,
    version,
    conflictMessage: PARTY_CONFLICT,
    deletes: { id: partyId, answer: (tx) => readParties(tx, registration) },
    lock: (tx) => lockParty(tx, registration.id, partyId),
    act: async (tx, row) => {
      await guard?.(tx, registration);
      await refuseWhenFrozen(tx, registration.id);
      // A party with screening decisions on file takes them with it: AML records, kept as the retention rule says.
      const [decided] = await tx.query<{ id: number }>("SELECT id FROM aml_matches WHERE party_id = $1 AND state <> 'potential' LIMIT 1", [row.id]);
      if (decided) {
        await requireDeletable(tx, registration.id).catch((error: unknown) => {
          throw error instanceof HttpError && error.statusCode === 409 ? conflict(`${error.message} ${WITHDRAW_INSTEAD}`) : error;
        });
      }
      await writeAudit(tx, { entity: 'aml_party', entityId: row.id, kind: 'party_removed', actorId: context.actorId, data: { registration_id: registration.id }, before: snapshot(columnsOf(inputOf(row))), idempotencyKey: context.idempotencyKey });
      await tx.query('DELETE FROM aml_parties WHERE id = $1', [row.id]);
    },
    read: (tx) => readParties(tx, registration),
  });
}

/**
 * Withdraws a party added by mistake: it leaves the file's rules (UBOs, shares, the gate) and its screening,
 * its undecided matches go, and it stays in the file with who withdrew it, when and why; its decisions stay.
 * A party others hold their shares in is withdrawn after them.
 */
export async function withdrawParty(db: Database, userId: number, partyId: number, body: ReasonBody, context: ActionContext): Promise<Parties> {
  const registration = await findAmlRegistration(db, userId);
  return writeRecord(db, {
    entity: 'aml_party',
    context,
    version: body.version,
    conflictMessage: PARTY_CONFLICT,
    lock: (tx) => lockParty(tx, registration.id, partyId),
    act: async (tx, row) => {
      await refuseWhenFrozen(tx, registration.id);
      const reason = decisionReason(body.reason);
      const [held] = await tx.query<{ name: string }>('SELECT name FROM aml_parties WHERE owner_party_id = $1 AND withdrawn_at IS NULL LIMIT 1', [row.id]);
      if (held) throw conflict(`${held.name} holds a share in ${row.name}: withdraw or change that party first.`);
      await tx.query('UPDATE aml_parties SET withdrawn_at = CURRENT_TIMESTAMP, withdrawn_by = $2, withdrawn_reason = $3, version = version + 1 WHERE id = $1', [row.id, context.actorId, reason]);
      await tx.query("DELETE FROM aml_matches WHERE party_id = $1 AND state = 'potential'", [row.id]);
      await writeAudit(tx, { entity: 'aml_party', entityId: row.id, kind: 'party_withdrawn', actorId: context.actorId, data: { registration_id: registration.id, reason }, before: { name: row.name, kind: row.kind, roles: row.roles, share_bp: row.share_bp, owner_party_id: row.owner_party_id }, idempotencyKey: context.idempotencyKey });
    },
    read: (tx) => readParties(tx, registration),
  });
}
