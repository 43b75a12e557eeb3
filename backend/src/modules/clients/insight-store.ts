/**
 * Monthly insights: a client's figures per month (revenue, expenses, net profit, cash at bank, VAT payable,
 * in fils), entered a month at a time (versioned: a month changed by someone else since it was read answers
 * 409) or imported from a CSV file (all rows or none: the first bad row is named and nothing is stored).
 */
import { addMonthsToMonth, dubaiDate, firstDayOf, monthOfDate, type IsoMonth } from '../../../../common/calendar.ts';
import { INSIGHT_FIELDS, INSIGHTS_CONFLICT_MESSAGE, netProfitProblem } from '../../../../common/clients.ts';
import { INSIGHT_MONTHS_SHOWN, type ClientInsights, type ImportInsightsResult, type MonthlyInsight, type MyInsight, type PutInsightBody } from '../../../../common/contract/clients.ts';
import { parseInsightsCsv, type InsightFigures } from '../../../../common/insights-csv.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { ActionContext } from '../../lib/action.ts';
import { writeAudit } from '../../lib/audit.ts';
import { conflict, HttpError, invalidInput } from '../../lib/http-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { requireVisibleClient } from './access.ts';
import { myClientId } from './document-store.ts';
import { monthText } from './rows.ts';
import { clientWrite } from './client-write.ts';
import { personJson } from '../../lib/person-sql.ts';
import { type PersonRef } from '../../../../common/contract/shared.ts';
import { insertList, selectList } from '../../lib/table.ts';
import { INSIGHT_ROW_FIELDS, INSIGHT_WRITE_FIELDS, monthlyInsightsTable, type InsightColumns } from './insight-table.ts';

type Caller = Pick<CurrentUser, 'id' | 'role'>;

const COLUMNS = `${monthText('i.month', 'month')}, ${selectList(monthlyInsightsTable, 'i', INSIGHT_ROW_FIELDS)}, ${personJson('u')} AS updater`;

type InsightRow = Pick<InsightColumns, (typeof INSIGHT_ROW_FIELDS)[number]> & { month: IsoMonth; updater: PersonRef | null };

const INSIGHT_INSERT = insertList<typeof monthlyInsightsTable.columns>(['client_id', 'month', ...INSIGHT_WRITE_FIELDS]);
const INSIGHT_UPDATE = INSIGHT_WRITE_FIELDS.map((field) => `${field} = EXCLUDED.${field}`).join(', ');

const toInsight = (row: InsightRow): MonthlyInsight => ({
  month: row.month,
  revenue_fils: row.revenue_fils,
  expenses_fils: row.expenses_fils,
  net_profit_fils: row.net_profit_fils,
  cash_at_bank_fils: row.cash_at_bank_fils,
  vat_payable_fils: row.vat_payable_fils,
  version: row.version,
  updated_at: row.updated_at.toISOString(),
  updated_by: row.updater,
});

async function insightsBetween(db: Queryable, clientId: number, from: IsoMonth, to: IsoMonth): Promise<MonthlyInsight[]> {
  const rows = await db.query<InsightRow>(
    `SELECT ${COLUMNS} FROM monthly_insights i LEFT JOIN users u ON u.id = i.updated_by
     WHERE i.client_id = $1 AND i.month BETWEEN $2::date AND $3::date ORDER BY i.month`,
    [clientId, firstDayOf(from), firstDayOf(to)],
  );
  return rows.map(toInsight);
}

/** The client's figures from `from` to `to` (by default the 12 months ending with the current one). */
export async function readInsights(db: Queryable, user: Caller, clientId: number, range: { from?: IsoMonth; to?: IsoMonth }, today = dubaiDate()): Promise<ClientInsights> {
  await requireVisibleClient(db, user, clientId);
  const to = range.to ?? monthOfDate(today);
  const from = range.from ?? addMonthsToMonth(to, -(INSIGHT_MONTHS_SHOWN - 1));
  if (from > to) throw invalidInput('from', 'must not be after To');
  if (addMonthsToMonth(from, 240) < to) throw invalidInput('from', 'must be at most 20 years before To');
  return { client_id: clientId, from, to, months: await insightsBetween(db, clientId, from, to) };
}

function checkFigures(figures: InsightFigures, field = (name: string) => name): void {
  for (const name of INSIGHT_FIELDS) if (!Number.isSafeInteger(figures[name])) throw invalidInput(field(name), 'must be a whole number of fils');
  // Derived figures add up: net profit is revenue minus expenses (common/clients.ts).
  const netProblem = netProfitProblem(figures);
  if (netProblem) throw new HttpError(400, 'INVALID_INPUT', `Net profit ${netProblem}.`, field('net_profit_fils'));
}

