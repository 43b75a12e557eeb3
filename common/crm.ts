/**
 * The CRM's two end stages, named once. A lead is won only through 'Won: invite to register', which makes the
 * client's registration (never by a plain stage move); a lost lead says why. Every other stage is open work:
 * follow-ups fall due only on open leads.
 */
import type { LeadStage } from './contract/crm-paths.ts';

export const LEAD_WON = 'won' satisfies LeadStage;
export const LEAD_LOST = 'lost' satisfies LeadStage;
export const CLOSED_LEAD_STAGES = [LEAD_WON, LEAD_LOST] as const;
export type ClosedLeadStage = (typeof CLOSED_LEAD_STAGES)[number];

export const isOpenLeadStage = (stage: LeadStage): boolean => !(CLOSED_LEAD_STAGES as readonly LeadStage[]).includes(stage);

/** The closed stages as an SQL list, `('won', 'lost')`, for `stage NOT IN ...` (constants, never input). */
export const CLOSED_LEAD_STAGES_SQL = `(${CLOSED_LEAD_STAGES.map((stage) => `'${stage}'`).join(', ')})`;

/** The stages a bulk move may set: every one but won, which is reached only by inviting the lead to register. */
export const BULK_LEAD_STAGES = (['new', 'contacted', 'call_booked', 'proposal_sent', LEAD_LOST] as const) satisfies readonly Exclude<LeadStage, typeof LEAD_WON>[];
