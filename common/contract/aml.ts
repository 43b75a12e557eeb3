/**
 * AML due diligence: a registration's parties (owners, directors, signatories) and its
 * ultimate beneficial owners, sanctions lists imported in their official formats, the screening of every
 * party with a person's decision on each potential match, the risk rating and the gate 'Approve due
 * diligence' waits on. A confirmed match freezes the client. Reads and writes follow the Due Diligence
 * page's roles; list imports are the ADMIN's (compliance officers are ADMIN users).
 */
import { Type, type Static } from 'typebox';
import { ID_TYPES, MAX_PARTY_NAME, MAX_PARTY_TEXT, PARTY_KINDS, PARTY_ROLES } from '../aml.ts';
import { AML_DECIDER_ROLES, MIN_DECISION_REASON } from '../aml-decisions.ts';
import { canSee } from '../access.ts';
import { STAFF_ROLES } from '../roles.ts';
import { EDD_EVIDENCE_TOPICS, RISK_LEVELS, SECTORS, SERVICES } from '../aml-risk.ts';
import { DOCUMENT_CONTENT_TYPES, MAX_DOCUMENT_BYTES, MAX_FILE_NAME_LENGTH } from '../review.ts';
import { MAX_DOCUMENT_BASE64_LENGTH } from './registrations.ts';
import { amlPartyFields, sanctionsFields } from './aml-fields.ts';
import { registerFields } from './aml-register-fields.ts';
import { access, endpoints } from './endpoint.ts';
import { CalendarDate, Closed, Id, IdempotencyHeaders, IdParams, Instant, Line, Nullable, Page, PageQuery, Paragraphs, PersonRef, Search, Version } from './shared.ts';
import { LIST_VERSION_STATES, SANCTIONS_LISTS, amlRoutes } from './aml-paths.ts';
import { API_BODY_LIMIT_BYTES } from './http.ts';
import { REGISTER_STATES, REGISTER_TYPES } from './aml-register-paths.ts';
import { ApproveLiftBody, LiftRequest, RequestLiftBody } from './aml-freeze.ts';
import { LegalHold, LegalHoldBody } from './aml-legal-hold.ts';

export { LIST_SHRINK_PERCENT, LIST_VERSION_STATES, MAX_LIST_FILE_BYTES, MAX_LIST_FILE_LABEL, SANCTIONS_LISTS, SANCTIONS_LIST_LABELS, amlRoutes, type ListVersionState, type SanctionsList } from './aml-paths.ts';
export { GOAML_DEADLINE_WORKING_DAYS, MAX_REGISTER_NOTES, REGISTER_STATES, REGISTER_TYPES, REGISTER_TYPE_LABELS, type RegisterState, type RegisterType } from './aml-register-paths.ts';


const Country = (title: string) => Type.String({ pattern: '^[A-Z]{2}$', maxLength: 2, errorMessage: 'must be a two-letter country code (AE)', title });
const Text = (title: string) => Paragraphs(MAX_PARTY_TEXT, { title });

const partyFields = {
  kind: Type.Enum(PARTY_KINDS, { title: 'Kind' }),
  name: Line(amlPartyFields.name.max, { minLength: amlPartyFields.name.min, title: amlPartyFields.name.label }),
  name_ar: Nullable(Line(MAX_PARTY_NAME, { title: 'Name in Arabic' })),
  date_of_birth: Nullable(CalendarDate(amlPartyFields.dateOfBirth.label)),
  nationality: Nullable(Country(amlPartyFields.nationality.label)),
  residence: Nullable(Country(amlPartyFields.residence.label)),
  id_type: Nullable(Type.Enum(ID_TYPES, { title: 'ID type' })),
  id_number: Nullable(Line(amlPartyFields.idNumber.max, { title: amlPartyFields.idNumber.label })),
  id_expires_on: Nullable(CalendarDate(amlPartyFields.idExpiry.label)),
  roles: Type.Array(Type.Enum(PARTY_ROLES, { title: 'Role' }), { minItems: 1, maxItems: PARTY_ROLES.length, uniqueItems: true, title: 'Roles' }),
  share_percent: Nullable(Type.Number({ exclusiveMinimum: 0, maximum: 100, multipleOf: 0.01, title: 'Share' })),
  /** The company party it holds its share in; null: the client itself. */
  owner_party_id: Nullable(Id('Owner')),
  pep: Type.Boolean({ title: 'Politically exposed person' }),
  pep_details: Nullable(Text(amlPartyFields.pepDetails.label)),
  source_of_funds: Nullable(Text('Source of funds')),
  source_of_wealth: Nullable(Text('Source of wealth')),
  jurisdiction: Nullable(Country(amlPartyFields.jurisdiction.label)),
  registration_number: Nullable(Line(amlPartyFields.registrationNumber.max, { title: amlPartyFields.registrationNumber.label })),
};

