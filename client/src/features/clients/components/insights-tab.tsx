import { Suspense, lazy, useId, useMemo, useState } from 'react';
import { monthLabel, shortMonthLabel } from '../../../../../common/calendar.ts';
import { INSIGHT_FIELDS, INSIGHT_LABELS, MAX_INSIGHTS_CSV_LENGTH, NET_PROFIT_HINT, NON_NEGATIVE_INSIGHTS, netProfitOf, type InsightField } from '../../../../../common/clients.ts';
import type { ClientDetail, ImportInsightsResult, MonthlyInsight } from '../../../../../common/contract/clients.ts';
import { insightsCsvTemplate, parseSignedAed } from '../../../../../common/insights-csv.ts';
import { filsToDecimal, formatFils } from '../../../../../common/money.ts';
import { Button } from '../../../components/button.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { Table } from '../../../components/table.tsx';
import { saveFile } from '../../../lib/save-file.ts';
import { useAction } from '../../../lib/use-action.ts';
import { clients, importInsights, putInsight, useInsights } from '../api.ts';
import { currentMonth, recentMonths } from '../model.ts';

// The chart library is the tab's largest part: it comes in its own chunk, after the figures.
const InsightsChart = lazy(() => import('./insights-chart.tsx').then((module) => ({ default: module.InsightsChart })));

type Dialog = { kind: 'edit'; month: string } | { kind: 'import' } | null;

/** The monthly figures: a chart of the last 12 months, the table, a month's entry and the CSV import. */
export function InsightsTab({ client }: { client: ClientDetail }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const months = useMemo(() => recentMonths(), []);
  const insights = useInsights(client.id, months[0]!, months[months.length - 1]!);
  const data = insights.data;
  const byMonth = useMemo(() => new Map((data?.months ?? []).map((insight) => [insight.month, insight])), [data]);
  const close = () => setDialog(null);
  if (!data) return <LoadingIndicator label="Loading the insights" />;
  return (
    <div className="client-stack">
      <section className="panel client-section" aria-labelledby="client-insights">
        <div className="client-section__head">
          <h2 id="client-insights" className="client-section__title">
            Monthly insights
          </h2>
          {client.can.edit && (
            <div className="client-actions">
              <Button variant="outlined" onClick={() => setDialog({ kind: 'import' })}>
                Import CSV
              </Button>
            </div>
          )}
        </div>
        <Suspense fallback={<div className="insights-chart" aria-hidden="true" />}>
          <InsightsChart months={months} insights={data.months} />
        </Suspense>
      </section>
      <section className="panel client-section" aria-labelledby="client-insight-figures">
        <h2 id="client-insight-figures" className="client-section__title">
          Figures
        </h2>
        <div className="client-table-scroll">
          <Table
            className="client-table client-table--numbers"
            rows={[...months].reverse()}
            rowKey={(month) => month}
            columns={[
              { id: 'month', header: 'Month', rowHeader: true, cell: (month) => shortMonthLabel(month) },
              ...INSIGHT_FIELDS.map((field) => ({
                id: field,
                header: INSIGHT_LABELS[field],
                className: (month: string) => {
                  const insight = byMonth.get(month);
                  return insight && insight[field] < 0 ? 'client-table__negative' : undefined;
                },
                cell: (month: string) => {
                  const insight = byMonth.get(month);
                  return insight ? formatFils(insight[field]) : '-';
                },
              })),
              {
                id: 'actions',
                header: <span className="visually-hidden">Actions</span>,
                className: 'client-table__actions',
                cell: (month) =>
                  client.can.edit && (
                    <Button variant="ghost" onClick={() => setDialog({ kind: 'edit', month })} aria-label={`${byMonth.get(month) ? 'Edit' : 'Enter'} the figures of ${monthLabel(month)}`}>
                      {byMonth.get(month) ? 'Edit' : 'Enter'}
                    </Button>
                  ),
              },
            ]}
          />
        </div>
      </section>
      {dialog?.kind === 'edit' && <MonthDialog clientId={client.id} month={dialog.month} insight={byMonth.get(dialog.month)} onClose={close} />}
      {dialog?.kind === 'import' && <ImportDialog clientId={client.id} onClose={close} />}
    </div>
  );
}

type Figures = Record<InsightField, string>;

