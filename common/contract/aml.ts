/**
 * AML due diligence (issue 31): a registration's parties (owners, directors, signatories) and its
 * ultimate beneficial owners, sanctions lists imported in their official formats, the screening of every
 * party with a person's decision on each potential match, the risk rating and the gate 'Approve due
 * diligence' waits on. A confirmed match freezes the client. Reads and writes follow the Due Diligence
 * page's roles; list imports are the ADMIN's (compliance officers are ADMIN users).
 */
import { Type, type Static } from 'typebox';
import { ID_TYPES, MAX_PARTY_NAME, MAX_PARTY_TEXT, PARTY_KINDS, PARTY_ROLES } from '../aml.ts';
import { EDD_EVIDENCE_TOPICS, RISK_LEVELS, SECTORS, SERVICES } from '../aml-risk.ts';
import { DOCUMENT_CONTENT_TYPES, MAX_FILE_NAME_LENGTH } from '../review.ts';
import { MAX_DOCUMENT_BASE64_LENGTH } from './registrations.ts';
import { access, endpoints } from './endpoint.ts';
import { CalendarDate, Closed, Id, IdempotencyHeaders, IdParams, Instant, Line, Nullable, Page, PageQuery, Paragraphs, PersonRef, Version } from './shared.ts';
import { SANCTIONS_LISTS, amlRoutes } from './aml-paths.ts';
import { MAX_REGISTER_NOTES, REGISTER_STATES, REGISTER_TYPES } from './aml-register-paths.ts';
import { ApproveLiftBody, LiftRequest, RequestLiftBody } from './aml-freeze.ts';

export { SANCTIONS_LISTS, SANCTIONS_LIST_LABELS, amlRoutes, type SanctionsList } from './aml-paths.ts';
export { GOAML_DEADLINE_WORKING_DAYS, MAX_REGISTER_NOTES, REGISTER_STATES, REGISTER_TYPES, REGISTER_TYPE_LABELS, type RegisterState, type RegisterType } from './aml-register-paths.ts';

/** The largest list file accepted (the UN's consolidated list is about 2 MB). */
export const MAX_LIST_FILE_CHARS = 12_000_000;

const Country = (title: string) => Type.String({ pattern: '^[A-Z]{2}$', maxLength: 2, errorMessage: 'must be a two-letter country code (AE)', title });
const Text = (title: string) => Paragraphs(MAX_PARTY_TEXT, { title });

const partyFields = {
  kind: Type.Enum(PARTY_KINDS, { title: 'Kind' }),
  name: Line(MAX_PARTY_NAME, { minLength: 1, title: 'Name' }),
  name_ar: Nullable(Line(MAX_PARTY_NAME, { title: 'Name in Arabic' })),
  date_of_birth: Nullable(CalendarDate('Date of birth')),
  nationality: Nullable(Country('Nationality')),
  residence: Nullable(Country('Residence')),
  id_type: Nullable(Type.Enum(ID_TYPES, { title: 'ID type' })),
  id_number: Nullable(Line(40, { title: 'ID number' })),
  id_expires_on: Nullable(CalendarDate('ID expiry')),
  roles: Type.Array(Type.Enum(PARTY_ROLES, { title: 'Role' }), { minItems: 1, maxItems: PARTY_ROLES.length, uniqueItems: true, title: 'Roles' }),
  share_percent: Nullable(Type.Number({ exclusiveMinimum: 0, maximum: 100, multipleOf: 0.01, title: 'Share' })),
  /** The company party it holds its share in; null: the client itself. */
  owner_party_id: Nullable(Id('Owner')),
  pep: Type.Boolean({ title: 'Politically exposed person' }),
  pep_details: Nullable(Text('PEP details')),
  source_of_funds: Nullable(Text('Source of funds')),
  source_of_wealth: Nullable(Text('Source of wealth')),
  jurisdiction: Nullable(Country('Jurisdiction')),
  registration_number: Nullable(Line(60, { title: 'Registration number' })),
};