export const NewPartyBody = Closed(partyFields);
export type NewPartyBody = Static<typeof NewPartyBody>;
export const UpdatePartyBody = Closed({ version: Version, ...Object.fromEntries(Object.entries(partyFields).map(([key, schema]) => [key, Type.Optional(schema)])) as { [K in keyof typeof partyFields]: ReturnType<typeof Type.Optional<(typeof partyFields)[K]>> } });
export type UpdatePartyBody = Static<typeof UpdatePartyBody>;
export const VersionBody = Closed({ version: Version });
export type VersionBody = Static<typeof VersionBody>;

export const SCREENING_STATES = ['not_screened', 'clear', 'potential_match', 'confirmed_match', 'false_positive'] as const;
export type ScreeningState = (typeof SCREENING_STATES)[number];
/**
 * delisted_review: the list entry was delisted since; a person closes it as delisted (its earlier decision kept).
 * awaiting_second_review: a false positive on a strong hit that waits for a second person's countersign (common/aml-decisions.ts).
 */
export const MATCH_STATES = ['potential', 'confirmed', 'false_positive', 'awaiting_second_review', 'delisted_review', 'delisted'] as const;
export type MatchState = (typeof MATCH_STATES)[number];

export const Party = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  ...Object.fromEntries(Object.entries(partyFields)) as typeof partyFields,
  id_expiry: Type.Enum(['valid', 'expiring', 'expired'] as const),
  screening: Type.Enum(SCREENING_STATES),
  screened_at: Nullable(Instant),
  /** Withdrawn as added by mistake: out of the file's rules and screening, kept in its history. */
  withdrawn: Nullable(Type.Object({ at: Instant, by: Nullable(PersonRef), reason: Type.String() })),
});
export type Party = Static<typeof Party>;

/** A party as its client sees it: without its screening, which would tip the client off. */
export const MyParty = Type.Omit(Party, ['screening', 'screened_at', 'withdrawn']);
export type MyParty = Static<typeof MyParty>;

export const UboSchema = Type.Object({
  party_ids: Type.Array(Type.Integer()),
  name: Type.String(),
  effective_percent: Type.Number(),
  basis: Type.Enum(['ownership', 'control', 'senior_managing_official'] as const),
  chains: Type.Array(Type.String()),
});

export const Parties = Type.Object({
  user_id: Type.Integer(),
  legal_name: Type.String(),
  frozen: Type.Boolean(),
  parties: Type.Array(Party),
  ubos: Type.Array(UboSchema),
  layers: Type.Integer(),
});
export type Parties = Static<typeof Parties>;

export const MyParties = Type.Object({ legal_name: Type.String(), parties: Type.Array(MyParty), ubos: Type.Array(UboSchema), layers: Type.Integer() });
export type MyParties = Static<typeof MyParties>;

const Agreement = Type.Enum(['agrees', 'differs', 'unknown'] as const);
export const CandidateSchema = Type.Object({
  list: Type.Enum(SANCTIONS_LISTS),
  reference: Type.String(),
  listed_name: Type.String(),
  matched_name: Type.String(),
  alias: Type.Boolean(),
  score: Type.Integer(),
  date_of_birth: Agreement,
  nationality: Agreement,
  reasons: Type.Array(Type.String()),
});
export type CandidateSchema = Static<typeof CandidateSchema>;

export const MATCH_ACTIONS = ['decided', 'countersigned', 'sent_back', 'reopened'] as const;
export type MatchAction = (typeof MATCH_ACTIONS)[number];
/** One step of a match's decision, oldest first: who decided, countersigned, sent back or reopened it, and why. */
export const MatchStep = Type.Object({
  action: Type.Enum(MATCH_ACTIONS),
  /** The decision taken ('decided' only). */
  decision: Nullable(Type.Enum(['false_positive', 'confirmed'] as const)),
  reason: Type.String(),
  by: Nullable(PersonRef),
  at: Instant,
});
export type MatchStep = Static<typeof MatchStep>;

