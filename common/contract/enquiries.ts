/** Website enquiries: the inbox of the website's forms (/contactus and its tabs) and the public form post. */
import { Type, type Static } from 'typebox';
import { bulkActions } from './bulk.ts';
import { access, endpoints } from './endpoint.ts';
import { Closed, Email, Id, IdempotencyHeaders, IdParams, Instant, Line, NeededWhen, Nullable, Page, PageQuery, Paragraphs, PersonRef, Search, Version } from './shared.ts';
import {
  enquiriesBulkLabels,
  enquiriesRoutes,
  CFO_SERVICES,
  COMPANY_SIZES,
  ENQUIRY_KINDS,
  ENQUIRY_STATUSES,
  MAX_CLOSE_REASON_LENGTH,
  MAX_ENQUIRY_MESSAGE_LENGTH,
  MAX_NOTE_LENGTH,
  REVENUE_BANDS,
  TOPICS,
} from './enquiries-paths.ts';
import { enquiryFields } from './enquiries-fields.ts';

export * from './enquiries-paths.ts';

const Kind = Type.Enum(ENQUIRY_KINDS, { title: 'Kind' });
const Status = Type.Enum(ENQUIRY_STATUSES, { title: enquiryFields.status.label });
const Phone = Line(30, { title: 'Phone' });

/** POST public/enquiries/{kind}: every form's fields; the store refuses a field the kind does not ask. */
export const PublicEnquiryBody = Closed({
  name: Line(100, { minLength: 1, title: 'Name' }),
  email: Email,
  phone: Type.Optional(Phone),
  company: Type.Optional(Line(150, { title: 'Company' })),
  message: Type.Optional(Paragraphs(MAX_ENQUIRY_MESSAGE_LENGTH, { title: 'Message' })),
  topic: Type.Optional(Type.Enum(TOPICS, { title: 'Topic' })),
  service: Type.Optional(Type.Enum(CFO_SERVICES, { title: 'Service' })),
  company_size: Type.Optional(Type.Enum(COMPANY_SIZES, { title: 'Company size' })),
  revenue_band: Type.Optional(Type.Enum(REVENUE_BANDS, { title: 'Revenue band' })),
  licence_number: Type.Optional(Line(40, { title: 'Licence number' })),
  website: Type.Optional(Line(200, { title: 'Website' })),
});
export type PublicEnquiryBody = Static<typeof PublicEnquiryBody>;
export const KindParams = Closed({ kind: Kind });

/** What the website is told: never its input back. */
export const PublicReceipt = Type.Object({ received: Type.Boolean() });
export type PublicReceipt = Static<typeof PublicReceipt>;

export const EnquiryQuery = Closed({
  ...PageQuery,
  kind: Type.Optional(Kind),
  status: Type.Optional(Status),
  assignee_id: Type.Optional(Id(enquiryFields.assignee.label)),
  search: Type.Optional(Search),
});
export type EnquiryQuery = Static<typeof EnquiryQuery>;
export const EnquiryExportQuery = Closed({ kind: Type.Optional(Kind), status: Type.Optional(Status), assignee_id: Type.Optional(Id(enquiryFields.assignee.label)), search: Type.Optional(Search) });
export type EnquiryExportQuery = Static<typeof EnquiryExportQuery>;

export const EnquiryItem = Type.Object({
  id: Type.Integer(),
  kind: Kind,
  status: Status,
  name: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  company: Nullable(Type.String()),
  message: Nullable(Type.String()),
  details: Type.Record(Type.String(), Type.String()),
  close_reason: Nullable(Type.String()),
  assignee: Nullable(PersonRef),
  merged_into_id: Nullable(Type.Integer()),
  lead_id: Nullable(Type.Integer()),
  created_at: Instant,
  version: Type.Integer(),
});
export type EnquiryItem = Static<typeof EnquiryItem>;

/** A record elsewhere with the same e-mail, phone or company. */
export const EnquiryMatch = Type.Object({
  type: Type.Enum(['enquiry', 'lead', 'registration', 'client']),
  id: Type.Integer(),
  label: Type.String(),
  matched_on: Type.Array(Type.Enum(['email', 'phone', 'company'])),
  /** The console path that opens it. */
  link: Type.String(),
});
export type EnquiryMatch = Static<typeof EnquiryMatch>;

