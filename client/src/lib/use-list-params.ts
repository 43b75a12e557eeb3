import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { changeView, parseListView, serialiseListView, type ListSchema, type ListView } from './url-list-state.ts';

/**
 * The list view of the current URL and a setter that writes changes back to it (see url-list-state.ts for
 * the history and page-reset rules). The URL is the only copy of the view.
 */
export function useListParams<S extends ListSchema>(schema: S): [ListView<S>, (patch: Partial<ListView<S>>) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const view = useMemo(() => parseListView(schema, search), [schema, search]);
  const update = useCallback(
    (patch: Partial<ListView<S>>) => {
      const change = changeView(view, patch);
      const query = serialiseListView(schema, change.view);
      if (query === serialiseListView(schema, view)) return;
      navigate(query ? `${location}?${query}` : location, { replace: change.replace });
    },
    [schema, view, location, navigate],
  );
  return [view, update];
}