export const ScreeningMatch = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  state: Type.Enum(MATCH_STATES),
  candidate: CandidateSchema,
  decided_by: Nullable(PersonRef),
  decided_at: Nullable(Instant),
  reason: Nullable(Type.String()),
  found_at: Instant,
  /** The entry was delisted: when, the state the match had then (its decision above stays), and who closed it, why. */
  delisted: Nullable(Type.Object({
    at: Instant,
    previous_state: Type.Enum(['potential', 'confirmed', 'false_positive'] as const),
    closed_by: Nullable(PersonRef),
    closed_at: Nullable(Instant),
    reason: Nullable(Type.String()),
  })),
  countersigned_by: Nullable(PersonRef),
  countersigned_at: Nullable(Instant),
  history: Type.Array(MatchStep),
});
export type ScreeningMatch = Static<typeof ScreeningMatch>;

export const RiskFactorSchema = Type.Object({ factor: Type.String(), points: Type.Integer(), detail: Type.String() });
export const RiskAssessment = Type.Object({
  level: Type.Enum(RISK_LEVELS),
  score: Type.Integer(),
  factors: Type.Array(RiskFactorSchema),
  sector: Type.Enum(SECTORS),
  services: Type.Array(Type.Enum(SERVICES)),
  face_to_face: Type.Boolean(),
  rated_by: Nullable(PersonRef),
  rated_at: Instant,
  next_review_on: CalendarDate(),
  edd_required: Type.Boolean(),
  edd_approved_by: Nullable(PersonRef),
  edd_approved_at: Nullable(Instant),
});
export type RiskAssessment = Static<typeof RiskAssessment>;

export const Screening = Type.Object({
  user_id: Type.Integer(),
  legal_name: Type.String(),
  /** Version of the registration's AML file (risk rating, EDD approval). */
  version: Type.Integer(),
  frozen: Nullable(Type.Object({ at: Instant, reason: Type.String(), lift_requested: Nullable(LiftRequest) })),
  subjects: Type.Array(Type.Object({
    /** null: the company itself. */
    party_id: Nullable(Type.Integer()),
    name: Type.String(),
    state: Type.Enum(SCREENING_STATES),
    screened_at: Nullable(Instant),
    matches: Type.Array(ScreeningMatch),
  })),
  risk: Nullable(RiskAssessment),
  /** What 'Approve due diligence' still waits on; empty: ready. */
  missing: Type.Array(Type.String()),
});
export type Screening = Static<typeof Screening>;

const Reason = Paragraphs(MAX_PARTY_TEXT, { minLength: MIN_DECISION_REASON, title: 'Reason' });
export const DecideBody = Closed({
  version: Version,
  decision: Type.Enum(['false_positive', 'confirmed'] as const, { title: 'Decision' }),
  reason: Reason,
});
export type DecideBody = Static<typeof DecideBody>;

export const CountersignBody = Closed({
  version: Version,
  outcome: Type.Enum(['countersign', 'send_back'] as const, { title: 'Outcome' }),
  reason: Reason,
});
export type CountersignBody = Static<typeof CountersignBody>;

export const ReasonBody = Closed({ version: Version, reason: Reason });
export type ReasonBody = Static<typeof ReasonBody>;

export const RateRiskBody = Closed({
  version: Version,
  sector: Type.Enum(SECTORS, { title: 'Sector' }),
  services: Type.Array(Type.Enum(SERVICES, { title: 'Service' }), { maxItems: SERVICES.length, uniqueItems: true, title: 'Services' }),
  face_to_face: Type.Boolean({ title: 'Met face to face' }),
});
export type RateRiskBody = Static<typeof RateRiskBody>;