export const EnquiryEvent = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  actor: Nullable(PersonRef),
  data: Type.Record(Type.String(), Type.Unknown()),
  created_at: Instant,
});
export type EnquiryEvent = Static<typeof EnquiryEvent>;

export const EnquiryDetail = Type.Object({ enquiry: EnquiryItem, matches: Type.Array(EnquiryMatch), history: Type.Array(EnquiryEvent) });
export type EnquiryDetail = Static<typeof EnquiryDetail>;

export const EnquiryCounts = Type.Object({ new_total: Type.Integer(), new_by_kind: Type.Record(Type.String(), Type.Integer()) });
export type EnquiryCounts = Static<typeof EnquiryCounts>;

export const EnquiryStatusBody = Closed({ version: Version, status: Status, reason: Type.Optional(Paragraphs(MAX_CLOSE_REASON_LENGTH, { title: 'Reason' })) });
export type EnquiryStatusBody = Static<typeof EnquiryStatusBody>;
export const EnquiryAssignBody = Closed({ version: Version, assignee_id: Nullable(Id(enquiryFields.assignee.label)) });
export type EnquiryAssignBody = Static<typeof EnquiryAssignBody>;
export const NoteBody = Closed({ text: Paragraphs(MAX_NOTE_LENGTH, { minLength: 1, title: 'Note' }) });
export type NoteBody = Static<typeof NoteBody>;
export const EnquiryMergeBody = Closed({ version: Version, into_id: Id('Merge into') });
export type EnquiryMergeBody = Static<typeof EnquiryMergeBody>;
export const VersionBody = Closed({ version: Version });
export type VersionBody = Static<typeof VersionBody>;
export const ConvertResponse = Type.Object({ enquiry: EnquiryItem, lead_id: Type.Integer() });
export type ConvertResponse = Static<typeof ConvertResponse>;

const inbox = access.page('contactus');
const params = IdParams('id');
const write = { access: inbox, headers: IdempotencyHeaders, params };

export const enquiriesEndpoints = endpoints('enquiries', enquiriesRoutes, {
  list: { summary: 'The inbox, newest first', access: inbox, query: EnquiryQuery, response: { 200: Page(EnquiryItem) } },
  counts: { summary: 'New enquiries per kind', access: inbox, response: { 200: EnquiryCounts } },
  export: { summary: 'The inbox\'s matching enquiries as a CSV file', access: inbox, query: EnquiryExportQuery, raw: { contentTypes: ['text/csv'], description: 'The CSV file, as an attachment' } },
  assignees: { summary: 'The staff an enquiry may be assigned to', access: inbox, response: { 200: Type.Array(PersonRef) } },
  enquiry: { summary: 'One enquiry with its matches and history', access: inbox, params, response: { 200: EnquiryDetail } },
  status: { summary: 'Change an enquiry\'s status (closing needs a reason)', ...write, body: EnquiryStatusBody, response: { 200: EnquiryItem } },
  assign: { summary: 'Assign an enquiry (or unassign it)', ...write, body: EnquiryAssignBody, response: { 200: EnquiryItem } },
  notes: { summary: 'Add a note', ...write, body: NoteBody, response: { 200: EnquiryDetail } },
  merge: { summary: 'Merge a duplicate into an earlier enquiry', ...write, body: EnquiryMergeBody, response: { 200: EnquiryItem } },
  convert: { summary: 'Convert an enquiry into a CRM lead (once)', ...write, body: VersionBody, response: { 200: ConvertResponse } },
  publicSubmit: {
    summary: 'The website\'s form post of that kind (202 whether stored or dropped)',
    access: access.public,
    params: KindParams,
    body: PublicEnquiryBody,
    response: { 202: PublicReceipt },
    errors: [413, 429],
  },
});

/** The inbox's bulk actions: assign (null unassigns), and change status (closing says why). */
export const enquiriesBulkActions = bulkActions('contactus', enquiriesBulkLabels, {
  assign: Closed({ assignee_id: Nullable(Id('Assign to')) }),
  status: NeededWhen(Closed({ status: Type.Enum(ENQUIRY_STATUSES, { title: 'New status' }), reason: Type.Optional(Nullable(Line(MAX_CLOSE_REASON_LENGTH, { title: 'Why they are closed' }))) }), 'status', 'closed', 'reason'),
});
