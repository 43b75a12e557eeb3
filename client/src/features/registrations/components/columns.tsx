/** Columns the onboarding pages share. */
import type { RegistrationListItem } from '../../../../../common/contract/registrations.ts';
import { formatFils } from '../../../../../common/money.ts';
import { CALL_GROUP_LABELS, MEETING_MODE_LABELS, NO_PAYMENT_DUE, PAYMENT_METHOD_LABELS, skipsPayment, type CallGroup } from '../../../../../common/pipeline.ts';
import { CYCLE_TERMS } from '../../../../../common/pricing.ts';
import type { Column } from '../../../components/data-table.tsx';
import { StatusChip, statusVariant, type ChipVariant } from '../../../components/status-chip.tsx';
import { formatDubaiTime } from '../../../../../common/dubai-time.ts';
import { formatDubaiDate, formatDubaiDateTime } from '../../../lib/dates.ts';
import { formatAed } from '../../../lib/money.ts';
import { NO_PLAN_YET, callGroup } from '../model.ts';
import { PipelineActions } from './pipeline-actions.tsx';

type ItemColumn = Column<RegistrationListItem>;

export const regIdColumn: ItemColumn = { id: 'registration_id', header: 'Reg ID', fit: true, cell: (item) => item.registration_id };

export const companyColumn: ItemColumn = { id: 'company', header: 'Company', span: 2, cell: (item) => item.legal_name };

export const statusColumn: ItemColumn = {
  id: 'status',
  header: 'Status',
  fit: true,
  cell: (item) => <StatusChip variant={statusVariant(item.status)}>{item.status}</StatusChip>,
};

/** A date column in Dubai time ('DD-MMM-YYYY'), sortable by the same field; empty or invalid shows a dash. */
export function dateColumn(field: 'date_joined' | 'requested_on' | 'recieved_on' | 'payment_date', header: string): ItemColumn {
  return { id: field, header, sortKey: field, fit: true, cell: (item) => formatDubaiDate(item[field]) };
}

export const meetingColumn: ItemColumn = { id: 'meeting_at', header: 'Meeting (Dubai)', sortKey: 'meeting_at', fit: true, cell: (item) => formatDubaiDateTime(item.meeting_at) };

/** The chosen plan; a registration approved moments ago has none yet, and says so. */
export const planColumn: ItemColumn = {
  id: 'plan',
  header: 'Plan',
  span: 2,
  cell: (item) => item.plan_name ?? <span className="data-table__note">{NO_PLAN_YET}</span>,
};

export const amountColumn: ItemColumn = {
  id: 'amount',
  header: 'Amount',
  fit: true,
  cell: (item) => (item.plan_name === null ? <span className="data-table__note">{NO_PLAN_YET}</span> : formatAed(item.plan_amount_aed)),
};

// ------------------------------------------------------------------------------- the pipeline's columns

/** The row's own step actions (common/pipeline.ts, for the signed-in role); the record has the rest. */
// Not `fit`: in a narrow window its buttons go onto a second line instead of pushing the table sideways.
export const actionsColumn: ItemColumn = { id: 'actions', header: 'Actions', span: 3, cell: (item) => <PipelineActions target={item} variant="row" /> };

const GROUP_VARIANTS: Record<CallGroup, ChipVariant> = {
  today: 'blue',
  tomorrow: 'neutral',
  later: 'neutral',
  needs_outcome: 'red',
  no_show: 'amber',
  awaiting_documents: 'purple',
};

/**
 * Call Schedule's time in Dubai under its group: Today, Tomorrow, Later; a past call without an outcome
 * stays highlighted as 'Needs outcome'.
 */
export const callTimeColumn: ItemColumn = {
  id: 'meeting_at',
  header: 'Call (Dubai)',
  sortKey: 'meeting_at',
  fit: true,
  cell: (item) => {
    const group = callGroup(item);
    if (!item.meeting_at || !group) return '-';
    return (
      <span className="call-cell">
        <StatusChip variant={GROUP_VARIANTS[group]}>{CALL_GROUP_LABELS[group]}</StatusChip>
        <span>
          <span className="call-cell__time">{formatDubaiDateTime(item.meeting_at)}</span>
          {item.meeting_ends_at && (
            <>
              {' '}
              <span className="call-cell__time call-cell__end">{`- ${formatDubaiTime(Date.parse(item.meeting_ends_at))}`}</span>
            </>
          )}
        </span>
      </span>
    );
  },
};

export const hostColumn: ItemColumn = {
  id: 'host',
  header: 'Host',
  span: 1,
  cell: (item) => (
    <>
      {item.meeting_host ?? '-'}
      {item.meeting_mode && <span className="onboarding-list__cell-note">{MEETING_MODE_LABELS[item.meeting_mode]}</span>}
    </>
  ),
};

export const cycleColumn: ItemColumn = { id: 'cycle', header: 'Cycle', fit: true, cell: (item) => (item.plan_cycle ? CYCLE_TERMS[item.plan_cycle].label : '-') };

/** The plan's total per cycle including 5 % VAT, from fils. */
export const totalColumn: ItemColumn = {
  id: 'total',
  header: 'Total incl. VAT',
  fit: true,
  cell: (item) => (item.plan_total_fils === null ? <span className="data-table__note">{NO_PLAN_YET}</span> : formatFils(item.plan_total_fils)),
};

export const paymentColumn: ItemColumn = {
  id: 'payment',
  header: 'Payment',
  span: 1,
  cell: (item) =>
    item.payment_method ? (
      <>
        {item.payment_reference}
        <span className="onboarding-list__cell-note">{PAYMENT_METHOD_LABELS[item.payment_method]}</span>
      </>
    ) : item.plan_total_fils !== null && skipsPayment(item.plan_total_fils) ? (
      NO_PAYMENT_DUE.label
    ) : (
      '-'
    ),
};
