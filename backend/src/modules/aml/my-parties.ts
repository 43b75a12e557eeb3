/**
 * The client's side of its parties (`me/registration/parties`, CLIENT only): the caller's own registration,
 * found by the caller's id, with the staff's rules, validation, versions, audit and screening (party-store),
 * while CLIENT_PARTY_PHASES allow. The answer leaves the screening out: telling a client a party is a
 * potential match would tip it off.
 */
import { CLIENT_PARTIES_NOT_NOW, CLIENT_PARTY_PHASES } from '../../../../common/aml.ts';
import type { MyParties, NewPartyBody, Parties, UpdatePartyBody } from '../../../../common/contract/aml.ts';
import { phaseOf, type PipelineState } from '../../../../common/pipeline.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { ActionContext } from '../../lib/action.ts';
import { isFrozen } from '../../lib/aml-freeze.ts';
import { conflict } from '../../lib/http-error.ts';
import { addParty, deleteParty, partiesOf, updateParty, type PartyGuard } from './party-store.ts';

export function forClient(parties: Parties): MyParties {
  return {
    legal_name: parties.legal_name,
    parties: parties.parties.filter((party) => party.withdrawn === null).map(({ screening: _screening, screened_at: _screenedAt, withdrawn: _withdrawn, ...party }) => party),
    ubos: parties.ubos,
    layers: parties.layers,
  };
}

/** The registration's phase, read with its row locked so a staff action cannot move it under the write. */
const clientMayChange: PartyGuard = async (tx: Queryable, registration) => {
  const [row] = await tx.query<PipelineState>(
    `SELECT r.stage, r.status, r.review_state, r.meeting_outcome,
            EXISTS (SELECT 1 FROM registration_plans p WHERE p.registration_id = r.id AND p.approved_at IS NOT NULL) AS plan_approved
     FROM registrations r WHERE r.id = $1 FOR UPDATE`,
    [registration.id],
  );
  if (!row || !CLIENT_PARTY_PHASES.includes(phaseOf(row))) throw conflict(CLIENT_PARTIES_NOT_NOW);
  // A frozen file is refused in the words of any other time the parties cannot change: naming the freeze would tip the client off.
  if (await isFrozen(tx, { registrationId: registration.id })) throw conflict(CLIENT_PARTIES_NOT_NOW);
};

export async function myParties(db: Queryable, clientId: number): Promise<MyParties> {
  return forClient(await partiesOf(db, clientId));
}

export async function myAddParty(db: Database, body: NewPartyBody, context: ActionContext): Promise<MyParties> {
  return forClient(await addParty(db, context.actorId, body, context, clientMayChange));
}

export async function myUpdateParty(db: Database, partyId: number, body: UpdatePartyBody, context: ActionContext): Promise<MyParties> {
  return forClient(await updateParty(db, context.actorId, partyId, body, context, clientMayChange));
}

export async function myDeleteParty(db: Database, partyId: number, version: number, context: ActionContext): Promise<MyParties> {
  return forClient(await deleteParty(db, context.actorId, partyId, version, context, clientMayChange));
}
