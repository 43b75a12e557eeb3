/** The CRM: leads and deals by stage, their activities, and the won lead's invitation to register. */
import { BULK_LEAD_STAGES, LEAD_LOST } from '../crm.ts';
import { Type, type Static } from 'typebox';
import { bulkActions } from './bulk.ts';
import { access, endpoints } from './endpoint.ts';
import { CalendarDate, Closed, Email, Id, IdempotencyHeaders, IdParams, Instant, Line, NeededWhen, Nullable, Page, PageQuery, Paragraphs, PersonRef, Search, Version } from './shared.ts';
import {
  ACTIVITY_KINDS,
  crmBulkLabels,
  crmRoutes,
  LEAD_SOURCES,
  LEAD_STAGES,
  MAX_ACTIVITY_LENGTH,
  MAX_LEAD_COMPANY_LENGTH,
  MAX_LEAD_CONTACT_LENGTH,
  MAX_LEAD_PHONE_LENGTH,
  MAX_LOST_REASON_LENGTH,
  MAX_MONTHLY_VALUE_FILS,
} from './crm-paths.ts';
import { leadFields } from './crm-fields.ts';

export * from './crm-paths.ts';

const Stage = Type.Enum(LEAD_STAGES, { title: leadFields.stage.label });
const Source = Type.Enum(LEAD_SOURCES, { title: leadFields.source.label });
const Fils = Type.Integer({ minimum: 0, maximum: MAX_MONTHLY_VALUE_FILS, title: 'Monthly value' });

export const LeadQuery = Closed({
  ...PageQuery,
  stage: Type.Optional(Stage),
  owner_id: Type.Optional(Id(leadFields.owner.label)),
  source: Type.Optional(Source),
  search: Type.Optional(Search),
});
export type LeadQuery = Static<typeof LeadQuery>;

export const LeadItem = Type.Object({
  id: Type.Integer(),
  company: Type.String(),
  contact_name: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  source: Source,
  owner: Nullable(PersonRef),
  monthly_value_fils: Type.Integer(),
  stage: Stage,
  lost_reason: Nullable(Type.String()),
  next_follow_up: Nullable(Type.String()),
  enquiry_id: Nullable(Type.Integer()),
  /** The registration a won lead became; the Registration page links back by the client's user id. */
  registration: Nullable(Type.Object({ id: Type.Integer(), user_id: Type.Integer(), registration_id: Type.String() })),
  created_at: Instant,
  version: Type.Integer(),
});
export type LeadItem = Static<typeof LeadItem>;

export const Activity = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(ACTIVITY_KINDS),
  at: Instant,
  text: Type.String(),
  actor: Nullable(PersonRef),
});
export type Activity = Static<typeof Activity>;

export const LeadDetail = Type.Object({ lead: LeadItem, activities: Type.Array(Activity) });
export type LeadDetail = Static<typeof LeadDetail>;

export const BoardColumn = Type.Object({ stage: Stage, count: Type.Integer(), total_fils: Type.Integer(), leads: Type.Array(LeadItem) });
export const Board = Type.Object({ columns: Type.Array(BoardColumn) });
export type Board = Static<typeof Board>;

export const NewLeadBody = Closed({
  company: Line(MAX_LEAD_COMPANY_LENGTH, { minLength: 1, title: leadFields.company.label }),
  contact_name: Line(MAX_LEAD_CONTACT_LENGTH, { minLength: 1, title: leadFields.contact.label }),
  email: Email,
  phone: Type.Optional(Line(MAX_LEAD_PHONE_LENGTH, { title: leadFields.phone.label })),
  source: Source,
  owner_id: Nullable(Id(leadFields.owner.label)),
  monthly_value_fils: Fils,
  next_follow_up: Nullable(CalendarDate(leadFields.nextFollowUp.label)),
});
export type NewLeadBody = Static<typeof NewLeadBody>;

