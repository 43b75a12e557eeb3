/** The CRM's paths (relative to API_BASE) and vocabulary, plain code for the console. */
import type { AreaChanges } from './endpoint.ts';
import { ENQUIRY_KINDS, ENQUIRY_KIND_LABELS } from './enquiries-paths.ts';


export const LEAD_STAGES = ['new', 'contacted', 'call_booked', 'proposal_sent', 'won', 'lost'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];
export const LEAD_STAGE_LABELS: Record<LeadStage, string> = {
  new: 'New',
  contacted: 'Contacted',
  call_booked: 'Call booked',
  proposal_sent: 'Proposal sent',
  won: 'Won',
  lost: 'Lost',
};

/** Where a lead came from: a website form (the enquiry kinds), or the team's own channels. */
export const LEAD_SOURCES = [...ENQUIRY_KINDS, 'referral', 'event', 'outbound'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = { ...ENQUIRY_KIND_LABELS, referral: 'Referral', event: 'Event', outbound: 'Outbound' };

export const ACTIVITY_KINDS = ['call', 'email', 'meeting', 'note'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = { call: 'Call', email: 'E-mail', meeting: 'Meeting', note: 'Note' };

/** The board shows this many leads per column (the list has the rest). */
export const BOARD_COLUMN_LIMIT = 50;
export const MAX_MONTHLY_VALUE_FILS = 100_000_000_00;
/** A lead's fields (the new-lead and edit forms) and an activity's text. */
export const MAX_LEAD_COMPANY_LENGTH = 150;
export const MAX_LEAD_CONTACT_LENGTH = 100;
export const MAX_LEAD_PHONE_LENGTH = 30;
export const MAX_ACTIVITY_LENGTH = 2000;
/** Why a lead was lost (the stage move's reason). */
export const MAX_LOST_REASON_LENGTH = 500;

export const crmRoutes = {
  /** ?stage=&owner_id=&source=&search=&page=: follow-ups due first. */
  leads: 'GET /crm/leads/',
  createLead: 'POST /crm/leads/',
  /** The stages with their counts, totals and first leads. */
  board: 'GET /crm/board/',
  owners: 'GET /crm/owners/',
  lead: 'GET /crm/leads/:id',
  updateLead: 'PUT /crm/leads/:id',
  stage: 'POST /crm/leads/:id/stage',
  activities: 'POST /crm/leads/:id/activities',
  /** 'Won: invite to register': the client's account, a signed_up registration and its set-password link. */
  invite: 'POST /crm/leads/:id/invite',
} as const;

/** The console's pages of the CRM: the board (default), the list, one lead. */
export const crmPagePath = { board: '/crm', list: '/crm/list', lead: (id: number) => `/crm/leads/${id}` } as const;

/** The leads list's bulk actions and their labels (params schemas: crmBulkActions in crm.ts). */
export const crmBulkLabels = { owner: 'Assign owner', stage: 'Move stage' } as const;

/** Besides the CRM: a lead's owner and stage are what My work lists. */
export const crmChanges = {
  updateLead: ['work'],
  stage: ['work'],
  // 'Won: invite to register' opens the client's registration.
  invite: ['registrations'],
} as const satisfies AreaChanges<typeof crmRoutes>;
