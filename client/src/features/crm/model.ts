/** The CRM's screen rules: stage colours, money, follow-up due. */
import type { LeadItem, LeadStage } from '../../../../common/contract/crm.ts';
import { formatFils } from '../../../../common/money.ts';
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
