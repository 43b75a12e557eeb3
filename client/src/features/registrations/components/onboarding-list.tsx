import { useCallback, useState, type ReactNode } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../../../common/contract/http.ts';
import type { RegistrationListItem, RegistrationQuery } from '../../../../common/contract/registrations.ts';
import { REGISTRATION_SORTS, type RegistrationSort } from '../../../../common/contract/registrations-paths.ts';
import type { OnboardingPage } from '../../../../common/onboarding.ts';
import { Button } from '../../components/button.tsx';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { Icon } from '../../components/icon.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { notifyError } from '../../lib/toast.ts';
import { choiceField, integerField, textField, type Field, type ListView } from '../../lib/url-list-state.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { useQuery } from '../../lib/use-query.ts';
import { downloadRegistrationsCsv, fetchRegistrations } from './api.ts';
import './onboarding.css';

export type OnboardingSchema = {
  search: Field<string>;
  page: Field<number>;
  sort: Field<RegistrationSort>;
  stage?: Field<string>;
};

/** The view every onboarding list keeps in its URL; `defaultSort` is the page's natural order. */
export function onboardingSchema(defaultSort: RegistrationSort) {
  return { search: textField({ lowerCase: true }), page: integerField(1), sort: choiceField(REGISTRATION_SORTS, defaultSort) };
}

interface OnboardingListProps<S extends OnboardingSchema> {
  /** The onboarding page (the queue the back end filters by). */
  queue: OnboardingPage;
  schema: S;
  /** The spec's own parameters for this list (stage, status) and any filter from the view. */
  scope: (view: ListView<S>) => Pick<RegistrationQuery, 'stage' | 'status'>;
  label: string;
  columns: readonly Column<RegistrationListItem>[];
  rowHref?: (item: RegistrationListItem) => string | undefined;
  searchPlaceholder?: string;
  /** Extra filter controls, given the view and its setter. */
  filters?: (view: ListView<S>, update: (patch: Partial<ListView<S>>) => void) => ReactNode;
}

/** One onboarding page: search, filters and export over the shared table and pagination, all state in the URL. */
export function OnboardingList<S extends OnboardingSchema>({ queue, schema, scope, label, columns, rowHref, searchPlaceholder, filters }: OnboardingListProps<S>) {
  const [view, update] = useListParams(schema);
  const { search, page, sort } = view as ListView<OnboardingSchema>;
  const filter = { ...scope(view), queue, ...(search ? { search } : {}), sort };
  const query: RegistrationQuery = { ...filter, page, page_size: DEFAULT_PAGE_SIZE };
  const key = JSON.stringify(query);
  const result = useQuery(key, (signal) => fetchRegistrations(query, signal));
  const onSearch = useCallback((text: string) => update({ search: text } as Partial<ListView<S>>), [update]);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadRegistrationsCsv(filter);
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="panel page-panel onboarding-list" aria-label={label}>
      <div className="onboarding-list__toolbar">
        <SearchBox value={search} onSearch={onSearch} placeholder={searchPlaceholder} label={`Search ${label}`} />
        {filters?.(view, update)}
        <Button variant="outlined" className="onboarding-list__export" loading={exporting} onClick={() => void exportCsv()}>
          <Icon name="download" size={18} />
          Export CSV
        </Button>
      </div>
      <DataTable<RegistrationListItem>
        label={label}
        columns={columns}
        rows={result.data?.results}
        rowKey={(item) => item.id}
        rowHref={rowHref}
        isLoading={result.isLoading}
        isFetching={result.isFetching}
        error={result.error}
        onRetry={result.refetch}
        sort={sort}
        onSort={(next) => update({ sort: next } as Partial<ListView<S>>)}
      />
      {result.data && (
        <Pagination
          page={page}
          pageSize={DEFAULT_PAGE_SIZE}
          count={result.data.count}
          totalPages={result.data.total_pages}
          onPage={(next) => update({ page: next } as Partial<ListView<S>>)}
        />
      )}
    </section>
  );
}
