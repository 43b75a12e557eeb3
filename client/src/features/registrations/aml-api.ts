/**
 * AML due diligence's calls on one registration (common/contract/aml.ts): its parties and UBOs, the
 * screening with its decisions, the risk rating and what the approval waits on. The keys sit under
 * 'registrations', so every review action reads them again, and each of these writes changes 'registrations' (amlChanges).
 */
import type { amlEndpoints, CountersignBody, DecideBody, ReasonBody, EddEvidence, EvidenceUploadBody, NewPartyBody, RateRiskBody, UpdatePartyBody } from '../../../../common/contract/aml.ts';
import { amlChanges, amlRoutes } from '../../../../common/contract/aml-paths.ts';
import { clientEndpoints } from '../../lib/endpoints.ts';
import { call } from '../../lib/call.ts';
import { saveFile } from '../../lib/save-file.ts';
import { refreshOnRecordChange } from '../../lib/notification-events.ts';
import { useQuery } from '../../lib/use-query.ts';

type Headers = Record<string, string>;

export const aml = clientEndpoints<typeof amlEndpoints>('aml', amlRoutes, amlChanges);

/** The freeze's lift, asked and approved (the banner's two writes). */
export const freezeLift = { request: aml.requestFreezeLift, approve: aml.approveFreezeLift };

export const amlKeys = {
  parties: (userId: string | number) => ['registrations', 'aml-parties', String(userId)] as const,
  screening: (userId: string | number) => ['registrations', 'aml-screening', String(userId)] as const,
  evidence: (userId: string | number) => ['registrations', 'aml-evidence', String(userId)] as const,
  legalHold: (userId: string | number) => ['registrations', 'aml-legal-hold', String(userId)] as const,
};

// The AML file of the open registration (its parties, screening and what approval waits on) follows the stream,
// keyed like the registration's pages by its client's user (see api.ts).
for (const entity of ['aml_party', 'aml_match', 'aml_file'] as const) {
  refreshOnRecordChange(entity, () => [['registrations', 'aml-parties'], ['registrations', 'aml-screening'], ['registrations', 'aml-evidence'], ['registrations', 'aml-legal-hold'], ['registrations', 'review']]);
}

export const useParties = (userId: number) => useQuery(amlKeys.parties(userId), (signal) => call(aml.parties, { params: { userId }, signal }));
export const useScreening = (userId: number) => useQuery(amlKeys.screening(userId), (signal) => call(aml.screening, { params: { userId }, signal }));

export const addParty = (userId: number, body: NewPartyBody, headers: Headers) => call(aml.addParty, { params: { userId }, body, headers });
export const updateParty = (userId: number, partyId: number, body: UpdatePartyBody, headers: Headers) => call(aml.updateParty, { params: { userId, partyId }, body, headers });
export const deleteParty = (userId: number, partyId: number, version: number, headers: Headers) => call(aml.deleteParty, { params: { userId, partyId }, body: { version }, headers });
export const decideMatch = (userId: number, matchId: number, body: DecideBody, headers: Headers) => call(aml.decide, { params: { userId, matchId }, body, headers });
export const closeDelisted = (userId: number, matchId: number, body: { version: number; reason: string }, headers: Headers) => call(aml.closeDelisted, { params: { userId, matchId }, body, headers });
export const countersignMatch = (userId: number, matchId: number, body: CountersignBody, headers: Headers) => call(aml.countersign, { params: { userId, matchId }, body, headers });
export const reopenMatch = (userId: number, matchId: number, body: ReasonBody, headers: Headers) => call(aml.reopen, { params: { userId, matchId }, body, headers });
export const withdrawParty = (userId: number, partyId: number, body: ReasonBody, headers: Headers) => call(aml.withdrawParty, { params: { userId, partyId }, body, headers });
export const rateRisk = (userId: number, body: RateRiskBody, headers: Headers) => call(aml.rateRisk, { params: { userId }, body, headers });
export const requestFreezeLift = (userId: number, version: number, reason: string, headers: Headers) => call(aml.requestFreezeLift, { params: { userId }, body: { version, reason }, headers });
export const useLegalHold = (userId: number) => useQuery(amlKeys.legalHold(userId), (signal) => call(aml.legalHold, { params: { userId }, signal }));
export const setLegalHold = (userId: number, reason: string, headers: Headers) => call(aml.setLegalHold, { params: { userId }, body: { reason }, headers });
export const liftLegalHold = (userId: number, reason: string, headers: Headers) => call(aml.liftLegalHold, { params: { userId }, body: { reason }, headers });
export const approveFreezeLift = (userId: number, version: number, headers: Headers) => call(aml.approveFreezeLift, { params: { userId }, body: { version }, headers });

export const useEvidence = (userId: number) => useQuery(amlKeys.evidence(userId), (signal) => call(aml.evidence, { params: { userId }, signal }));
export const addEvidence = (userId: number, partyId: number, body: EvidenceUploadBody, headers: Headers) => call(aml.addEvidence, { params: { userId, partyId }, body, headers });
export const approveEdd = (userId: number, version: number, headers: Headers) => call(aml.approveEdd, { params: { userId }, body: { version }, headers });

export async function downloadEvidence(userId: number, evidence: Pick<EddEvidence, 'id' | 'file_name'>): Promise<void> {
  saveFile(await call(aml.evidenceFile, { params: { userId, evidenceId: evidence.id }, responseType: 'blob' }), evidence.file_name);
}

/** The client's whole AML file; the name is the server's pattern without the registration id the page lacks. */
export async function downloadAmlFile(userId: number, legalName: string): Promise<void> {
  saveFile(await call(aml.exportFile, { params: { userId }, responseType: 'blob' }), `aml-file-${legalName.replace(/[^A-Za-z0-9]+/g, '-')}.zip`);
}