export const NewPartyBody = Closed(partyFields);
export type NewPartyBody = Static<typeof NewPartyBody>;
export const UpdatePartyBody = Closed({ version: Version, ...Object.fromEntries(Object.entries(partyFields).map(([key, schema]) => [key, Type.Optional(schema)])) as { [K in keyof typeof partyFields]: ReturnType<typeof Type.Optional<(typeof partyFields)[K]>> } });
export type UpdatePartyBody = Static<typeof UpdatePartyBody>;
export const VersionBody = Closed({ version: Version });
export type VersionBody = Static<typeof VersionBody>;

export const SCREENING_STATES = ['not_screened', 'clear', 'potential_match', 'confirmed_match', 'false_positive'] as const;
export type ScreeningState = (typeof SCREENING_STATES)[number];
export const MATCH_STATES = ['potential', 'confirmed', 'false_positive'] as const;
export type MatchState = (typeof MATCH_STATES)[number];

export const Party = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  ...Object.fromEntries(Object.entries(partyFields)) as typeof partyFields,
  id_expiry: Type.Enum(['valid', 'expiring', 'expired'] as const),
  screening: Type.Enum(SCREENING_STATES),
  screened_at: Nullable(Instant),
});
export type Party = Static<typeof Party>;

/** A party as its client sees it: without its screening, which would tip the client off. */
export const MyParty = Type.Omit(Party, ['screening', 'screened_at']);
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

export const ScreeningMatch = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  state: Type.Enum(MATCH_STATES),
  candidate: CandidateSchema,
  decided_by: Nullable(PersonRef),
  decided_at: Nullable(Instant),
  reason: Nullable(Type.String()),
  found_at: Instant,
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

export const DecideBody = Closed({
  version: Version,
  decision: Type.Enum(['false_positive', 'confirmed'] as const, { title: 'Decision' }),
  reason: Paragraphs(MAX_PARTY_TEXT, { minLength: 1, title: 'Reason' }),
});
export type DecideBody = Static<typeof DecideBody>;

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
  list: Type.Enum(SANCTIONS_LISTS),
  /** The date the file says it was generated or published, when it says one. */
  published_on: Nullable(Type.String()),
  entry_count: Type.Integer(),
  added: Type.Array(Type.String()),
  removed: Type.Array(Type.String()),
  imported_by: Nullable(PersonRef),
  imported_at: Instant,
});
export type ListVersion = Static<typeof ListVersion>;
export const ListVersions = Type.Object({ results: Type.Array(ListVersion) });
export type ListVersions = Static<typeof ListVersions>;

export const ImportListBody = Closed({ content: Type.String({ minLength: 1, maxLength: MAX_LIST_FILE_CHARS, title: 'File' }) });
export type ImportListBody = Static<typeof ImportListBody>;
export const ImportResult = Type.Object({ changed: Type.Boolean(), version: ListVersion, rescreen_job_id: Nullable(Type.Integer()) });
export type ImportResult = Static<typeof ImportResult>;

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
  type: Type.Optional(Type.Enum(REGISTER_TYPES, { title: 'Type' })),
  client: Type.Optional(Id('Client')),
  state: Type.Optional(Type.Enum(REGISTER_STATES, { title: 'State' })),
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
  notes: Type.String(),
  /** Opened by a confirmed sanctions match (a fund freeze report), not by hand. */
  from_match: Type.Boolean(),
});
export type RegisterEntry = Static<typeof RegisterEntry>;

const Notes = Paragraphs(MAX_REGISTER_NOTES, { title: 'Notes' });
const GoamlReference = Line(60, { title: 'goAML reference' });

export const NewRegisterEntryBody = Closed({
  type: Type.Enum(REGISTER_TYPES, { title: 'Type' }),
  client: Id('Client'),
  decided_on: CalendarDate('Decision date'),
  notes: Notes,
});
export type NewRegisterEntryBody = Static<typeof NewRegisterEntryBody>;

export const UpdateRegisterEntryBody = Closed({
  version: Version,
  filed_on: Type.Optional(Nullable(CalendarDate('Date filed'))),
  goaml_reference: Type.Optional(Nullable(GoamlReference)),
  notes: Type.Optional(Notes),
});
export type UpdateRegisterEntryBody = Static<typeof UpdateRegisterEntryBody>;

