import { useMemo, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { REGISTER_STATES, REGISTER_TYPES, REGISTER_TYPE_LABELS, type RegisterState, type RegisterType } from '../../../../../common/contract/aml-register-paths.ts';
import type { RegisterEntry, RegisterQuery } from '../../../../../common/contract/aml.ts';
import { DEFAULT_PAGE_SIZE } from '../../../../../common/contract/http.ts';
import { registerFields } from '../../../../../common/contract/aml-register-fields.ts';
import { AppLink } from '../../../components/app-link.tsx';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { RecordNotFound } from '../../../components/record-not-found.tsx';
import { FilterSelect } from '../../../components/select.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { Table, type TableColumn } from '../../../components/table.tsx';
import { formatDubaiDate } from '../../../lib/dates.ts';
import { isNotFound } from '../../../lib/errors.ts';
import { choiceField, integerField } from '../../../lib/url-list-state.ts';
import { useListParams } from '../../../lib/use-list-controller.ts';
import { useRegister } from '../api.ts';
import { FilingDialog } from '../components/filing-dialog.tsx';
import '../components/aml-register.css';

const SCHEMA = {
  page: integerField(1),
  type: choiceField<'all' | RegisterType>(['all', ...REGISTER_TYPES], 'all'),
  state: choiceField<'all' | RegisterState>(['all', ...REGISTER_STATES], 'open'),
};

const STATE_LABELS: Record<'all' | RegisterState, string> = { all: 'All', open: 'Open', filed: 'Filed' };

/** The goAML register: open reports by deadline, then the filed ones; 'Record filing' opens the dialog. */
export function AmlRegisterPage() {
  useSignals();
  const [view, setView] = useListParams(SCHEMA);
  const query = useMemo<RegisterQuery>(
    () => ({ page: view.page, ...(view.type !== 'all' ? { type: view.type } : {}), ...(view.state !== 'all' ? { state: view.state } : {}) }),
    [view.page, view.type, view.state],
  );
  const register = useRegister(query);
  const [editing, setEditing] = useState<RegisterEntry | null>(null);
  const columns: TableColumn<RegisterEntry>[] = [
    { id: 'type', header: 'Type', cell: (entry) => REGISTER_TYPE_LABELS[entry.type] },
    { id: 'client', header: 'Client', cell: (entry) => <AppLink href={entry.client_path}>{entry.client.legal_name}</AppLink> },
    { id: 'opened', header: 'Opened', className: 'aml-register__date', cell: (entry) => formatDubaiDate(entry.opened_at) },
    { id: 'deadline', header: 'Deadline', className: 'aml-register__date', cell: (entry) => formatDubaiDate(entry.deadline_on) },
    {
      id: 'filed',
      header: 'Filed',
      cell: (entry) => (entry.filed_on ? <StatusChip variant="green">{formatDubaiDate(entry.filed_on)}</StatusChip> : <StatusChip variant="amber">Open</StatusChip>),
    },
    { id: 'reference', header: 'goAML reference', cell: (entry) => entry.goaml_reference ?? '—' },
    {
      id: 'notes',
      header: 'Description and notes',
      cell: (entry) => (
        <>
          {entry.description && <p className="aml-register__description">{entry.description}</p>}
          {entry.notes && (
            <p className="aml-register__notes">
              <span className="aml-register__label">Filing notes:</span> {entry.notes}
            </p>
          )}
        </>
      ),
    },
    {
      id: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      cell: (entry) => (
        <Button variant="ghost" onClick={() => setEditing(entry)} aria-label={`${entry.filed_on ? 'Edit' : 'Record filing'}: ${entry.client.legal_name}`}>
          {entry.filed_on ? 'Edit' : 'Record filing'}
        </Button>
      ),
    },
  ];

  if (isNotFound(register.error)) return <RecordNotFound what="Page" list={{ name: 'Home', path: '/' }} />;
  return (
    <div className="panel">
      <div className="aml-register__toolbar">
        <FilterSelect field={registerFields.type} value={view.type} onChange={(type) => setView({ type: type as 'all' | RegisterType, page: 1 })}>
          <option value="all">All</option>
          {REGISTER_TYPES.map((type) => (
            <option key={type} value={type}>
              {REGISTER_TYPE_LABELS[type]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect field={registerFields.state} value={view.state} onChange={(state) => setView({ state: state as 'all' | RegisterState, page: 1 })}>
          {(['all', ...REGISTER_STATES] as const).map((state) => (
            <option key={state} value={state}>
              {STATE_LABELS[state]}
            </option>
          ))}
        </FilterSelect>
      </div>
      {!register.data ? (
        <LoadingIndicator label="Loading the register" />
      ) : register.data.results.length === 0 ? (
        <EmptyState />
      ) : (
        <Table<RegisterEntry> className="aml-register__table" caption="goAML register entries" columns={columns} rows={register.data.results} rowKey={(entry) => entry.id} />
      )}
      {register.data && <Pagination page={view.page} pageSize={DEFAULT_PAGE_SIZE} count={register.data.count} totalPages={register.data.total_pages} onPage={(page) => setView({ page })} />}
      {editing && <FilingDialog entry={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
