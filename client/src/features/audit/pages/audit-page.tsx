/**
 * The Audit page (/audit, ADMIN; issue 33): every audited event of every area, newest first, filtered by
 * person, area, record, event kind and Dubai dates in the URL like every list, a row opened to read its
 * values before and after, the request id and the client address; CSV export of the same selection.
 */
import { useId, useState, type ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { AUDIT_AREA_LABELS, AUDIT_AREAS, AUDIT_EVENT_KINDS, auditKindLabel, type AuditArea } from '../../../../../common/contract/audit-paths.ts';
import type { AuditEntry, AuditExportQuery, AuditQuery } from '../../../../../common/contract/audit.ts';
import { DEFAULT_PAGE_SIZE } from '../../../../../common/contract/http.ts';
import { AUDIT_ENTITIES, type AuditEntity } from '../../../../../common/events.ts';
import { Button } from '../../../components/button.tsx';
import { type Column } from '../../../components/data-table.tsx';
import { FilterChip } from '../../../components/filter-chip.tsx';
import { Icon } from '../../../components/icon.tsx';
import { formatDubaiDateTime } from '../../../lib/dates.ts';
import { choiceField, integerField, type Field, type ListView } from '../../../lib/url-list-state.ts';
import { useListController } from '../../../lib/use-list-controller.ts';
import { userDisplayName } from '../../../lib/user-name.ts';
import { auditKeys, downloadAuditCsv, fetchAudit, usePeople } from '../api.ts';
import { DateFilter, FilterSelect } from '../../../components/select.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import '../components/audit.css';

const ALL = 'all';
const dateField: Field<string> = { defaultValue: '', parse: (raw) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined), format: (value) => value };

const schema = {
  page: integerField(1),
  actor: integerField(0, 0),
  area: choiceField<'all' | AuditArea>([ALL, ...AUDIT_AREAS], ALL),
  entity: choiceField<'all' | AuditEntity>([ALL, ...AUDIT_ENTITIES], ALL),
  record: integerField(0, 0),
  kind: choiceField<string>([ALL, ...AUDIT_EVENT_KINDS], ALL),
  from: dateField,
  to: dateField,
};
type View = ListView<typeof schema>;

const filtersOf = (view: View): AuditExportQuery => ({
  ...(view.actor > 0 ? { actor: view.actor } : {}),
  ...(view.area !== ALL ? { area: view.area } : {}),
  ...(view.entity !== ALL ? { entity: view.entity } : {}),
  ...(view.record > 0 ? { record: view.record } : {}),
  ...(view.kind !== ALL ? { kind: view.kind } : {}),
  ...(view.from ? { from: view.from } : {}),
  ...(view.to ? { to: view.to } : {}),
});
const queryOf = (view: View): AuditQuery => ({ ...filtersOf(view), page: view.page, page_size: DEFAULT_PAGE_SIZE });

const recordKindLabel = (entity: string) => auditKindLabel(entity);
const json = (value: unknown) => JSON.stringify(value, null, 2);