export const EvidenceUploadBody = Closed({
  topic: Type.Enum(EDD_EVIDENCE_TOPICS, { title: 'Evidence of' }),
  file_name: Type.String({ minLength: 1, maxLength: MAX_FILE_NAME_LENGTH, title: 'File name' }),
  content_type: Type.Enum(DOCUMENT_CONTENT_TYPES, { title: 'Content type' }),
  content_base64: Type.String({ minLength: 1, maxLength: MAX_DOCUMENT_BASE64_LENGTH, pattern: '^[A-Za-z0-9+/]*={0,2}$', errorMessage: 'must be base64', title: 'File' }),
});
export type EvidenceUploadBody = Static<typeof EvidenceUploadBody>;
export const EddEvidence = Type.Object({
  id: Type.Integer(),
  party_id: Type.Integer(),
  topic: Type.Enum(EDD_EVIDENCE_TOPICS),
  file_name: Type.String(),
  content_type: Type.Enum(DOCUMENT_CONTENT_TYPES),
  size_bytes: Type.Integer(),
  uploaded_by: Nullable(PersonRef),
  uploaded_at: Instant,
});
export type EddEvidence = Static<typeof EddEvidence>;
export const EddEvidenceList = Type.Object({ results: Type.Array(EddEvidence) });
export type EddEvidenceList = Static<typeof EddEvidenceList>;

export const ListVersion = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  list: Type.Enum(SANCTIONS_LISTS),
  state: Type.Enum(LIST_VERSION_STATES),
  /** The date the file says it was generated or published, when it says one. */
  published_on: Nullable(Type.String()),
  file_name: Nullable(Type.String()),
  entry_count: Type.Integer(),
  /** References new to the list, changed in it, and gone from it (what it did, or for a pending one would do). */
  added: Type.Array(Type.String()),
  changed: Type.Array(Type.String()),
  removed: Type.Array(Type.String()),
  imported_by: Nullable(PersonRef),
  imported_at: Instant,
  /** Who approved or rejected a pending version, when and (a rejection) why. */
  decided_by: Nullable(PersonRef),
  decided_at: Nullable(Instant),
  decision_reason: Nullable(Type.String()),
});
export type ListVersion = Static<typeof ListVersion>;
export const ListVersions = Type.Object({ results: Type.Array(ListVersion) });
export type ListVersions = Static<typeof ListVersions>;

export const ListEntry = Type.Object({
  id: Type.Integer(),
  list: Type.Enum(SANCTIONS_LISTS),
  reference: Type.String(),
  kind: Type.Enum(['person', 'entity'] as const),
  primary_name: Type.String(),
  names: Type.Array(Type.Object({ name: Type.String(), alias: Type.Boolean() })),
  dates_of_birth: Type.Array(Type.String()),
  nationalities: Type.Array(Type.String()),
});
export type ListEntry = Static<typeof ListEntry>;
const DiffEntry = Type.Object({ reference: Type.String(), primary_name: Type.String() });
export const ListVersionDiff = Type.Object({
  version: ListVersion,
  added: Type.Array(DiffEntry),
  changed: Type.Array(DiffEntry),
  removed: Type.Array(DiffEntry),
});
export type ListVersionDiff = Static<typeof ListVersionDiff>;
export const ListEntriesQuery = Closed({ ...PageQuery, search: Type.Optional(Search) });
export type ListEntriesQuery = Static<typeof ListEntriesQuery>;

// The bound the body's own limit implies: a file over MAX_LIST_FILE_BYTES gets the store's 413 naming the limit.
export const ImportListBody = Closed({
  content: Type.String({ minLength: 1, maxLength: API_BODY_LIMIT_BYTES, title: sanctionsFields.file.label }),
  file_name: Type.Optional(Line(MAX_FILE_NAME_LENGTH, { title: 'File name' })),
});
export type ImportListBody = Static<typeof ImportListBody>;
export const ImportResult = Type.Object({ changed: Type.Boolean(), version: ListVersion, rescreen_job_id: Nullable(Type.Integer()) });
export type ImportResult = Static<typeof ImportResult>;
export const RejectListVersionBody = Closed({ version: Version, reason: Paragraphs(sanctionsFields.reason.max, { minLength: sanctionsFields.reason.min, title: sanctionsFields.reason.label }) });
export type RejectListVersionBody = Static<typeof RejectListVersionBody>;
export const CloseDelistedBody = Closed({ version: Version, reason: Paragraphs(MAX_PARTY_TEXT, { minLength: 1, title: 'Reason' }) });
export type CloseDelistedBody = Static<typeof CloseDelistedBody>;

