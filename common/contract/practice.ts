/**
 * The practice area (/practice, ADMIN): staff cost rates, profitability per client, plan and staff member over a
 * range of months, and the owner's dashboard of the firm's month against the last. Money in fils, time in
 * minutes, percentages in basis points: no floats.
 */
import { Type, type Static } from 'typebox';
import { rolesThat } from '../access.ts';
import { access, endpoints } from './endpoint.ts';
import { MAX_ID } from './http.ts';
import { Closed, IdempotencyHeaders, IdParams, Instant, Nullable, Search } from './shared.ts';
import { MAX_HOURLY_FILS, PROFITABILITY_GROUPS, PROFITABILITY_SORTS, practiceRoutes } from './practice-paths.ts';

export * from './practice-paths.ts';

const Month = (title: string) => Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', maxLength: 7, errorMessage: 'must be a month written YYYY-MM', title });

export const CostRate = Type.Object({
  user_id: Type.Integer(),
  display_name: Nullable(Type.String()),
  email: Type.String(),
  role: Type.String(),
  active: Type.Boolean(),
  /** Null: no rate set yet (the reports count the person's time at no cost). */
  hourly_fils: Nullable(Type.Integer()),
  /** 0 before the first rate is set: the version a first PUT sends. */
  version: Type.Integer(),
  updated_at: Nullable(Instant),
});
export type CostRate = Static<typeof CostRate>;
export const CostRateList = Type.Object({ results: Type.Array(CostRate) });
export type CostRateList = Static<typeof CostRateList>;

export const SetCostRateBody = Closed({
  version: Type.Integer({ minimum: 0, maximum: MAX_ID, title: 'Version' }),
  hourly_fils: Type.Integer({ minimum: 1, maximum: MAX_HOURLY_FILS, title: 'Hourly cost' }),
});
export type SetCostRateBody = Static<typeof SetCostRateBody>;

export const ProfitabilityQuery = Closed({
  from: Month('From'),
  to: Month('To'),
  group: Type.Enum(PROFITABILITY_GROUPS, { title: 'Group' }),
  sort: Type.Optional(Type.Enum(PROFITABILITY_SORTS, { title: 'Sort' })),
  /** Only the rows whose margin is below zero. */
  losing: Type.Optional(Type.Boolean({ title: 'Losing money' })),
  search: Type.Optional(Search),
});
export type ProfitabilityQuery = Static<typeof ProfitabilityQuery>;

const MoneyFigures = {
  /** Invoices issued less credit notes issued, net of VAT. */
  revenue_fils: Type.Integer(),
  minutes: Type.Integer(),
  billable_minutes: Type.Integer(),
  /** Minutes x hourly rate / 60, rounded half up once per row. */
  cost_fils: Type.Integer(),
  margin_fils: Type.Integer(),
  /** Margin over revenue in basis points; null without revenue. */
  margin_bp: Nullable(Type.Integer()),
};

export const ProfitabilityRow = Type.Object({
  /** The client's, plan's or staff member's id; null for time or revenue of clients without a plan. */
  id: Nullable(Type.Integer()),
  name: Type.String(),
  ...MoneyFigures,
  /** Staff rows only: working minutes (weekly capacity over working days, less holidays and leave). */
  capacity_minutes: Nullable(Type.Integer()),
  /** Staff rows only: billable minutes over capacity, in basis points. */
  utilisation_bp: Nullable(Type.Integer()),
});
export type ProfitabilityRow = Static<typeof ProfitabilityRow>;

export const ProfitabilityMonth = Type.Object({ month: Type.String(), revenue_fils: Type.Integer(), cost_fils: Type.Integer(), margin_fils: Type.Integer() });
export type ProfitabilityMonth = Static<typeof ProfitabilityMonth>;

export const Profitability = Type.Object({
  from: Type.String(),
  to: Type.String(),
  group: Type.Enum(PROFITABILITY_GROUPS),
  results: Type.Array(ProfitabilityRow),
  /** The firm's totals over the range (every row, whatever the filter). */
  totals: Type.Object(MoneyFigures),
  /** The firm's margin month by month, for the chart. */
  months: Type.Array(ProfitabilityMonth),
});
export type Profitability = Static<typeof Profitability>;

export const ProfitabilityExportQuery = ProfitabilityQuery;

export const DashboardQuery = Closed({ month: Month('Month') });
export type DashboardQuery = Static<typeof DashboardQuery>;

export const FIGURE_UNITS = ['fils', 'count', 'days', 'bp'] as const;
export type FigureUnit = (typeof FIGURE_UNITS)[number];

export const DashboardFigure = Type.Object({
  key: Type.String(),
  label: Type.String(),
  unit: Type.Enum(FIGURE_UNITS),
  /** Null where the figure cannot be measured (no request closed, nobody converted). */
  current: Nullable(Type.Integer()),
  previous: Nullable(Type.Integer()),
  /** The console list behind the figure, filtered as far as that list's filters go. */
  link: Type.String(),
});
export type DashboardFigure = Static<typeof DashboardFigure>;

export const Dashboard = Type.Object({
  month: Type.String(),
  previous_month: Type.String(),
  sections: Type.Array(Type.Object({ title: Type.String(), figures: Type.Array(DashboardFigure) })),
});
export type Dashboard = Static<typeof Dashboard>;

const page = access.page('practice');

export const practiceEndpoints = endpoints('practice', practiceRoutes, {
  costRates: { summary: "Every member of staff with their hourly cost rate", access: access.roles(...rolesThat('keep-cost-rates')), response: { 200: CostRateList } },
  setCostRate: {
    summary: "Set a member of staff's hourly cost rate",
    access: access.roles(...rolesThat('keep-cost-rates')),
    ownership: 'a staff member (a client account is 404)',
    headers: IdempotencyHeaders,
    params: IdParams('userId'),
    body: SetCostRateBody,
    response: { 200: CostRate },
    errors: [404, 409],
  },
  profitability: { summary: 'Revenue, time, cost and margin per client, plan or staff member over a range of months', access: page, query: ProfitabilityQuery, response: { 200: Profitability } },
  profitabilityExport: {
    summary: 'The same profitability rows as a CSV file',
    access: page,
    query: ProfitabilityExportQuery,
    raw: { contentTypes: ['text/csv'], description: 'The CSV file, as an attachment' },
  },
  dashboard: { summary: "The firm's month against the month before", access: page, query: DashboardQuery, response: { 200: Dashboard } },
});
