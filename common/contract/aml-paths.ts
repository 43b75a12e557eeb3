/** The AML due-diligence area's paths (relative to API_BASE), importable by the console at runtime. */
import type { AreaChanges } from './endpoint.ts';

export const SANCTIONS_LISTS = ['un', 'uae-local'] as const;
export type SanctionsList = (typeof SANCTIONS_LISTS)[number];
export const SANCTIONS_LIST_LABELS: Record<SanctionsList, string> = { un: 'UN Security Council Consolidated List', 'uae-local': 'UAE Local Terrorist List' };

/**
 * The largest list file, in bytes as the file is on disk (the UN's consolidated list is about 2 MB): the
 * console checks it before sending, the back end refuses more with 413 naming it, and the import's body limit
 * (the file as JSON) stays within the gateway's API_BODY_LIMIT_BYTES.
 */
export const MAX_LIST_FILE_BYTES = 8 * 1024 * 1024;
export const MAX_LIST_FILE_LABEL = '8 MB';
/** A version removing more than this share of the current entries waits for a second person's approval. */
export const LIST_SHRINK_PERCENT = 5;
/** applied: its entries are the list's; pending: waits for a second person; rejected: never applied. */
export const LIST_VERSION_STATES = ['applied', 'pending', 'rejected'] as const;
export type ListVersionState = (typeof LIST_VERSION_STATES)[number];
/** A freeze's lift reason is a sentence a compliance officer signs: long enough to say why. */
export const MIN_LIFT_REASON = 20;
export const MAX_LIFT_REASON = 2000;

export const amlRoutes = {
  /** The registration's parties, its UBOs and layers of ownership. */
  parties: 'GET /registrations/:userId/parties',
  addParty: 'POST /registrations/:userId/parties',
  updateParty: 'PATCH /registrations/:userId/parties/:partyId',
  /** { version } */
  deleteParty: 'DELETE /registrations/:userId/parties/:partyId',
  /** { version, reason }: a party added by mistake leaves the file but stays in its history. */
  withdrawParty: 'POST /registrations/:userId/parties/:partyId/withdraw',
  /** Per party its screening state and candidates, the risk rating and the gate's checklist. */
  screening: 'GET /registrations/:userId/screening',
  /** { decision: false_positive | confirmed, reason, version } */
  decide: 'POST /registrations/:userId/screening/:matchId/decide',
  /** { version, outcome: countersign | send_back, reason }: the second person on a false positive awaiting second review. */
  countersign: 'POST /registrations/:userId/screening/:matchId/countersign',
  /** { version, reason }: a compliance officer puts a decided match back to be decided again. */
  reopen: 'POST /registrations/:userId/screening/:matchId/reopen',
  /** { sector, services, face_to_face, version } */
  rateRisk: 'PUT /registrations/:userId/risk',
  /** Enhanced due diligence's second approval, by an ADMIN other than the one who rated the risk. { version } */
  approveEdd: 'POST /registrations/:userId/risk/edd-approval',
  /** Enhanced due diligence's evidence documents of the registration's parties. */
  evidence: 'GET /registrations/:userId/evidence',
  /** { topic, file_name, content_type, content_base64 }: a beneficial owner's or PEP's proof of the source of funds or of wealth. */
  addEvidence: 'POST /registrations/:userId/parties/:partyId/evidence',
  /** The bytes of one evidence document, as an attachment. */
  evidenceFile: 'GET /registrations/:userId/evidence/:evidenceId',
  /** The client's whole AML file as one ZIP with a PDF summary (the goAML register's entries only for compliance officers). */
  exportFile: 'GET /registrations/:userId/aml-file',
  /** The list versions, newest first. */
  lists: 'GET /screening/lists/',
  /** { content, file_name? }: the list file in its official format (UN XML, the UAE local list's CSV). */
  importList: 'POST /screening/lists/:list',
  /** { name, date_of_birth?, nationality?, kind }: candidates before a person is a party. */
  search: 'POST /screening/search',
  /** The client's side: its own registration's parties, submitted with its documents (no screening state: no tipping off). */
  myParties: 'GET /me/registration/parties',
  myAddParty: 'POST /me/registration/parties',
  myUpdateParty: 'PATCH /me/registration/parties/:partyId',
  /** { version } */
  myDeleteParty: 'DELETE /me/registration/parties/:partyId',
  registerEntries: 'GET /aml-register/',
  addRegisterEntry: 'POST /aml-register/',
  updateRegisterEntry: 'PATCH /aml-register/:entryId',
  /** One version with its diff: the entries it added, changed and removed, with their names. */
  listVersion: 'GET /screening/lists/:list/versions/:versionId',
  /** ?search=&page=: the list's current entries by name. */
  listEntries: 'GET /screening/lists/:list/entries',
  /** { version }: a pending version applied by a second person (not its importer). */
  approveListVersion: 'POST /screening/lists/:list/versions/:versionId/approve',
  /** { version, reason }: a pending version refused; it never takes effect. */
  rejectListVersion: 'POST /screening/lists/:list/versions/:versionId/reject',
  /** { version, reason }: a match whose list entry was delisted, closed after a person's review. */
  closeDelisted: 'POST /registrations/:userId/screening/:matchId/delisting',
  /** { reason, version }: a compliance officer asks for the client's freeze to be lifted. */
  requestFreezeLift: 'POST /registrations/:userId/freeze/lift',
  /** { version }: a second staff member (ADMIN or REVIEWER, not the one who asked) lifts it. */
  approveFreezeLift: 'POST /registrations/:userId/freeze/lift/approve',
  /** The AML file's legal hold and retention: whether a hold stands (why, by whom), when the five years end. */
  legalHold: 'GET /registrations/:userId/legal-hold',
  /** { reason }: a compliance officer sets a legal hold; the file is not purged while it stands. */
  setLegalHold: 'PUT /registrations/:userId/legal-hold',
  /** { reason }: a compliance officer lifts it; the five-year rule applies again. */
  liftLegalHold: 'POST /registrations/:userId/legal-hold/lift',
} as const;

/**
 * A registration's AML file is shown on its review (the console keys it with the registration's pages), so each
 * write on it changes the registrations views; a freeze stops the client too.
 */
export const amlChanges = {
  addParty: ['registrations'],
  updateParty: ['registrations'],
  deleteParty: ['registrations'],
  withdrawParty: ['registrations'],
  decide: ['registrations', 'clients'],
  countersign: ['registrations', 'clients'],
  reopen: ['registrations', 'clients'],
  closeDelisted: ['registrations'],
  rateRisk: ['registrations'],
  approveEdd: ['registrations'],
  addEvidence: ['registrations'],
  requestFreezeLift: ['registrations', 'clients'],
  approveFreezeLift: ['registrations', 'clients'],
  setLegalHold: ['registrations'],
  liftLegalHold: ['registrations'],
} as const satisfies AreaChanges<typeof amlRoutes>;

/** A legal hold's reason (set or lifted): read years later by whoever wonders why the file was kept. */
export const MIN_LEGAL_HOLD_REASON = 10;
export const MAX_LEGAL_HOLD_REASON = 2000;