function MonthDialog({ clientId, month, insight, onClose }: { clientId: number; month: string; insight: MonthlyInsight | undefined; onClose: () => void }) {
  const id = useId();
  const [figures, setFigures] = useState<Figures>(() => Object.fromEntries(INSIGHT_FIELDS.map((field) => [field, insight ? filsToDecimal(insight[field]) : ''])) as Figures);
  const typed = Object.fromEntries(INSIGHT_FIELDS.map((field) => [field, parseSignedAed(figures[field])])) as Record<InsightField, number | null>;
  // Net profit is derived (common/clients.ts): revenue minus expenses, shown as it is computed, not typed.
  const derived = typed.revenue_fils !== null && typed.expenses_fils !== null ? netProfitOf({ revenue_fils: typed.revenue_fils, expenses_fils: typed.expenses_fils }) : null;
  const parsed = { ...typed, net_profit_fils: derived };
  const problem = (field: InsightField): string | undefined => {
    if (field === 'net_profit_fils' || figures[field].trim() === '') return undefined;
    const value = parsed[field];
    if (value === null) return 'Write an amount in AED, such as 12500.00.';
    if (value < 0 && NON_NEGATIVE_INSIGHTS.includes(field)) return 'Must not be negative.';
    return undefined;
  };
  const complete = INSIGHT_FIELDS.every((field) => parsed[field] !== null && problem(field) === undefined);
  const save = useAction<void, MonthlyInsight>({
    run: (_input, { headers }) =>
      putInsight(clientId, month, { ...(Object.fromEntries(INSIGHT_FIELDS.map((field) => [field, parsed[field]!])) as Record<InsightField, number>), version: insight?.version ?? null }, headers),
    success: `${monthLabel(month)} saved`,
    endpoint: clients.putInsight,
    onSuccess: onClose,
    onConflict: onClose,
  });
  return (
    <FormDialog title={`Figures of ${monthLabel(month)}`} submitLabel="Save" busy={save.busy} error={save.formError} submitDisabled={!complete} onSubmit={() => void save.run()} onClose={onClose}>
      {INSIGHT_FIELDS.map((field) => (
        <TextField
          key={field}
          id={`${id}-${field}`}
          label={`${INSIGHT_LABELS[field]} (AED)`}
          inputMode="decimal"
          value={field === 'net_profit_fils' ? (derived === null ? '' : filsToDecimal(derived)) : figures[field]}
          onValueChange={(value) => setFigures((current) => ({ ...current, [field]: value }))}
          readOnly={field === 'net_profit_fils'}
          hint={field === 'net_profit_fils' ? NET_PROFIT_HINT : undefined}
          error={problem(field) ?? save.fieldErrors[field]}
        />
      ))}
    </FormDialog>
  );
}

function ImportDialog({ clientId, onClose }: { clientId: number; onClose: () => void }) {
  const id = useId();
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const run = useAction<void, ImportInsightsResult>({
    run: (_input, { headers }) => importInsights(clientId, csv, headers),
    success: (result) => `${result.created + result.updated} months imported (${result.created} new, ${result.updated} updated)`,
    endpoint: clients.importInsights,
    onSuccess: onClose,
  });
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setCsv(await file.text());
    run.reset();
  };
  const tooLong = csv.length > MAX_INSIGHTS_CSV_LENGTH;
  return (
    <FormDialog title="Import figures from a CSV file" submitLabel="Import" busy={run.busy} error={run.fieldErrors.csv ?? run.formError} submitDisabled={csv.trim() === '' || tooLong} onSubmit={() => void run.run()} onClose={onClose}>
      <p>
        One row per month with the columns month, revenue, expenses, net_profit, cash_at_bank and vat_payable (AED). Every row is imported, or none when one is wrong.{' '}
        <button type="button" className="link-button" onClick={() => saveFile(new Blob([insightsCsvTemplate(currentMonth())], { type: 'text/csv' }), 'insights-template.csv')}>
          Download the template
        </button>
      </p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-file`}>
          CSV file
        </label>
        <input id={`${id}-file`} type="file" className="field__input" accept=".csv,text/csv" onChange={(event) => void pick(event.target.files?.[0])} />
        {fileName && <span className="field__hint">{tooLong ? `${fileName} is too large to import.` : `${fileName} is ready to import.`}</span>}
      </div>
    </FormDialog>
  );
}
