import type { ProfitabilityMonth } from '../../../../../common/contract/practice.ts';
import { formatFils } from '../../../../../common/money.ts';
import { shortMonthLabel } from '../../../../../common/calendar.ts';
import { marginBars } from '../model.ts';
import { Table } from '../../../components/table.tsx';

const WIDTH = 720;
const HEIGHT = 180;

/** The firm's margin month by month: bars above the zero line for a profit, below it (in red) for a loss; the numbers in a table beside it for screen readers. */
export function MarginChart({ months }: { months: readonly ProfitabilityMonth[] }) {
  const { bars, zeroY } = marginBars(months, WIDTH, HEIGHT);
  return (
    <figure className="margin-chart">
      <figcaption>Margin by month</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + 24}`} className="margin-chart__svg" role="img" aria-label="Margin by month">
        {bars.map((bar) => (
          <g key={bar.month}>
            <rect x={bar.x} y={bar.y} width={bar.width} height={Math.max(bar.height, 1)} className={bar.negative ? 'margin-chart__bar margin-chart__bar--loss' : 'margin-chart__bar'}>
              <title>{`${shortMonthLabel(bar.month)}: ${formatFils(bar.margin_fils)}`}</title>
            </rect>
            <text x={bar.x + bar.width / 2} y={HEIGHT + 18} textAnchor="middle" className="margin-chart__label">
              {shortMonthLabel(bar.month)}
            </text>
          </g>
        ))}
        <line x1={0} x2={WIDTH} y1={zeroY} y2={zeroY} className="margin-chart__zero" />
      </svg>
      <Table
        className="visually-hidden"
        caption="Margin by month"
        headless
        columns={[
          { id: 'month', header: 'Month', cell: (month) => shortMonthLabel(month.month), rowHeader: true },
          { id: 'margin', header: 'Margin', cell: (month) => formatFils(month.margin_fils) },
        ]}
        rows={months}
        rowKey={(month) => month.month}
      />
    </figure>
  );
}
