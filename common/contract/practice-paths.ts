/** The practice area's endpoints (method and path) and vocabulary: the firm's own numbers (ADMIN), plain code for the console. */

export const PROFITABILITY_GROUPS = ['client', 'plan', 'staff'] as const;
export type ProfitabilityGroup = (typeof PROFITABILITY_GROUPS)[number];
export const PROFITABILITY_GROUP_LABELS: Record<ProfitabilityGroup, string> = { client: 'Client', plan: 'Plan', staff: 'Staff member' };

/** The columns a profitability table sorts on; '-' before one sorts it descending. Margin ascending (the losing ones first) by default. */
export const PROFITABILITY_SORT_FIELDS = ['name', 'revenue', 'minutes', 'cost', 'margin', 'margin_percent', 'utilisation'] as const;
export type ProfitabilitySortField = (typeof PROFITABILITY_SORT_FIELDS)[number];
export const PROFITABILITY_SORTS = [...PROFITABILITY_SORT_FIELDS, ...PROFITABILITY_SORT_FIELDS.map((field) => `-${field}` as const)] as const;
export type ProfitabilitySort = (typeof PROFITABILITY_SORTS)[number];
export const DEFAULT_PROFITABILITY_SORT: ProfitabilitySort = 'margin';

/** The longest range of months one report covers. */
export const MAX_REPORT_MONTHS = 24;

/** The highest hourly cost rate a member of staff may be given: AED 5,000 an hour. */
export const MAX_HOURLY_FILS = 500_000;

/** How far ahead the dashboard counts statutory deadlines as due soon. */
export const DEADLINES_DUE_SOON_DAYS = 14;

/** The practice area's endpoints, method and path (their schemas and access: practiceEndpoints in practice.ts). */
export const practiceRoutes = {
  /** Every member of staff with their hourly cost rate (ADMIN only: nobody else ever reads a rate). */
  costRates: 'GET /staff/cost-rates',
  /** Sets one member of staff's rate (version: the rate's, 0 before the first). */
  setCostRate: 'PUT /staff/:userId/cost-rate',
  /** ?from=YYYY-MM&to=YYYY-MM&group=client|plan|staff&sort=&losing=&search=: revenue, time, cost, margin per group. */
  profitability: 'GET /reports/profitability',
  /** The same rows as a CSV file. */
  profitabilityExport: 'GET /reports/profitability/export',
  /** ?month=YYYY-MM: the firm's month against the month before. */
  dashboard: 'GET /reports/dashboard',
} as const;

export const profitabilityFileName = (from: string, to: string, group: ProfitabilityGroup) => `profitability-${group}-${from}-${to}.csv`;
