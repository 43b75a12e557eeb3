/** The CRM's screen rules: stage colours, money, follow-up due. */
import type { LeadItem, LeadStage, UpdateLeadBody } from '../../../../common/contract/crm.ts';
import { filsToDecimal, formatFils, parseAedToFils } from '../../../../common/money.ts';
// common's formatIsoDate is lib/dates.ts's calendar-date format itself, without dayjs in the board's chunk.
import { dubaiDate, formatIsoDate } from '../../../../common/calendar.ts';
import type { ChipVariant } from '../../components/status-chip.tsx';
import { isOpenLeadStage } from '../../../../common/crm.ts';

export const STAGE_VARIANTS: Record<LeadStage, ChipVariant> = { new: 'blue', contacted: 'purple', call_booked: 'amber', proposal_sent: 'amber', won: 'green', lost: 'neutral' };

export const aed = (fils: number) => formatFils(fils);

/** Today or earlier (Dubai) on an open lead: the follow-up is due. */
export const followUpDue = (lead: Pick<LeadItem, 'next_follow_up' | 'stage'>, now = new Date()) =>
  lead.next_follow_up !== null && isOpenLeadStage(lead.stage) && lead.next_follow_up <= dubaiDate(now);


/** '2026-11-21' -> '21-Nov-2026' (a calendar date, Dubai). */
export const dayText = (date: string) => formatIsoDate(date);

/** The lead's Edit form as it opens: the lead's own values, money as AED decimals, blanks for none. */
export const leadEditForm = (lead: LeadItem) => ({
  company: lead.company,
  contact_name: lead.contact_name,
  email: lead.email,
  phone: lead.phone ?? '',
  owner: lead.owner ? String(lead.owner.id) : '',
  value: filsToDecimal(lead.monthly_value_fils),
  follow_up: lead.next_follow_up ?? '',
});
export type LeadEditForm = ReturnType<typeof leadEditForm>;

/**
 * The update the form sends, at the version it was opened on: a blank phone or follow-up is none; a value that is
 * not an amount is sent as one the server refuses (naming the field), never cut to a number it is not.
 */
export const leadEditBody = (lead: Pick<LeadItem, 'version'>, form: LeadEditForm): UpdateLeadBody => ({
  version: lead.version,
  company: form.company,
  contact_name: form.contact_name,
  email: form.email,
  phone: form.phone.trim() === '' ? null : form.phone,
  owner_id: form.owner ? Number(form.owner) : null,
  monthly_value_fils: parseAedToFils(form.value) ?? -1,
  next_follow_up: form.follow_up || null,
});
