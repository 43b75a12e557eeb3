/**
 * The Audit page (/audit, ADMIN): every audited event of every area, newest first, filtered by
 * person, area, record, event kind and Dubai dates in the URL like every list, a row opened to read its
 * values before and after, the request id and the client address; CSV export of the same selection.
 */
import { useId, useState, type ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { describeChange, describeValues, type AuditLine } from '../../../../../common/audit-words.ts';
import { formatDubaiDay } from '../../../../../common/dubai-time.ts';
import { AUDIT_AREA_LABELS, AUDIT_AREAS, AUDIT_EVENT_KINDS, auditEntityLabel, auditEventGroupsOf, auditKindLabel, type AuditArea } from '../../../../../common/contract/audit-paths.ts';
import type { AuditEntry, AuditExportQuery, AuditQuery } from '../../../../../common/contract/audit.ts';
import { DEFAULT_PAGE_SIZE } from '../../../../../common/contract/http.ts';
import { AUDIT_ENTITIES, type AuditEntity } from '../../../../../common/events.ts';
import { auditFields } from '../../../../../common/contract/audit-fields.ts';
import { AppLink } from '../../../components/app-link.tsx';
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

/** The period's fault, worded as the server words it: a period ending before it starts selects nothing. */
const periodError = (view: View) => (view.from && view.to && view.from > view.to ? `To must be on or after From (${formatDubaiDay(view.from)}).` : undefined);
const EMPTY_PAGE = { count: 0, total_pages: 0, next: null, previous: null, results: [] };

export function AuditPage() {
  useSignals();
  // A list by hand, not over its endpoint: a period ending before it starts must answer an empty page
  // without a call, which useListController({ endpoint }) cannot do (it always asks the endpoint).
  const list = useListController({
    schema,
    queryKey: (view) => auditKeys.list(queryOf(view)),
    // The refusal is shown beside the dates; asking the server would only add a toast saying the same.
    fetchPage: (view, signal) => (periodError(view) ? Promise.resolve(EMPTY_PAGE) : fetchAudit(queryOf(view), signal)),
    exportRows: (view) => downloadAuditCsv(filtersOf(view)),
  });
  const { view, update } = list;
  const people = usePeople();
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const periodErrorId = useId();
  const period = periodError(view);
  const groups = auditEventGroupsOf(view.area);

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
      span: 2,
      cell: (row) => (
        <span className="audit__record">
          <span className="audit__record-kind">{auditEntityLabel(row.entity)}</span>
          {row.record.href ? <AppLink href={row.record.href}>{row.record.label}</AppLink> : <span>{row.record.label}</span>}
          <button type="button" className="link-button audit__record-filter" onClick={() => update({ entity: row.entity, record: row.entity_id, area: ALL })}>
            Only its events
          </button>
        </span>
      ),
    },
    { id: 'address', header: 'Client address', fit: true, cell: (row) => row.client_address ?? '—' },
  ];

  const person = view.actor > 0 ? people.data?.results.find((user) => user.id === view.actor) : undefined;

  return (
    <div className="audit">
      <div className="toolbar">
        <FilterSelect field={auditFields.person} value={String(view.actor)} onChange={(actor) => update({ actor: Number(actor) })}>
          <option value="0">Anyone</option>
          {view.actor > 0 && !person && <option value={String(view.actor)}>Person {view.actor}</option>}
          {people.data?.results.map((user) => (
            <option key={user.id} value={String(user.id)}>
              {userDisplayName(user.display_name) || user.email}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          field={auditFields.area}
          value={view.area}
          onChange={(area) => {
            const next = area as View['area'];
            // An event of another area would select nothing: the event filter follows the area.
            const keepsKind = view.kind === ALL || auditEventGroupsOf(next).some((group) => group.kinds.includes(view.kind));
            update({ area: next, ...(keepsKind ? {} : { kind: ALL }) });
          }}
        >
          <option value={ALL}>Every area</option>
          {AUDIT_AREAS.map((area) => (
            <option key={area} value={area}>
              {AUDIT_AREA_LABELS[area]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect field={auditFields.event} value={view.kind} onChange={(kind) => update({ kind })}>
          <option value={ALL}>Any event</option>
          {groups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.kinds.map((kind) => (
                <option key={kind} value={kind}>
                  {auditKindLabel(kind)}
                </option>
              ))}
            </optgroup>
          ))}
        </FilterSelect>
        <span className="audit__period" role="group" aria-label="Dates">
          <DateFilter field={auditFields.from} value={view.from} onChange={(from) => update({ from })} errorId={period ? periodErrorId : undefined} />
          <DateFilter field={auditFields.to} value={view.to} onChange={(to) => update({ to })} errorId={period ? periodErrorId : undefined} />
          {period && (
            <span id={periodErrorId} className="audit__period-error" role="alert">
              {period}
            </span>
          )}
        </span>
        {(view.entity !== ALL || view.record > 0) && (
          <FilterChip clearLabel="Show every record" onClear={() => update({ entity: ALL, record: 0 })}>
            Record: {recordFilterLabel(view, list.page?.results)}
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

/** The record the list is narrowed to, by its name when a row on the page shows it. */
function recordFilterLabel(view: View, rows: readonly AuditEntry[] | undefined): string {
  const shown = rows?.find((row) => row.entity === view.entity && row.entity_id === view.record);
  if (shown) return shown.record.label;
  return `${view.entity !== ALL ? auditEntityLabel(view.entity) : 'any kind'}${view.record > 0 ? ` #${view.record}` : ''}`;
}

function EntryDetails({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const titleId = useId();
  const details = describeValues(entry.data);
  const change = describeChange(entry.before, entry.after);
  return (
    <section className="audit__details" aria-labelledby={titleId}>
      <header className="audit__details-head">
        <h2 id={titleId}>
          {auditKindLabel(entry.kind)} · {entry.record.label}
        </h2>
        <button type="button" className="icon-button" aria-label="Close the details" onClick={onClose}>
          <Icon name="close" size={18} />
        </button>
      </header>
      <dl className="audit__facts">
        <Fact term="When">{formatDubaiDateTime(entry.created_at)}</Fact>
        <Fact term="Person">{entry.actor ? `${userDisplayName(entry.actor.display_name) || ''} ${entry.actor.email}`.trim() : 'System'}</Fact>
        <Fact term="Area">{AUDIT_AREA_LABELS[entry.area]}</Fact>
        <Fact term="Record">{entry.record.href ? <AppLink href={entry.record.href}>{entry.record.label}</AppLink> : entry.record.label}</Fact>
        <Fact term="Request id">{entry.request_id ?? '—'}</Fact>
        <Fact term="Client address">{entry.client_address ?? '—'}</Fact>
      </dl>
      <div className="audit__values">
        {details.length > 0 && <Values title="Details" lines={details} />}
        {change.length > 0 && <Values title={entry.before ? 'What changed' : 'Values'} lines={change} />}
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

function Values({ title, lines }: { title: string; lines: readonly AuditLine[] }) {
  return (
    <section className="audit__words" aria-label={title}>
      <h3>{title}</h3>
      <dl>
        {lines.map((line) => (
          <Fact key={line.label} term={line.label}>
            {line.text}
          </Fact>
        ))}
      </dl>
    </section>
  );
}