export function AuditPage() {
  useSignals();
  const list = useListController({
    schema,
    queryKey: (view) => auditKeys.list(queryOf(view)),
    fetchPage: (view, signal) => fetchAudit(queryOf(view), signal),
    exportRows: (view) => downloadAuditCsv(filtersOf(view)),
  });
  const { view, update } = list;
  const people = usePeople();
  const [open, setOpen] = useState<AuditEntry | null>(null);

  const columns: Column<AuditEntry>[] = [
    { id: 'when', header: 'When (Dubai)', fit: true, cell: (row) => formatDubaiDateTime(row.created_at) },
    {
      id: 'who',
      header: 'Person',
      cell: (row) =>
        row.actor ? (
          <button type="button" className="link-button" title="Only this person's events" onClick={() => update({ actor: row.actor!.id })}>
            {userDisplayName(row.actor.display_name) || row.actor.email}
          </button>
        ) : (
          <span className="audit__system">System</span>
        ),
    },
    {
      id: 'what',
      header: 'Event',
      span: 2,
      cell: (row) => (
        <button type="button" className="link-button" onClick={() => setOpen(row)} aria-label={`Details of ${auditKindLabel(row.kind)} at ${formatDubaiDateTime(row.created_at)}`}>
          {auditKindLabel(row.kind)}
        </button>
      ),
    },
    { id: 'area', header: 'Area', cell: (row) => AUDIT_AREA_LABELS[row.area] },
    {
      id: 'record',
      header: 'Record',
      cell: (row) => (
        <button type="button" className="link-button" title="Only this record's events" onClick={() => update({ entity: row.entity, record: row.entity_id, area: ALL })}>
          {recordKindLabel(row.entity)} {row.entity_id}
        </button>
      ),
    },
    { id: 'address', header: 'Client address', fit: true, cell: (row) => row.client_address ?? '—' },
  ];

  const person = view.actor > 0 ? people.data?.results.find((user) => user.id === view.actor) : undefined;

  return (
    <div className="audit">
      <div className="toolbar">
        <FilterSelect label="Person" value={String(view.actor)} onChange={(actor) => update({ actor: Number(actor) })}>
          <option value="0">Anyone</option>
          {view.actor > 0 && !person && <option value={String(view.actor)}>Person {view.actor}</option>}
          {people.data?.results.map((user) => (
            <option key={user.id} value={String(user.id)}>
              {userDisplayName(user.display_name) || user.email}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Area" value={view.area} onChange={(area) => update({ area: area as View['area'] })}>
          <option value={ALL}>Every area</option>
          {AUDIT_AREAS.map((area) => (
            <option key={area} value={area}>
              {AUDIT_AREA_LABELS[area]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Event" value={view.kind} onChange={(kind) => update({ kind })}>
          <option value={ALL}>Any event</option>
          {AUDIT_EVENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {auditKindLabel(kind)}
            </option>
          ))}
        </FilterSelect>
        <span className="audit__period" role="group" aria-label="Dates">
          <DateFilter label="From" value={view.from} onChange={(from) => update({ from })} />
          <DateFilter label="to" value={view.to} onChange={(to) => update({ to })} />
        </span>
        {(view.entity !== ALL || view.record > 0) && (
          <FilterChip clearLabel="Show every record" onClear={() => update({ entity: ALL, record: 0 })}>
            Record: {view.entity !== ALL ? recordKindLabel(view.entity) : 'any kind'} {view.record > 0 ? view.record : ''}
          </FilterChip>
        )}
        <span className="audit__actions">
          <Button variant="outlined" loading={list.exporting} onClick={list.exportRows}>
            <Icon name="download" size={18} />
            Export CSV
          </Button>
        </span>
      </div>
      {open && <EntryDetails entry={open} onClose={() => setOpen(null)} />}
      <ListTable<AuditEntry>
        label="Audit events, newest first"
        rowLabel={(row) => `${auditKindLabel(row.kind)} ${formatDubaiDateTime(row.created_at)}`}
        columns={columns}
        rowKey={(row) => row.id}
        list={list}
      />
    </div>
  );
}

function EntryDetails({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const titleId = useId();
  return (
    <section className="audit__details" aria-labelledby={titleId}>
      <header className="audit__details-head">
        <h2 id={titleId}>
          {auditKindLabel(entry.kind)} · {recordKindLabel(entry.entity)} {entry.entity_id}
        </h2>
        <button type="button" className="icon-button" aria-label="Close the details" onClick={onClose}>
          <Icon name="close" size={18} />
        </button>
      </header>
      <dl className="audit__facts">
        <Fact term="When">{formatDubaiDateTime(entry.created_at)}</Fact>
        <Fact term="Person">{entry.actor ? `${userDisplayName(entry.actor.display_name) || ''} ${entry.actor.email}`.trim() : 'System'}</Fact>
        <Fact term="Area">{AUDIT_AREA_LABELS[entry.area]}</Fact>
        <Fact term="Request id">{entry.request_id ?? '—'}</Fact>
        <Fact term="Client address">{entry.client_address ?? '—'}</Fact>
      </dl>
      <div className="audit__values">
        {Object.keys(entry.data).length > 0 && <Values title="Details" value={entry.data} />}
        {entry.before && <Values title="Before" value={entry.before} />}
        {entry.after && <Values title="After" value={entry.after} />}
      </div>
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="audit__fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Values({ title, value }: { title: string; value: unknown }) {
  return (
    <figure className="audit__json">
      <figcaption>{title}</figcaption>
      <pre>{json(value)}</pre>
    </figure>
  );
}


