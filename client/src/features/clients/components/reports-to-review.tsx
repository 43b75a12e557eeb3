/** 'Waiting for my review' on the Clients page: the monthly reports submitted for the caller's decision, each opening its month. */
import { monthLabel } from '../../../../../common/calendar.ts';
import { DEFAULT_PAGE_SIZE } from '../../../../../common/contract/http.ts';
import type { MonthlyReport } from '../../../../../common/contract/clients.ts';
import { clientReportPath } from '../../../../../common/links.ts';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { formatDubaiDateTime } from '../../../lib/dates.ts';
import { personName } from '../../../lib/user-name.ts';
import { useReportsToReview } from '../api.ts';

const columns: readonly Column<MonthlyReport>[] = [
  { id: 'client', header: 'Client', span: 2, cell: (report) => report.client_name },
  { id: 'month', header: 'Month', fit: true, cell: (report) => `${monthLabel(report.month)}${report.revision > 1 ? ` (version ${report.revision})` : ''}` },
  { id: 'submitted_by', header: 'Submitted by', cell: (report) => (report.submitted_by ? personName(report.submitted_by) : '-') },
  { id: 'submitted_at', header: 'Submitted', fit: true, cell: (report) => (report.submitted_at ? formatDubaiDateTime(report.submitted_at) : '-') },
];

export function ReportsToReview({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const reports = useReportsToReview(page);
  return (
    <>
      <DataTable<MonthlyReport>
        label="Reports waiting for my review"
        rowLabel={(report) => `${report.client_name} ${monthLabel(report.month)}`}
        columns={columns}
        rows={reports.data?.results}
        rowKey={(report) => report.id}
        rowHref={(report) => clientReportPath(report.client_id, report.month)}
        isLoading={reports.isLoading}
        isFetching={reports.isFetching}
        error={reports.error}
        onRetry={reports.refetch}
      />
      {reports.data && <Pagination page={page} pageSize={DEFAULT_PAGE_SIZE} count={reports.data.count} totalPages={reports.data.total_pages} onPage={onPage} />}
    </>
  );
}