export const SearchBody = Closed({
  name: Line(MAX_PARTY_NAME, { minLength: 1, title: 'Name' }),
  date_of_birth: Type.Optional(CalendarDate('Date of birth')),
  nationality: Type.Optional(Country('Nationality')),
  kind: Type.Enum(['person', 'entity'] as const, { title: 'Kind' }),
});
export type SearchBody = Static<typeof SearchBody>;
export const SearchResult = Type.Object({ results: Type.Array(CandidateSchema) });
export type SearchResult = Static<typeof SearchResult>;

/** GET aml-register/?type=&client=&state=&page= */
export const RegisterQuery = Closed({
  ...PageQuery,
  type: Type.Optional(Type.Enum(REGISTER_TYPES, { title: registerFields.type.label })),
  client: Type.Optional(Id('Client')),
  state: Type.Optional(Type.Enum(REGISTER_STATES, { title: registerFields.state.label })),
});
export type RegisterQuery = Static<typeof RegisterQuery>;

export const RegisterEntry = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  type: Type.Enum(REGISTER_TYPES),
  /** The registration's client: its user id (the Due Diligence page's key) and legal name. */
  client: Type.Object({ id: Type.Integer(), legal_name: Type.String() }),
  opened_at: Instant,
  deadline_on: Type.String({ format: 'date' }),
  filed_on: Nullable(Type.String({ format: 'date' })),
  goaml_reference: Nullable(Type.String()),
  /** What the report is about, as opened (a confirmed match's is pre-filled); the filing notes never replace it. */
  description: Type.String(),
  notes: Type.String(),
  /** Opened by a confirmed sanctions match (a fund freeze report), not by hand. */
  from_match: Type.Boolean(),
  /** The console page of its client (common/links.ts). */
  client_path: Type.String(),
});
export type RegisterEntry = Static<typeof RegisterEntry>;

const Notes = Paragraphs(registerFields.notes.max, { title: registerFields.notes.label });
const GoamlReference = Line(registerFields.goamlReference.max, { title: registerFields.goamlReference.label });

export const NewRegisterEntryBody = Closed({
  type: Type.Enum(REGISTER_TYPES, { title: registerFields.type.label }),
  client: Id('Client'),
  decided_on: CalendarDate('Decision date'),
  notes: Notes,
});
export type NewRegisterEntryBody = Static<typeof NewRegisterEntryBody>;

export const UpdateRegisterEntryBody = Closed({
  version: Version,
  filed_on: Type.Optional(Nullable(CalendarDate(registerFields.filedOn.label))),
  goaml_reference: Type.Optional(Nullable(GoamlReference)),
  notes: Type.Optional(Notes),
});
export type UpdateRegisterEntryBody = Static<typeof UpdateRegisterEntryBody>;

const dueDiligence = access.page('due-diligence');
/** Decisions on the file: AML_DECIDER_ROLES only; the page's other readers (BD roles) see it read-only. */
const deciders = access.roles(...AML_DECIDER_ROLES);
/** The file is read by the page's roles and by those who decide on it. */
const fileReaders = access.roles(...STAFF_ROLES.filter((role) => canSee(role, 'due-diligence') || (AML_DECIDER_ROLES as readonly string[]).includes(role)));
const anyRegistration = 'Any registration: the Due Diligence page sees them all (an unknown one answers 404).';
const userParams = IdParams('userId');
const write = { access: dueDiligence, ownership: anyRegistration, headers: IdempotencyHeaders };
/** Compliance administration is the ADMIN's: the Users page is ADMIN only. */
const admin = access.page('users');
const own = 'The caller\'s own registration (found by the caller, never by a parameter); while CLIENT_PARTY_PHASES allow.';
const mine = { access: access.client, ownership: own, headers: IdempotencyHeaders };
/** The Sanctions lists page's: ADMIN users (compliance officers are ADMIN users). */
const lists = access.page('sanctions-lists');
const listParams = Closed({ list: Type.Enum(SANCTIONS_LISTS, { title: sanctionsFields.list.label }) });
const versionParams = Closed({ list: Type.Enum(SANCTIONS_LISTS, { title: sanctionsFields.list.label }), versionId: Id('Version') });
const notImporter = 'Any version of the list named; a pending one only, decided by anyone but its importer (403).';

