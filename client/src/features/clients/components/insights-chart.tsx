/**
 * The last 12 months of figures as a line chart, drawn by uPlot on a canvas: no inline styles (it sizes and
 * places its elements through the CSSOM, which the strict CSP allows), no eval and no HTML strings, so it
 * passes the console's CSP and Trusted Types. This module (and the library) loads with the insights tab only.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { shortMonthLabel } from '../../../../../common/calendar.ts';
import { INSIGHT_LABELS, type InsightField } from '../../../../../common/clients.ts';
import type { MonthlyInsight } from '../../../../../common/contract/clients.ts';
import { formatFils } from '../../../../../common/money.ts';

/** The series drawn, with their colours (the console's palette, also readable on white). */
const SERIES: readonly { field: InsightField; stroke: string }[] = [
  { field: 'revenue_fils', stroke: '#1f6feb' },
  { field: 'expenses_fils', stroke: '#d1453b' },
  { field: 'net_profit_fils', stroke: '#1a7f37' },
  { field: 'cash_at_bank_fils', stroke: '#8250df' },
];

const HEIGHT = 300;

const compactAed = new Intl.NumberFormat('en-AE', { notation: 'compact', maximumFractionDigits: 1 });

export function InsightsChart({ months, insights }: { months: readonly string[]; insights: readonly MonthlyInsight[] }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const byMonth = new Map(insights.map((insight) => [insight.month, insight]));
    // AED for the axis (fils / 100 is for display only; the figures stay integers of fils everywhere else).
    const data: uPlot.AlignedData = [
      months.map((_month, index) => index),
      ...SERIES.map(({ field }) => months.map((month) => {
        const insight = byMonth.get(month);
        return insight ? insight[field] / 100 : null;
      })),
    ];
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 320),
      height: HEIGHT,
      // Room on the right for the last month's label.
      padding: [12, 28, 0, 0],
      scales: { x: { time: false } },
      axes: [
        { values: (_chart, splits) => splits.map((split) => (Number.isInteger(split) && months[split] ? shortMonthLabel(months[split]) : '')), space: 48 },
        { values: (_chart, splits) => splits.map((split) => compactAed.format(split)), size: 64 },
      ],
      series: [
        { label: 'Month', value: (_chart, index) => (index === null || months[index] === undefined ? '-' : shortMonthLabel(months[index])) },
        ...SERIES.map(({ field, stroke }) => ({
          label: INSIGHT_LABELS[field],
          stroke,
          width: 2,
          points: { show: true, size: 6 },
          value: (_chart: uPlot, value: number | null) => (value === null ? '-' : formatFils(Math.round(value * 100))),
        })),
      ],
      legend: { live: true },
    };
    const chart = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 320), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [months, insights]);
  return <div ref={host} className="insights-chart" role="img" aria-label="Revenue, expenses, net profit and cash at bank over the last 12 months; the table below lists the figures." />;
}
