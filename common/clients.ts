/**
 * The clients area's vocabulary, shared by the back end, the console and the demo: statuses, the client
 * page's tabs, document kinds and which of them expire, cancellation reasons, the monthly report's states,
 * the monthly insight figures, and the limits the contract enforces.
 */
import type { ClientEventKind } from './events.ts';
import { DOCUMENT_KINDS, DOCUMENT_KIND_LABELS } from './review.ts';

export const CLIENT_STATUSES = ['active', 'paused', 'cancelled'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export const CLIENT_STATUS_LABELS: Record<ClientStatus, string> = { active: 'Active', paused: 'Paused', cancelled: 'Cancelled' };

/** The client page's tabs, in order; the tab is kept in the URL (?tab=). */
export const CLIENT_TABS = ['overview', 'subscription', 'documents', 'reports', 'insights', 'budget', 'deadlines', 'recurring', 'timeline'] as const;
export type ClientTab = (typeof CLIENT_TABS)[number];
export const CLIENT_TAB_LABELS: Record<ClientTab, string> = {
  overview: 'Overview',
  subscription: 'Subscription',
  documents: 'Documents',
  reports: 'Monthly reports',
  insights: 'Monthly insights',
  budget: 'Budget',
  deadlines: 'Compliance calendar',
  recurring: 'Recurring',
  timeline: 'Timeline',
};

/** Onboarding's document kinds plus the ones a client's file collects later. */
export const CLIENT_DOCUMENT_KINDS = [...DOCUMENT_KINDS, 'vat_certificate', 'corporate_tax_certificate', 'tenancy_contract', 'other'] as const;
export type ClientDocumentKind = (typeof CLIENT_DOCUMENT_KINDS)[number];
export const CLIENT_DOCUMENT_KIND_LABELS: Record<ClientDocumentKind, string> = {
  ...DOCUMENT_KIND_LABELS,
  vat_certificate: 'VAT registration certificate',
  corporate_tax_certificate: 'Corporate tax registration certificate',
  tenancy_contract: 'Tenancy contract (Ejari)',
  other: 'Other',
};

/** Documents that carry an expiry date: an upload of one of these must give it. */
export const EXPIRING_DOCUMENT_KINDS: readonly ClientDocumentKind[] = ['trade_licence', 'passport', 'emirates_id'];
export const expires = (kind: ClientDocumentKind) => EXPIRING_DOCUMENT_KINDS.includes(kind);

/** A licence or document within this many days of its expiry shows amber; past it, red. */
export const EXPIRY_WARNING_DAYS = 30;
/** The list's 'licence expiring within' filter choices, in days. */
export const LICENCE_EXPIRY_WINDOWS = ['30', '60', '90'] as const;
export type LicenceExpiryWindow = (typeof LICENCE_EXPIRY_WINDOWS)[number];

export type ExpiryTone = 'expired' | 'expiring' | 'valid';
/** How an expiry date `daysLeft` days away is shown: red when past, amber within 30 days. */
export function expiryTone(daysLeft: number): ExpiryTone {
  if (daysLeft < 0) return 'expired';
  return daysLeft <= EXPIRY_WARNING_DAYS ? 'expiring' : 'valid';
}

export const CANCEL_REASONS = ['client_request', 'non_payment', 'business_closed', 'moved_provider', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
export const CANCEL_REASON_LABELS: Record<CancelReason, string> = {
  client_request: 'Client asked to cancel',
  non_payment: 'Non-payment',
  business_closed: 'Business closed',
  moved_provider: 'Moved to another provider',
  other: 'Other',
};

/**
 * A monthly report's states: a draft (PDF and summary) is submitted for review, a reviewer approves it or
 * returns it with a reason (back to the bookkeeper, who edits and submits again), and an approved report is
 * published to the client. A published report is never replaced: a new version of the month starts as a
 * draft and, once published, leaves the older one 'superseded'.
 */
export const REPORT_STATES = ['draft', 'submitted', 'returned', 'approved', 'published', 'superseded'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
export const REPORT_STATE_LABELS: Record<ReportState, string> = {
  draft: 'Draft',
  submitted: 'In review',
  returned: 'Returned',
  approved: 'Approved',
  published: 'Published',
  superseded: 'Superseded',
};
/** The states a report is still being worked on in: one such version per client and month at most. */
export const OPEN_REPORT_STATES: readonly ReportState[] = ['draft', 'submitted', 'returned', 'approved'];

/** The figures of a month, in fils; net profit, cash at bank and VAT payable may be negative. */
export const INSIGHT_FIELDS = ['revenue_fils', 'expenses_fils', 'net_profit_fils', 'cash_at_bank_fils', 'vat_payable_fils'] as const;
export type InsightField = (typeof INSIGHT_FIELDS)[number];
export const INSIGHT_LABELS: Record<InsightField, string> = {
  revenue_fils: 'Revenue',
  expenses_fils: 'Expenses',
  net_profit_fils: 'Net profit',
  cash_at_bank_fils: 'Cash at bank',
  vat_payable_fils: 'VAT payable',
};
/**
 * Net profit is derived: revenue minus expenses, to the fil. The form fills it in, and a PUT or a CSV row
 * whose net profit says otherwise is refused (netProfitProblem), so the figures shown always add up.
 */
export const netProfitOf = (figures: { revenue_fils: number; expenses_fils: number }): number => figures.revenue_fils - figures.expenses_fils;
export const NET_PROFIT_HINT = 'Revenue minus expenses';
/** Why a month's net profit is refused, or null when it is revenue minus expenses. */
export function netProfitProblem(figures: { revenue_fils: number; expenses_fils: number; net_profit_fils: number }): string | null {
  const derived = netProfitOf(figures);
  if (figures.net_profit_fils === derived) return null;
  const aed = (fils: number) => `${fils < 0 ? '-' : ''}${Math.floor(Math.abs(fils) / 100).toLocaleString('en')}.${String(Math.abs(fils) % 100).padStart(2, '0')}`;
  return `must equal revenue minus expenses, AED ${aed(derived)} (got AED ${aed(figures.net_profit_fils)})`;
}
/** Revenue and expenses are amounts earned and spent: never below zero. */
export const NON_NEGATIVE_INSIGHTS: readonly InsightField[] = ['revenue_fils', 'expenses_fils'];
/** The CSV import's header names (case and spaces do not matter), in the template's order. */
export const INSIGHT_CSV_HEADERS: Record<'month' | InsightField, string> = {
  month: 'month',
  revenue_fils: 'revenue',
  expenses_fils: 'expenses',
  net_profit_fils: 'net_profit',
  cash_at_bank_fils: 'cash_at_bank',
  vat_payable_fils: 'vat_payable',
};
/** AED 100 billion, in fils: far beyond any client's month, well inside a safe integer. */
export const MAX_INSIGHT_FILS = 10_000_000_000_000;

export const MAX_SUMMARY_LENGTH = 4000;
export const MAX_NOTE_LENGTH = 1000;
export const MAX_REFERENCE_LENGTH = 100;
export const MAX_REASON_LENGTH = 1000;
/** A CSV of insights: ten years of months is a few kilobytes; this leaves room for long number formats. */
export const MAX_INSIGHTS_CSV_LENGTH = 100_000;
export const MAX_INSIGHTS_CSV_ROWS = 240;

export const CLIENT_CONFLICT_MESSAGE = 'This client was changed by someone else. The page now shows the latest version.';
export const SUBSCRIPTION_CONFLICT_MESSAGE = 'This subscription was changed by someone else. The page now shows the latest version.';
export const REPORT_CONFLICT_MESSAGE = 'This report was changed by someone else. The page now shows the latest version.';
export const INSIGHTS_CONFLICT_MESSAGE = "This month's figures were changed by someone else. The page now shows the latest version.";

/** Trade licence numbers, legal names and addresses: generous bounds that no real one reaches. */
export const MAX_LEGAL_NAME_LENGTH = 200;
export const MAX_LICENCE_NUMBER_LENGTH = 50;
export const MAX_ADDRESS_LENGTH = 500;
/** The licensing authority and legal form (free text, as the licence says). */
export const MAX_AUTHORITY_LENGTH = 100;
export const MAX_CORPORATE_TAX_NUMBER_LENGTH = 30;
export const MAX_PHONE_LENGTH = 30;
export const TRN_PATTERN = '^[0-9]{15}$';

/** The client timeline's filter: each event kind belongs to one group. */
export const CLIENT_TIMELINE_GROUPS = ['profile', 'team', 'subscription', 'documents', 'reports', 'insights', 'deadlines'] as const;
export type ClientTimelineGroup = (typeof CLIENT_TIMELINE_GROUPS)[number];
export const CLIENT_TIMELINE_GROUP_LABELS: Record<ClientTimelineGroup, string> = {
  profile: 'Profile',
  team: 'Team',
  subscription: 'Subscription',
  documents: 'Documents',
  reports: 'Reports',
  insights: 'Insights',
  deadlines: 'Deadlines',
};

export const CLIENT_EVENT_GROUPS: Record<ClientEventKind, ClientTimelineGroup> = {
  client_activated: 'profile',
  profile_updated: 'profile',
  team_changed: 'team',
  subscription_started: 'subscription',
  plan_change_scheduled: 'subscription',
  plan_change_withdrawn: 'subscription',
  subscription_renewed: 'subscription',
  subscription_paused: 'subscription',
  subscription_resumed: 'subscription',
  subscription_cancelled: 'subscription',
  client_document_uploaded: 'documents',
  document_requested: 'documents',
  document_request_cancelled: 'documents',
  report_created: 'reports',
  report_file_uploaded: 'reports',
  report_updated: 'reports',
  report_submitted: 'reports',
  report_approved: 'reports',
  report_returned: 'reports',
  report_published: 'reports',
  report_superseded: 'reports',
  insights_updated: 'insights',
  insights_imported: 'insights',
  deadline_filed: 'deadlines',
};