export const amlEndpoints = endpoints('aml', amlRoutes, {
  parties: { summary: 'The registration\'s parties and ultimate beneficial owners', access: dueDiligence, ownership: anyRegistration, params: userParams, response: { 200: Parties } },
  addParty: { summary: 'Add a party (owner, director, signatory); it is screened at once', ...write, params: userParams, body: NewPartyBody, response: { 201: Parties }, errors: [409] },
  updateParty: { summary: 'Change a party; it is screened again', ...write, params: IdParams('userId', 'partyId'), body: UpdatePartyBody, response: { 200: Parties }, errors: [409] },
  deleteParty: { summary: 'Remove a party (and the parties it holds); one with screening decisions on file is withdrawn instead', ...write, params: IdParams('userId', 'partyId'), body: VersionBody, response: { 200: Parties }, errors: [409] },
  withdrawParty: { summary: 'Withdraw a party added by mistake: out of the file\'s rules and screening, kept in its history', ...write, params: IdParams('userId', 'partyId'), body: ReasonBody, response: { 200: Parties }, errors: [409] },
  screening: { summary: 'The screening of every party, the risk rating and what the approval waits on', access: fileReaders, ownership: anyRegistration, params: userParams, response: { 200: Screening } },
  decide: {
    summary: 'Decide a potential match: a false positive (with the reason; on a score of 90 or more it awaits a second person\'s countersign) or confirmed (freezes the client)',
    ...write,
    access: deciders,
    params: IdParams('userId', 'matchId'),
    body: DecideBody,
    response: { 200: Screening },
    errors: [409],
  },
  countersign: {
    summary: 'Countersign a false positive awaiting second review, or send it back to be decided again (never by its first decider)',
    ...write,
    access: deciders,
    params: IdParams('userId', 'matchId'),
    body: CountersignBody,
    response: { 200: Screening },
    errors: [409],
  },
  reopen: { summary: 'Reopen a false positive to be decided again (a compliance officer, with the reason)', ...write, access: deciders, params: IdParams('userId', 'matchId'), body: ReasonBody, response: { 200: Screening }, errors: [409] },
  rateRisk: { summary: 'Rate the risk (the model in common/aml-risk.ts)', ...write, access: deciders, params: userParams, body: RateRiskBody, response: { 200: Screening }, errors: [409] },
  approveEdd: { summary: 'Approve the enhanced due diligence of a high-risk client (an ADMIN other than the rater)', ...write, access: admin, params: userParams, body: VersionBody, response: { 200: Screening }, errors: [409] },
  evidence: { summary: 'The enhanced due diligence evidence documents of the registration\'s parties', access: dueDiligence, ownership: anyRegistration, params: userParams, response: { 200: EddEvidenceList } },
  addEvidence: {
    summary: 'Upload a beneficial owner\'s or PEP\'s evidence of the source of funds or of wealth (the documents\' types and size limit)',
    ...write,
    params: IdParams('userId', 'partyId'),
    body: EvidenceUploadBody,
    response: { 201: EddEvidenceList },
    errors: [409],
    bodyLimit: MAX_DOCUMENT_BASE64_LENGTH + 4096,
    fileLimit: MAX_DOCUMENT_BYTES,
  },
  evidenceFile: {
    summary: 'The bytes of one enhanced due diligence evidence document',
    access: dueDiligence,
    ownership: anyRegistration,
    params: IdParams('userId', 'evidenceId'),
    raw: { contentTypes: DOCUMENT_CONTENT_TYPES, description: 'The file, as an attachment' },
  },
  exportFile: {
    summary: 'The client\'s whole AML file as one ZIP: a PDF summary, the records as JSON, every document (register entries for compliance officers only); audited',
    access: admin,
    ownership: anyRegistration,
    params: userParams,
    raw: { contentTypes: ['application/zip'], description: 'The ZIP file, as an attachment' },
  },
  lists: { summary: 'The sanctions list versions, newest first, each with what it added, changed and removed', access: lists, response: { 200: ListVersions } },
  importList: {
    summary: 'Import a sanctions list file in its official format: 201 applied; 202 pending a second person (it would remove more than LIST_SHRINK_PERCENT of the entries); 200 the same entries again; an empty list 400, a file older than the current version 409',
    access: lists,
    headers: IdempotencyHeaders,
    params: listParams,
    body: ImportListBody,
    response: { 200: ImportResult, 201: ImportResult, 202: ImportResult },
    errors: [409, 413],
    bodyLimit: API_BODY_LIMIT_BYTES,
  },
  search: { summary: 'Screen a name before it is a party: the candidates above the threshold, best first', access: dueDiligence, body: SearchBody, response: { 200: SearchResult } },
  myParties: { summary: 'The client\'s own parties and UBOs (without their screening)', access: access.client, ownership: own, response: { 200: MyParties } },
  myAddParty: { summary: 'The client adds a party with its documents; it is screened as staff\'s are', ...mine, body: NewPartyBody, response: { 201: MyParties }, errors: [409] },
  myUpdateParty: { summary: 'The client changes one of its parties', ...mine, params: IdParams('partyId'), body: UpdatePartyBody, response: { 200: MyParties }, errors: [409] },
  myDeleteParty: { summary: 'The client removes one of its parties', ...mine, params: IdParams('partyId'), body: VersionBody, response: { 200: MyParties }, errors: [409] },
  registerEntries: { summary: 'The goAML register (compliance officers only; anyone else is answered 404)', access: access.complianceOfficer, query: RegisterQuery, response: { 200: Page(RegisterEntry) } },
  addRegisterEntry: { summary: 'Open a goAML register entry; its deadline is five business days after the decision', access: access.complianceOfficer, headers: IdempotencyHeaders, body: NewRegisterEntryBody, response: { 201: RegisterEntry } },
  updateRegisterEntry: { summary: 'Record the filing (date, goAML reference) or change the notes', access: access.complianceOfficer, headers: IdempotencyHeaders, params: IdParams('entryId'), body: UpdateRegisterEntryBody, response: { 200: RegisterEntry }, errors: [409] },
  listVersion: { summary: 'One list version with its diff: the entries added, changed and removed, by name', access: lists, ownership: 'A version of the list named (another list\'s is 404).', params: versionParams, response: { 200: ListVersionDiff } },
  listEntries: { summary: 'The list\'s current entries, by name or reference', access: lists, params: listParams, query: ListEntriesQuery, response: { 200: Page(ListEntry) } },
  approveListVersion: { summary: 'Approve a pending list version: it takes effect and the re-screening starts (not by its importer)', access: lists, ownership: notImporter, headers: IdempotencyHeaders, params: versionParams, body: VersionBody, response: { 200: ImportResult }, errors: [409] },
  rejectListVersion: { summary: 'Reject a pending list version with the reason: it never takes effect (not by its importer)', access: lists, ownership: notImporter, headers: IdempotencyHeaders, params: versionParams, body: RejectListVersionBody, response: { 200: ListVersion }, errors: [409] },
  closeDelisted: { summary: 'Close a match whose list entry was delisted, with the reason (its earlier decision stays on file)', ...write, params: IdParams('userId', 'matchId'), body: CloseDelistedBody, response: { 200: Screening }, errors: [409] },
  requestFreezeLift: {
    summary: 'Ask for the client\'s freeze to be lifted, with the reason (a compliance officer; 403 for anyone else); audited on the registration\'s timeline',
    access: admin,
    ownership: anyRegistration,
    headers: IdempotencyHeaders,
    params: userParams,
    body: RequestLiftBody,
    response: { 200: Screening },
    errors: [409],
  },
  approveFreezeLift: {
    summary: 'Approve lifting the freeze: an ADMIN or REVIEWER other than the one who asked (403 for the same person); the freeze ends at once',
    access: access.anyPage('due-diligence', 'clients'),
    ownership: 'Any registration: ADMIN and REVIEWER see every client (an unknown one answers 404); other roles of these pages are refused 403.',
    headers: IdempotencyHeaders,
    params: userParams,
    body: ApproveLiftBody,
    response: { 200: Screening },
    errors: [409],
  },
  legalHold: { summary: 'The AML file\'s retention: the legal hold if one stands, and when its five years end', access: fileReaders, ownership: anyRegistration, params: userParams, response: { 200: LegalHold } },
  setLegalHold: { summary: 'Set a legal hold with the reason (a compliance officer; 403 for anyone else): the file is not purged while it stands; audited', access: admin, ownership: anyRegistration, headers: IdempotencyHeaders, params: userParams, body: LegalHoldBody, response: { 200: LegalHold }, errors: [409] },
  liftLegalHold: { summary: 'Lift the legal hold with the reason (a compliance officer; 403 for anyone else): the five-year rule applies again; audited', access: admin, ownership: anyRegistration, headers: IdempotencyHeaders, params: userParams, body: LegalHoldBody, response: { 200: LegalHold }, errors: [409] },
});
