/** Columns the onboarding pages share. */
import type { RegistrationListItem } from '../../../../../common/contract/registrations.ts';
import type { Column } from '../../../components/data-table.tsx';
import { StatusChip, statusVariant } from '../../../components/status-chip.tsx';
import { formatDubaiDate, formatDubaiDateTime } from '../../../lib/dates.ts';
import { formatAed } from '../../../lib/money.ts';
import { NO_PLAN_YET } from '../model.ts';

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
