import { CountedTextField } from '../../../components/counted-field.tsx';
import { useId, useState } from 'react';
import { MAX_REFERENCE_LENGTH } from '../../../../../common/clients.ts';
import { isFiledDeadline } from '../../../../../common/compliance.ts';
import type { ClientDeadlines, ClientDetail, OpenDeadline } from '../../../../../common/contract/clients.ts';
import { Button } from '../../../components/button.tsx';
import { FormDialog } from '../../../components/dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { Table } from '../../../components/table.tsx';
import { formatDubaiDate, formatFull } from '../../../lib/dates.ts';
import { queryCache } from '../../../lib/query-cache.ts';
import { useAction } from '../../../lib/use-action.ts';
import { personName } from '../../../lib/user-name.ts';
import { clientKeys, clients, fileDeadline, useDeadlines } from '../api.ts';
import { daysLeftText } from '../model.ts';
import { EinvoicingReadiness } from './einvoicing-readiness.tsx';

const daysVariant = (days: number) => (days < 0 ? 'red' : days <= 7 ? 'amber' : 'neutral');

/**
 * The client's coming deadlines from its profile (VAT, corporate tax, licence) and its e-invoicing readiness
 * (the mandate's two dates), each marked filed with a reference; the readiness itself is recorded under them.
 */
export function DeadlinesTab({ client }: { client: ClientDetail }) {
  const deadlines = useDeadlines(client.id);
  const [filing, setFiling] = useState<OpenDeadline | null>(null);
  const data = deadlines.data;
  if (!data) return <LoadingIndicator label="Loading the compliance calendar" />;
  return (
    <div className="client-stack">
      <section className="panel client-section" aria-labelledby="client-deadlines">
        <h2 id="client-deadlines" className="client-section__title">
          Coming deadlines
        </h2>
        {data.open.length === 0 ? (
          <EmptyState message="No open deadlines." />
        ) : (
          <Table
            className="client-table"
            rows={data.open}
            rowKey={(deadline) => deadline.key}
            columns={[
              { id: 'deadline', header: 'Deadline', cell: (deadline) => deadline.title },
              { id: 'period', header: 'Period', cell: (deadline) => <>{deadline.period_start && deadline.period_end ? `${formatDubaiDate(deadline.period_start)} to ${formatDubaiDate(deadline.period_end)}` : '-'}</> },
              {
                id: 'due',
                header: 'Due',
                cell: (deadline) => (
                  <>
                    {formatDubaiDate(deadline.due_on)}
                    {deadline.moved_from && <span className="client-muted client-table__sub">Moved from {formatDubaiDate(deadline.moved_from)} (weekend or holiday)</span>}
                  </>
                ),
              },
              { id: 'days-left', header: 'Days left', cell: (deadline) => <StatusChip variant={daysVariant(deadline.days_left)}>{daysLeftText(deadline.days_left)}</StatusChip> },
              {
                id: 'actions',
                header: <span className="visually-hidden">Actions</span>,
                className: 'client-table__actions',
                cell: (deadline) => (
                  <>
                    {client.can.edit && !isFiledDeadline(deadline.kind) && <span className="client-muted">Met through the e-invoicing readiness below</span>}
                    {client.can.edit && isFiledDeadline(deadline.kind) && (
                      <Button variant="outlined" onClick={() => setFiling(deadline)} aria-label={`Mark ${deadline.title} filed`}>
                        Mark filed
                      </Button>
                    )}
                  </>
                ),
              },
            ]}
          />
        )}
      </section>
      <EinvoicingReadiness clientId={client.id} />
      <section className="panel client-section" aria-labelledby="client-filed">
        <h2 id="client-filed" className="client-section__title">
          Filed in the last 12 months
        </h2>
        {data.filed.length === 0 ? (
          <p className="client-muted">Nothing filed yet.</p>
        ) : (
          <Table
            className="client-table"
            rows={data.filed}
            rowKey={(filed) => filed.key}
            columns={[
              { id: 'deadline', header: 'Deadline', cell: (filed) => filed.title },
              { id: 'due', header: 'Due', cell: (filed) => formatDubaiDate(filed.due_on) },
              { id: 'reference', header: 'Reference', className: 'client-table__file', cell: (filed) => filed.reference },
              {
                id: 'filed',
                header: 'Filed',
                cell: (filed) => (
                  <>
                    {formatFull(filed.filed_at)}
                    <span className="client-muted client-table__sub">{personName(filed.filed_by, 'someone')}</span>
                  </>
                ),
              },
            ]}
          />
        )}
      </section>
      {filing && <FileDialog clientId={client.id} deadline={filing} onClose={() => setFiling(null)} />}
    </div>
  );
}

function FileDialog({ clientId, deadline, onClose }: { clientId: number; deadline: OpenDeadline; onClose: () => void }) {
  const id = useId();
  const [reference, setReference] = useState('');
  const file = useAction<void, ClientDeadlines>({
    run: (_input, { headers }) => fileDeadline(clientId, { key: deadline.key, reference: reference.trim() }, headers),
    success: `${deadline.title} marked filed`,
    endpoint: clients.fileDeadline,
    onSuccess: (answer) => {
      queryCache.setData(clientKeys.deadlines(clientId), answer);
      onClose();
    },
    onConflict: onClose,
  });
  return (
    <FormDialog title={`Mark ${deadline.title} filed`} submitLabel="Mark filed" busy={file.busy} error={file.formError} submitDisabled={reference.trim() === ''} onSubmit={() => void file.run()} onClose={onClose}>
      <p>
        Due {formatDubaiDate(deadline.due_on)} ({daysLeftText(deadline.days_left)}). It leaves the coming deadlines once filed.
      </p>
      <CountedTextField id={`${id}-reference`} label="Reference (e.g. the FTA acknowledgement number)" value={reference} onValueChange={setReference} near limit={MAX_REFERENCE_LENGTH} required error={file.fieldErrors.reference} />
    </FormDialog>
  );
}
