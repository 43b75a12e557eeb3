/** Columns the onboarding pages share. */
import type { RegistrationListItem } from '../../../../common/contract/registrations.ts';
import type { Column } from '../../components/data-table.tsx';
import { StatusChip, statusVariant } from '../../components/status-chip.tsx';
import { formatDubaiDate, formatDubaiDateTime } from '../../lib/dates.ts';

type ItemColumn = Column<RegistrationListItem>;

export const regIdColumn: ItemColumn = { id: 'registration_id', header: 'Reg ID', cell: (item) => item.registration_id };

export const companyColumn: ItemColumn = { id: 'company', header: 'Company', span: 2, cell: (item) => item.legal_name };

export const statusColumn: ItemColumn = {
  id: 'status',
  header: 'Status',
  cell: (item) => <StatusChip variant={statusVariant(item.status)}>{item.status}</StatusChip>,
};

/** A date column in Dubai time ('DD-MMM-YYYY'), sortable by the same field; empty or invalid shows a dash. */
export function dateColumn(field: 'date_joined' | 'requested_on' | 'recieved_on' | 'payment_date', header: string): ItemColumn {
  return { id: field, header, sortKey: field, cell: (item) => formatDubaiDate(item[field]) };
}

export const meetingColumn: ItemColumn = { id: 'meeting_at', header: 'Meeting (Dubai)', sortKey: 'meeting_at', cell: (item) => formatDubaiDateTime(item.meeting_at) };
