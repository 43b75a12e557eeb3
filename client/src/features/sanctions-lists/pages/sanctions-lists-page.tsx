import { useMemo, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { SANCTIONS_LISTS, SANCTIONS_LIST_LABELS, type SanctionsList } from '../../../../../common/contract/aml-paths.ts';
import type { ListEntriesQuery, ListVersion } from '../../../../../common/contract/aml.ts';
import { DEFAULT_PAGE_SIZE, MAX_SEARCH_LENGTH } from '../../../../../common/contract/http.ts';
import { sanctionsFields } from '../../../../../common/contract/aml-fields.ts';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { formatDubaiDate, formatDubaiDateTime } from '../../../lib/dates.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useListParams } from '../../../lib/use-list-controller.ts';
import { choiceField, integerField, textField } from '../../../lib/url-list-state.ts';
import { session } from '../../../state/session.ts';
import { aml, approveVersion, useEntries, useVersions } from '../api.ts';
import { ImportDialog } from '../components/import-dialog.tsx';
import { RejectDialog } from '../components/reject-dialog.tsx';
import { VersionDiff } from '../components/version-diff.tsx';
import { VERSION_STATE_CHIPS, currentVersion, diffSummary, mayDecide } from '../model.ts';
import '../components/sanctions-lists.css';
import { Table } from '../../../components/table.tsx';
import { personName } from '../../../lib/user-name.ts';

const SCHEMA = {
  page: integerField(1),
  search: textField({ lowerCase: true, maxLength: MAX_SEARCH_LENGTH }),
  list: choiceField<SanctionsList>(SANCTIONS_LISTS, 'un'),
  version: integerField(0, 0),
};

const generated = (version: ListVersion) => (version.published_on ? formatDubaiDate(version.published_on) : 'Not stated in the file');

/**
 * The sanctions lists: per list its current version (the file's own generation date, who imported it and
 * when, its entries), versions waiting for a second person, every version's changes, the current entries by
 * name, and the import.
 */
export function SanctionsListsPage() {
  useSignals();
  const [view, setView] = useListParams(SCHEMA);
  const versions = useVersions();
  const [importing, setImporting] = useState(false);
  const [rejecting, setRejecting] = useState<ListVersion | null>(null);
  const ofList = useMemo(() => (versions.data?.results ?? []).filter((version) => version.list === view.list), [versions.data, view.list]);
  const current = currentVersion(ofList);
  const pending = ofList.filter((version) => version.state === 'pending');

  return (
    <div className="sanctions-page">
      <div className="sanctions-tabs" role="group" aria-label={sanctionsFields.list.label}>
        {SANCTIONS_LISTS.map((list) => (
          <Button key={list} variant={list === view.list ? 'primary' : 'outlined'} aria-pressed={list === view.list} onClick={() => setView({ list, version: 0, search: '', page: 1 })}>
            {SANCTIONS_LIST_LABELS[list]}
          </Button>
        ))}
      </div>

      <section className="panel sanctions-section" aria-labelledby="sanctions-current">
        <div className="sanctions-section__head">
          <h2 id="sanctions-current" className="sanctions-section__title">
            Current version
          </h2>
          <Button onClick={() => setImporting(true)}>Import a new version</Button>
        </div>
        {!versions.data ? (
          <LoadingIndicator label="Loading the lists" />
        ) : !current ? (
          <EmptyState message="No version imported yet" />
        ) : (
          <dl className="sanctions-facts">
            <div>
              <dt>Version</dt>
              <dd>
                {current.id}
                {current.file_name ? ` (${current.file_name})` : ''}
              </dd>
            </div>
            <div>
              <dt>Generated (the file's date)</dt>
              <dd>{generated(current)}</dd>
            </div>
            <div>
              <dt>Imported</dt>
              <dd>
                {formatDubaiDateTime(current.imported_at)} by {personName(current.imported_by, 'the demo seed')}
                {current.decided_by ? `, approved by ${personName(current.decided_by, 'the demo seed')}` : ''}
              </dd>
            </div>
            <div>
              <dt>Entries</dt>
              <dd>{current.entry_count.toLocaleString('en-US')}</dd>
            </div>
          </dl>
        )}
      </section>

      {pending.length > 0 && (
        <section className="panel sanctions-section" aria-labelledby="sanctions-pending">
          <h2 id="sanctions-pending" className="sanctions-section__title">
            Waiting for approval
          </h2>
          <ul className="sanctions-pending">
            {pending.map((version) => (
              <PendingVersion key={version.id} version={version} current={current} onShow={() => setView({ version: version.id })} onReject={() => setRejecting(version)} />
            ))}
          </ul>
        </section>
      )}

      {view.version > 0 && <VersionDiff list={view.list} versionId={view.version} onClose={() => setView({ version: 0 })} />}

      <section className="panel sanctions-section" aria-labelledby="sanctions-versions">
        <h2 id="sanctions-versions" className="sanctions-section__title">
          Versions
        </h2>
        {ofList.length === 0 ? (
          <EmptyState />
        ) : (
          <div className="sanctions-table-wrap">
            <Table
              className="sanctions-table"
              caption={<>Versions of the {SANCTIONS_LIST_LABELS[view.list]}</>}
              rows={ofList}
              rowKey={(version) => version.id}
              rowClassName={(version) => version.id === view.version ? 'is-selected' : undefined}
              columns={[
                {
                  id: 'version',
                  header: 'Version',
                  cell: (version) => (
                    <>
                      {version.id}
                      {version.file_name && <div className="sanctions-muted">{version.file_name}</div>}
                    </>
                  ),
                },
                {
                  id: 'state',
                  header: 'State',
                  cell: (version) => (
                    <>
                      <StatusChip variant={VERSION_STATE_CHIPS[version.state].variant}>{VERSION_STATE_CHIPS[version.state].label}</StatusChip>
                      {version.state === 'rejected' && version.decision_reason && (
                        <div className="sanctions-muted">
                          {personName(version.decided_by, 'the demo seed')}: {version.decision_reason}
                        </div>
                      )}
                    </>
                  ),
                },
                { id: 'generated', header: 'Generated', className: 'sanctions-nowrap', cell: (version) => generated(version) },
                {
                  id: 'imported',
                  header: 'Imported',
                  cell: (version) => (
                    <>
                      <span className="sanctions-nowrap">{formatDubaiDateTime(version.imported_at)}</span>
                      <div className="sanctions-muted">{personName(version.imported_by, 'the demo seed')}</div>
                    </>
                  ),
                },
                { id: 'entries', header: 'Entries', cell: (version) => version.entry_count.toLocaleString('en-US') },
                { id: 'changes', header: 'Changes', cell: (version) => diffSummary(version) },
                {
                  id: 'actions',
                  header: <span className="visually-hidden">Actions</span>,
                  cell: (version) => (
                    <>
                      <Button variant="ghost" onClick={() => setView({ version: version.id })} aria-label={`Show the changes of version ${version.id}`}>
                        Show changes
                      </Button>
                    </>
                  ),
                },
              ]}
            />
          </div>
        )}
      </section>

      <EntrySearch list={view.list} search={view.search} page={view.page} onView={setView} />

      {importing && <ImportDialog list={view.list} onClose={() => setImporting(false)} onImported={(result) => result.version.state === 'pending' && setView({ version: result.version.id })} />}
      {rejecting && <RejectDialog version={rejecting} onClose={() => setRejecting(null)} />}
    </div>
  );
}

function PendingVersion({ version, current, onShow, onReject }: { version: ListVersion; current: ListVersion | null; onShow: () => void; onReject: () => void }) {
  const approve = useAction({
    run: (_: void, { headers }) => approveVersion(version.list, version.id, version.version, headers),
    success: 'List version approved; re-screening started',
    endpoint: aml.approveListVersion,
  });
  const removing = current && current.entry_count > 0 ? Math.round((version.removed.length * 100) / current.entry_count) : null;
  // A file generated before the version now current would be refused (409): it can only be rejected.
  const older = Boolean(current?.published_on && version.published_on && version.published_on < current.published_on);
  return (
    <li className="sanctions-pending__item">
      <p>
        <strong>Version {version.id}</strong>
        {version.file_name ? ` (${version.file_name})` : ''}, generated {generated(version)}, imported {formatDubaiDateTime(version.imported_at)} by {personName(version.imported_by, 'the demo seed')}: {version.entry_count.toLocaleString('en-US')} entries,{' '}
        {diffSummary(version)}
        {removing !== null ? ` (${removing} % of the current entries removed)` : ''}.
      </p>
      <div className="sanctions-actions">
        <Button variant="outlined" onClick={onShow}>
          Show changes
        </Button>
        {mayDecide(version, session.value.email) ? (
          <>
            {older ? (
              <span className="sanctions-muted">Generated before the current version: it can only be rejected.</span>
            ) : (
              <Button loading={approve.busy} onClick={() => void approve.run()}>
                Approve
              </Button>
            )}
            <Button variant="danger" onClick={onReject}>
              Reject
            </Button>
          </>
        ) : (
          <span className="sanctions-muted">You imported it: another person approves or rejects it.</span>
        )}
      </div>
    </li>
  );
}

function EntrySearch({ list, search, page, onView }: { list: SanctionsList; search: string; page: number; onView: (patch: { search?: string; page?: number }) => void }) {
  const query = useMemo<ListEntriesQuery>(() => ({ page, ...(search ? { search } : {}) }), [page, search]);
  const entries = useEntries(list, query);
  return (
    <section className="panel sanctions-section" aria-labelledby="sanctions-entries">
      <div className="sanctions-section__head">
        <h2 id="sanctions-entries" className="sanctions-section__title">
          Current entries
        </h2>
        <SearchBox value={search} onSearch={(value) => onView({ search: value, page: 1 })} label="Search the entries by name or reference" placeholder="Search names..." maxLength={MAX_SEARCH_LENGTH} />
      </div>
      {!entries.data ? (
        <LoadingIndicator label="Loading the entries" />
      ) : entries.data.results.length === 0 ? (
        <EmptyState />
      ) : (
        <div className="sanctions-table-wrap">
          <Table
            className="sanctions-table"
            caption={<>Current entries of the {SANCTIONS_LIST_LABELS[list]}</>}
            rows={entries.data.results}
            rowKey={(entry) => entry.id}
            columns={[
              { id: 'reference', header: 'Reference', className: 'sanctions-nowrap sanctions-ref', cell: (entry) => entry.reference },
              {
                id: 'name',
                header: 'Name',
                cell: (entry) => (
                  <>
                    {entry.primary_name}
                    {entry.names.length > 1 && <div className="sanctions-muted">{entry.names.filter((name) => name.name !== entry.primary_name).map((name) => name.name).join(' · ')}</div>}
                  </>
                ),
              },
              { id: 'kind', header: 'Kind', cell: (entry) => entry.kind === 'person' ? 'Person' : 'Entity' },
              { id: 'date-of-birth', header: 'Date of birth', cell: (entry) => entry.dates_of_birth.join(', ') || '—' },
              { id: 'nationality', header: 'Nationality', cell: (entry) => entry.nationalities.join(', ') || '—' },
            ]}
          />
        </div>
      )}
      {entries.data && <Pagination page={page} pageSize={DEFAULT_PAGE_SIZE} count={entries.data.count} totalPages={entries.data.total_pages} onPage={(next) => onView({ page: next })} />}
    </section>
  );
}
