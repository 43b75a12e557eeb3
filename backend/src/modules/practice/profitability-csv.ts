/** The profitability export's columns: money as AED decimals (lib/csv.ts), time in minutes and h:mm, percentages from basis points. */
import { PROFITABILITY_GROUP_LABELS, type ProfitabilityGroup, type ProfitabilityRow } from '../../../../common/contract/practice.ts';
import { formatMinutes } from '../../../../common/practice.ts';
import { csvAed, type CsvColumn } from '../../lib/csv.ts';

/** Basis points as a plain decimal percentage ('-12.50'), a number a spreadsheet sums. */
const percent = (bp: number | null) => (bp === null ? null : `${bp < 0 ? '-' : ''}${Math.floor(Math.abs(bp) / 100)}.${String(Math.abs(bp) % 100).padStart(2, '0')}`);

export const PROFITABILITY_COLUMNS = (group: ProfitabilityGroup): CsvColumn<ProfitabilityRow>[] => [
  { header: PROFITABILITY_GROUP_LABELS[group], value: (row) => row.name },
  { header: 'Revenue (AED)', value: (row) => csvAed(row.revenue_fils) },
  { header: 'Time (minutes)', value: (row) => row.minutes },
  { header: 'Time (h:mm)', value: (row) => formatMinutes(row.minutes) },
  { header: 'Billable (minutes)', value: (row) => row.billable_minutes },
  { header: 'Cost (AED)', value: (row) => csvAed(row.cost_fils) },
  { header: 'Margin (AED)', value: (row) => csvAed(row.margin_fils) },
  { header: 'Margin %', value: (row) => percent(row.margin_bp) },
  ...(group === 'staff'
    ? [
        { header: 'Capacity (minutes)', value: (row: ProfitabilityRow) => row.capacity_minutes },
        { header: 'Utilisation %', value: (row: ProfitabilityRow) => percent(row.utilisation_bp) },
      ]
    : []),
];
