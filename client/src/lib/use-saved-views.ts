/**
 * A list's saved views, stored on the server (GET/POST/PATCH/DELETE views/), so they follow the
 * user to another browser: applying one writes its query to the URL (the list's only copy of its view), the
 * default one opens first when the list is opened without a view of its own in the URL, saving stores the
 * URL's current view (without the page).
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { SavedView } from '../../../common/contract/work.ts';
import { canUpdateView } from '../../../common/contract/work-paths.ts';
import { useAction, type Action } from './use-action.ts';
import { useQuery } from './use-query.ts';
import { createView, deleteView, fetchViews, updateView, workKeys } from './work-api.ts';

export interface SavedViewsState {
  list: string;
  views: readonly SavedView[];
  canShare: boolean;
  /** The saved view whose query is the URL's now, if any. */
  current: SavedView | undefined;
  /**
   * The view last applied (or shown) when the URL's filters have changed since and the user may update it
   * ('Update view': same sharing rules as saving); undefined otherwise.
   */
  changed: SavedView | undefined;
  /** The URL's view as a saved view stores it (no page). */
  query: string;
  apply: (view: SavedView) => void;
  save: Action<{ name: string; shared: boolean; is_default: boolean }, SavedView>;
  setDefault: Action<SavedView, SavedView>;
  /** Stores the URL's current filters, search and sort in the view (a versioned PATCH of its query). */
  updateQuery: Action<SavedView, SavedView>;
  remove: Action<SavedView, unknown>;
}

/**
 * The query string without the page (a saved view opens on page 1) and without `omit` (parameters that open
 * one record beside the list, such as ?task=, rather than narrow it), in a stable order.
 */
export function viewQuery(search: string, omit: readonly string[] = []): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  for (const name of omit) params.delete(name);
  params.sort();
  return params.toString();
}

export function useSavedViews(list: string | undefined, omit: readonly string[] = []): SavedViewsState | undefined {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const views = useQuery(workKeys.views(list ?? ''), (signal) => fetchViews(list!, signal), { enabled: list !== undefined, notify: false });
  const query = viewQuery(search, omit);
  const keys = [workKeys.views(list ?? '')];

  // The default view opens first: once per visit of the list, and only over the plain list (a link or a
  // reload that carries a view keeps it).
  const opened = useRef(false);
  const data = views.data;
  useEffect(() => {
    if (opened.current || !data) return;
    opened.current = true;
    const preferred = data.views.find((view) => view.mine && view.is_default);
    if (preferred && search === '' && preferred.query !== '') navigate(`${location}?${preferred.query}`, { replace: true });
  }, [data, search, location, navigate]);

  // The view the list was last showing: 'Update view' offers to store the filters changed since into it.
  const [lastShown, setLastShown] = useState<number | null>(null);
  const currentId = data?.views.find((view) => viewQuery(view.query) === query)?.id;
  useEffect(() => {
    if (currentId !== undefined) setLastShown(currentId);
  }, [currentId]);

  const save = useAction({
    run: (input: { name: string; shared: boolean; is_default: boolean }, { headers }) => createView({ list: list!, query, ...input }, headers),
    success: (view) => `View '${view.name}' saved.`,
    invalidates: keys,
  });
  const setDefault = useAction({
    run: (view: SavedView, { headers }) => updateView(view.id, { version: view.version, is_default: !view.is_default }, headers),
    success: (view) => (view.is_default ? `'${view.name}' opens first now.` : `'${view.name}' is no longer the default.`),
    invalidates: keys,
  });
  const updateQuery = useAction({
    run: (view: SavedView, { headers }) => updateView(view.id, { version: view.version, query }, headers),
    success: (view) => `View '${view.name}' updated.`,
    invalidates: keys,
  });
  const remove = useAction({
    run: (view: SavedView, { headers }) => deleteView(view.id, view.version, headers),
    success: 'View deleted.',
    invalidates: keys,
  });

  if (list === undefined) return undefined;
  const all = data?.views ?? [];
  const current = all.find((view) => view.id === currentId);
  const shown = current ? undefined : all.find((view) => view.id === lastShown);
  return {
    list,
    views: all,
    canShare: data?.can_share ?? false,
    current,
    changed: shown && canUpdateView(shown, data?.can_share ?? false) ? shown : undefined,
    query,
    apply: (view) => navigate(view.query ? `${location}?${view.query}` : location),
    save,
    setDefault,
    updateQuery,
    remove,
  };
}
