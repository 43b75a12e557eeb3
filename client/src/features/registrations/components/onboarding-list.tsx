import type { ReactNode } from 'react';
import type { RegistrationListItem, RegistrationQuery } from '../../../../../common/contract/registrations.ts';
import { DEFAULT_PAGE_SIZE, MAX_SEARCH_LENGTH } from '../../../../../common/contract/http.ts';
import { REGISTRATION_SORTS, type RegistrationSort } from '../../../../../common/contract/registrations-paths.ts';
import type { OnboardingPage } from '../../../../../common/onboarding.ts';
import { BulkBar, type BulkActionSpec } from '../../../components/bulk-bar.tsx';
import { Button } from '../../../components/button.tsx';
import { type Column } from '../../../components/data-table.tsx';
import { Icon } from '../../../components/icon.tsx';
import { SavedViewsBar } from '../../../components/saved-views-bar.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { choiceField, integerField, textField, type Field, type ListView } from '../../../lib/url-list-state.ts';
import { useListController } from '../../../lib/use-list-controller.ts';
import { downloadRegistrationsCsv, registrations } from '../api.ts';
import './onboarding-list.css';

export type OnboardingSchema = {
  search: Field<string>;
  page: Field<number>;
  sort: Field<RegistrationSort>;
  stage?: Field<string>;
};

/** The view every onboarding list keeps in its URL; `defaultSort` is the page's natural order. */
export function onboardingSchema(defaultSort: RegistrationSort) {
  return {
    search: textField({ lowerCase: true, maxLength: MAX_SEARCH_LENGTH }),
    page: integerField(1),
    sort: choiceField(REGISTRATION_SORTS, defaultSort),
  };
}

interface OnboardingListProps<S extends OnboardingSchema> {
  /** The onboarding page (the queue the back end filters by). */
  queue: OnboardingPage;
  schema: S;
  /**
   * The spec's own parameters for this list (stage, status) and any filter from the view; `queue: null`
   * lists beyond the page's queue (the Registration page's withdrawn registrations are on no page).
   */
  scope: (view: ListView<S>) => Pick<RegistrationQuery, 'stage' | 'status' | 'host_id' | 'assignee' | 'call_on'> & { queue?: null };
  label: string;
  columns: readonly Column<RegistrationListItem>[];
  rowHref?: (item: RegistrationListItem) => string | undefined;
  searchPlaceholder?: string;
  /** Extra filter controls, given the view and its setter. */
  filters?: (view: ListView<S>, update: (patch: Partial<ListView<S>>) => void) => ReactNode;
  /** Controls acting on the rows shown (bulk reminders), given them. */
  actions?: (rows: readonly RegistrationListItem[]) => ReactNode;
  /** Bulk actions over selected rows or all matching ones, run as a job on the server. */
  bulk?: readonly BulkActionSpec[];
}

/** What the onboarding search matches (the server's list filter): said in the box, so nobody types a licence number in vain. */
export const ONBOARDING_SEARCH_PLACEHOLDER = 'Search by company, Reg ID, client name or e-mail';

/** One onboarding page: the list controller's view rendered as search, filters, export, table and pagination. */
export function OnboardingList<S extends OnboardingSchema>({ queue, schema, scope, label, columns, rowHref, searchPlaceholder, filters, actions, bulk }: OnboardingListProps<S>) {
  const filterOf = (view: ListView<S>) => {
    const { search, sort } = view as ListView<OnboardingSchema>;
    const { queue: own, ...rest } = scope(view);
    return { ...rest, ...(own === null ? {} : { queue }), ...(search ? { search } : {}), sort };
  };
  const queryOf = (view: ListView<S>): RegistrationQuery => ({
    ...filterOf(view),
    page: (view as ListView<OnboardingSchema>).page,
    page_size: DEFAULT_PAGE_SIZE,
  });
  const list = useListController({
    endpoint: registrations.list,
    schema,
    query: queryOf,
    exportRows: (view) => downloadRegistrationsCsv(filterOf(view)),
    list: queue,
  });
  const { search, page, sort } = list.view as ListView<OnboardingSchema>;
  const { assignee } = scope(list.view);

  return (
    <section className="panel page-panel onboarding-list" aria-label={label}>
      {list.savedViews && <SavedViewsBar views={list.savedViews} />}
      <div className="onboarding-list__toolbar">
        <SearchBox value={search} onSearch={list.setSearch} placeholder={searchPlaceholder ?? ONBOARDING_SEARCH_PLACEHOLDER} label={`Search ${label}`} maxLength={MAX_SEARCH_LENGTH} />
        {filters?.(list.view, list.update)}
        {actions?.(list.rows ?? [])}
        <Button variant="outlined" className="onboarding-list__export" loading={list.exporting} onClick={list.exportRows}>
          <Icon name="download" size={18} />
          Export CSV
        </Button>
      </div>
      {bulk && (
        <BulkBar
          list={queue}
          noun={['registration', 'registrations']}
          selection={list.selection}
          pageKeys={(list.rows ?? []).map((item) => item.id)}
          count={list.page?.count}
          filter={{ ...(search ? { search } : {}), ...(assignee ? { assignee } : {}) }}
          actions={bulk}
          endpoint={registrations.assign}
        />
      )}
      <ListTable<RegistrationListItem>
        label={label}
        selectable={bulk !== undefined}
        rowLabel={(item) => `${item.registration_id} ${item.legal_name}`}
        columns={columns}
        rowKey={(item) => item.id}
        rowHref={rowHref}
        sortable
        // The view's type is the queue's schema: its page and sort, read above as the onboarding lists' own.
        list={{ ...list, view: { page, sort } }}
      />
    </section>
  );
}