/** Inserts or updates one month; answers whether it was new. The audit is the caller's. */
async function store(tx: Queryable, clientId: number, month: IsoMonth, figures: InsightFigures, actorId: number | null): Promise<'created' | 'updated'> {
  const written: Pick<InsightColumns, (typeof INSIGHT_WRITE_FIELDS)[number]> = { ...figures, updated_by: actorId };
  const [row] = await tx.query<{ created: boolean }>(
    `INSERT INTO monthly_insights ${INSIGHT_INSERT.columns} VALUES ${INSIGHT_INSERT.values}
     ON CONFLICT (client_id, month) DO UPDATE SET ${INSIGHT_UPDATE}, updated_at = CURRENT_TIMESTAMP, version = monthly_insights.version + 1
     RETURNING (xmax = 0) AS created`,
    [clientId, firstDayOf(month), ...INSIGHT_WRITE_FIELDS.map((field) => written[field])],
  );
  return row!.created ? 'created' : 'updated';
}

const figuresOf = (source: InsightFigures): InsightFigures => Object.fromEntries(INSIGHT_FIELDS.map((field) => [field, source[field]])) as InsightFigures;

/**
 * PUT monthly-insights/{clientId}/{month}: the month's figures, with the version the user saw (null for a
 * month without figures yet). Answers the month as stored.
 */
export function putInsight(db: Database, user: Caller, clientId: number, month: IsoMonth, body: PutInsightBody, context: ActionContext, today = dubaiDate()): Promise<MonthlyInsight> {
  if (month > monthOfDate(today)) return Promise.reject(invalidInput('month', 'must not be a month still to come'));
  checkFigures(body);
  return clientWrite(
    db,
    user,
    clientId,
    context,
    async (tx, client) => {
      const [current] = await tx.query<InsightRow>(`SELECT ${COLUMNS} FROM monthly_insights i LEFT JOIN users u ON u.id = i.updated_by WHERE i.client_id = $1 AND i.month = $2::date FOR UPDATE OF i`, [
        client.id,
        firstDayOf(month),
      ]);
      if ((current?.version ?? null) !== body.version) throw conflict(INSIGHTS_CONFLICT_MESSAGE);
      const figures = figuresOf(body);
      await store(tx, client.id, month, figures, context.actorId);
      await writeAudit(tx, {
        entity: 'client',
        entityId: client.id,
        kind: 'insights_updated',
        actorId: context.actorId,
        data: { month },
        before: current ? { ...figuresOf(current), version: current.version } : null,
        after: { ...figures, version: (current?.version ?? 0) + 1 },
        idempotencyKey: context.idempotencyKey,
      });
    },
    async (tx, client) => (await insightsBetween(tx, client.id, month, month))[0]!,
  );
}

/** POST monthly-insights/import: every row or none; a bad row is named (row numbers as a spreadsheet shows them). */
export function importInsights(db: Database, user: Caller, clientId: number, csv: string, context: ActionContext, today = dubaiDate()): Promise<ImportInsightsResult> {
  const parsed = parseInsightsCsv(csv, monthOfDate(today));
  if (!parsed.ok) return Promise.reject(new HttpError(400, 'INVALID_INPUT', parsed.message, 'csv'));
  const months = parsed.rows.map((row) => row.month).sort();
  let created = 0;
  let updated = 0;
  return clientWrite(
    db,
    user,
    clientId,
    context,
    async (tx, client) => {
      for (const row of parsed.rows) {
        if ((await store(tx, client.id, row.month, figuresOf(row), context.actorId)) === 'created') created += 1;
        else updated += 1;
      }
      await writeAudit(tx, {
        entity: 'client',
        entityId: client.id,
        kind: 'insights_imported',
        actorId: context.actorId,
        data: { count: parsed.rows.length, from: months[0], to: months[months.length - 1], created, updated },
        idempotencyKey: context.idempotencyKey,
      });
    },
    async (tx, client) => ({ created, updated, months: await insightsBetween(tx, client.id, months[0]!, months[months.length - 1]!) }),
  );
}

export async function myInsights(db: Queryable, userId: number, today = dubaiDate()): Promise<MyInsight[]> {
  const clientId = await myClientId(db, userId);
  const to = monthOfDate(today);
  const months = await insightsBetween(db, clientId, addMonthsToMonth(to, -(INSIGHT_MONTHS_SHOWN - 1)), to);
  return months.map(({ month, revenue_fils, expenses_fils, net_profit_fils, cash_at_bank_fils, vat_payable_fils }) => ({ month, revenue_fils, expenses_fils, net_profit_fils, cash_at_bank_fils, vat_payable_fils }));
}