export const UpdateLeadBody = Closed({
  version: Version,
  company: Line(MAX_LEAD_COMPANY_LENGTH, { minLength: 1, title: leadFields.company.label }),
  contact_name: Line(MAX_LEAD_CONTACT_LENGTH, { minLength: 1, title: leadFields.contact.label }),
  email: Email,
  phone: Nullable(Line(MAX_LEAD_PHONE_LENGTH, { title: leadFields.phone.label })),
  owner_id: Nullable(Id(leadFields.owner.label)),
  monthly_value_fils: Fils,
  next_follow_up: Nullable(CalendarDate(leadFields.nextFollowUp.label)),
});
export type UpdateLeadBody = Static<typeof UpdateLeadBody>;

/** Won is not a stage to drag to: it is the invitation (a won lead always has its registration). */
export const LeadStageBody = Closed({ version: Version, stage: Stage, reason: Type.Optional(Paragraphs(MAX_LOST_REASON_LENGTH, { title: 'Reason' })) });
export type LeadStageBody = Static<typeof LeadStageBody>;

export const ActivityBody = Closed({ kind: Type.Enum(ACTIVITY_KINDS, { title: leadFields.activity.label }), at: Type.String({ format: 'date-time', maxLength: 40, title: 'Time' }), text: Paragraphs(MAX_ACTIVITY_LENGTH, { minLength: 1, title: 'Text' }) });
export type ActivityBody = Static<typeof ActivityBody>;

export const InviteLeadBody = Closed({ version: Version });
export type InviteLeadBody = Static<typeof InviteLeadBody>;
export const InviteLeadResponse = Type.Object({ lead: LeadItem, set_password_link: Type.String() });
export type InviteLeadResponse = Static<typeof InviteLeadResponse>;

export const Owner = PersonRef;

/** GET crm/board/: the list's filters but the stage (the board shows every stage). */
export const BoardQuery = Closed({ owner_id: Type.Optional(Id(leadFields.owner.label)), source: Type.Optional(Type.Enum(LEAD_SOURCES, { title: leadFields.source.label })), search: Type.Optional(Search) });
export type BoardQuery = Static<typeof BoardQuery>;

const crm = access.page('crm');
const params = IdParams('id');
const write = { access: crm, headers: IdempotencyHeaders };

export const crmEndpoints = endpoints('crm', crmRoutes, {
  leads: { summary: 'Leads, follow-ups due first', access: crm, query: LeadQuery, response: { 200: Page(LeadItem) } },
  createLead: { summary: 'Create a lead', ...write, body: NewLeadBody, response: { 201: LeadItem } },
  board: { summary: 'The stages with their counts, totals and first leads', access: crm, query: BoardQuery, response: { 200: Board } },
  owners: { summary: 'The staff a lead may be owned by', access: crm, response: { 200: Type.Array(Owner) } },
  lead: { summary: 'One lead with its activities', access: crm, params, response: { 200: LeadDetail } },
  updateLead: { summary: 'Change a lead', ...write, params, body: UpdateLeadBody, response: { 200: LeadItem } },
  stage: { summary: 'Move a lead to another stage (losing needs a reason)', ...write, params, body: LeadStageBody, response: { 200: LeadItem } },
  activities: { summary: 'Log an activity on a lead', ...write, params, body: ActivityBody, response: { 200: LeadDetail } },
  invite: { summary: 'Won: invite the client to register (its account and a signed_up registration)', ...write, params, body: InviteLeadBody, response: { 200: InviteLeadResponse } },
});

/** The leads' bulk actions: give them an owner (null: none), move them to a working stage or lost (saying why). */
export const crmBulkActions = bulkActions('crm', crmBulkLabels, {
  owner: Closed({ owner_id: Nullable(Id(leadFields.owner.label)) }),
  stage: NeededWhen(Closed({ stage: Type.Enum(BULK_LEAD_STAGES, { title: leadFields.stage.label }), reason: Type.Optional(Nullable(Line(MAX_LOST_REASON_LENGTH, { title: 'Why they were lost' }))) }), 'stage', LEAD_LOST, 'reason'),
});