const dueDiligence = access.page('due-diligence');
const anyRegistration = 'Any registration: the Due Diligence page sees them all (an unknown one answers 404).';
const userParams = IdParams('userId');
const write = { access: dueDiligence, ownership: anyRegistration, headers: IdempotencyHeaders };
/** Compliance administration is the ADMIN's: the Users page is ADMIN only. */
const admin = access.page('users');
const own = 'The caller\'s own registration (found by the caller, never by a parameter); while CLIENT_PARTY_PHASES allow.';
const mine = { access: access.client, ownership: own, headers: IdempotencyHeaders };

export const amlEndpoints = endpoints('aml', amlRoutes, {
  parties: { summary: 'The registration\'s parties and ultimate beneficial owners', access: dueDiligence, ownership: anyRegistration, params: userParams, response: { 200: Parties } },
  addParty: { summary: 'Add a party (owner, director, signatory); it is screened at once', ...write, params: userParams, body: NewPartyBody, response: { 201: Parties }, errors: [409] },
  updateParty: { summary: 'Change a party; it is screened again', ...write, params: IdParams('userId', 'partyId'), body: UpdatePartyBody, response: { 200: Parties }, errors: [409] },
  deleteParty: { summary: 'Remove a party (and the parties it holds)', ...write, params: IdParams('userId', 'partyId'), body: VersionBody, response: { 200: Parties }, errors: [409] },
  screening: { summary: 'The screening of every party, the risk rating and what the approval waits on', access: dueDiligence, ownership: anyRegistration, params: userParams, response: { 200: Screening } },
  decide: { summary: 'Decide a potential match: a false positive (with the reason) or confirmed (freezes the client)', ...write, params: IdParams('userId', 'matchId'), body: DecideBody, response: { 200: Screening }, errors: [409] },
  rateRisk: { summary: 'Rate the risk (the model in common/aml-risk.ts)', ...write, params: userParams, body: RateRiskBody, response: { 200: Screening }, errors: [409] },
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
  lists: { summary: 'The sanctions list versions, newest first', access: dueDiligence, response: { 200: ListVersions } },
  importList: {
    summary: 'Import a sanctions list file in its official format (a new version; the same file again changes nothing)',
    access: admin,
    headers: IdempotencyHeaders,
    params: Closed({ list: Type.Enum(SANCTIONS_LISTS, { title: 'List' }) }),
    body: ImportListBody,
    response: { 200: ImportResult, 201: ImportResult },
    bodyLimit: MAX_LIST_FILE_CHARS * 4 + 1024,
  },
  search: { summary: 'Screen a name before it is a party: the candidates above the threshold, best first', access: dueDiligence, body: SearchBody, response: { 200: SearchResult } },
  myParties: { summary: 'The client\'s own parties and UBOs (without their screening)', access: access.client, ownership: own, response: { 200: MyParties } },
  myAddParty: { summary: 'The client adds a party with its documents; it is screened as staff\'s are', ...mine, body: NewPartyBody, response: { 201: MyParties }, errors: [409] },
  myUpdateParty: { summary: 'The client changes one of its parties', ...mine, params: IdParams('partyId'), body: UpdatePartyBody, response: { 200: MyParties }, errors: [409] },
  myDeleteParty: { summary: 'The client removes one of its parties', ...mine, params: IdParams('partyId'), body: VersionBody, response: { 200: MyParties }, errors: [409] },
  registerEntries: { summary: 'The goAML register (compliance officers only; anyone else is answered 404)', access: access.complianceOfficer, query: RegisterQuery, response: { 200: Page(RegisterEntry) } },
  addRegisterEntry: { summary: 'Open a goAML register entry; its deadline is five business days after the decision', access: access.complianceOfficer, headers: IdempotencyHeaders, body: NewRegisterEntryBody, response: { 201: RegisterEntry } },
  updateRegisterEntry: { summary: 'Record the filing (date, goAML reference) or change the notes', access: access.complianceOfficer, headers: IdempotencyHeaders, params: IdParams('entryId'), body: UpdateRegisterEntryBody, response: { 200: RegisterEntry }, errors: [409] },
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
});
