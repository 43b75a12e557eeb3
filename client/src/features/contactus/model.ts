/** Website Enquiries' rules for the screen: status colours, how a kind's own fields read. */
import { DETAIL_LABELS, DETAIL_VALUE_LABELS, ENQUIRY_KINDS, type EnquiryKind, type EnquiryStatus } from '../../../../common/contract/enquiries-paths.ts';
import { firstSegment } from '../../../../common/access.ts';
import type { ChipVariant } from '../../components/status-chip.tsx';

export const STATUS_VARIANTS: Record<EnquiryStatus, ChipVariant> = { new: 'blue', contacted: 'amber', qualified: 'green', closed: 'neutral', spam: 'red' };

export const kindOfPath = (pathname: string): EnquiryKind => {
  const segment = firstSegment(pathname);
  return (ENQUIRY_KINDS as readonly string[]).includes(segment) ? (segment as EnquiryKind) : 'contactus';
};

/** 'revenue_band: 1m_5m' -> ['Annual revenue (AED)', '1 to 5 million']. */
export const detailLines = (details: Record<string, string>): [string, string][] =>
  Object.entries(details).map(([key, value]) => [DETAIL_LABELS[key] ?? key, DETAIL_VALUE_LABELS[value] ?? value]);

