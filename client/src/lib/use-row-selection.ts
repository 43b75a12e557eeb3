/**
 * Row selection of a list: click toggles a row, shift-click selects the range from the last
 * clicked row, the header box selects the page, and 'all N matching' widens the selection to every row the
 * filter matches across pages (acted on by the server through the filter, not by ids listed here). A new
 * view (filter, search, sort or page) starts a new selection, so nothing hidden stays selected.
 */
import { useCallback, useMemo, useRef, useState } from 'react';

export type RowKey = string | number;

export interface RowSelection {
  selected: ReadonlySet<RowKey>;
  /** Every row matching the filter, across pages. */
  allMatching: boolean;
  /** Toggles the row at `index` of `keys` (the page's rows); with `range`, everything from the last clicked row. */
  toggle: (keys: readonly RowKey[], index: number, range: boolean) => void;
  /** Selects the whole page, or clears it when it is all selected. */
  togglePage: (keys: readonly RowKey[]) => void;
  selectAllMatching: () => void;
  clear: () => void;
}

export function useRowSelection(viewKey: string): RowSelection {
  const [state, setState] = useState<{ viewKey: string; selected: ReadonlySet<RowKey>; allMatching: boolean }>({ viewKey, selected: new Set(), allMatching: false });
  const anchor = useRef<number | null>(null);
  const current = state.viewKey === viewKey ? state : { viewKey, selected: new Set<RowKey>(), allMatching: false };
  if (state.viewKey !== viewKey) {
    anchor.current = null;
    setState(current);
  }

  const toggle = useCallback(
    (keys: readonly RowKey[], index: number, range: boolean) => {
      setState((previous) => {
        const selected = new Set(previous.selected);
        const key = keys[index];
        if (key === undefined) return previous;
        const on = !selected.has(key);
        const from = range && anchor.current !== null ? Math.min(anchor.current, index) : index;
        const to = range && anchor.current !== null ? Math.max(anchor.current, index) : index;
        for (let position = from; position <= to; position += 1) {
          const each = keys[position];
          if (each === undefined) continue;
          if (on) selected.add(each);
          else selected.delete(each);
        }
        anchor.current = index;
        return { ...previous, selected, allMatching: false };
      });
    },
    [],
  );

  const togglePage = useCallback((keys: readonly RowKey[]) => {
    setState((previous) => {
      const all = keys.length > 0 && keys.every((key) => previous.selected.has(key));
      return { ...previous, selected: all ? new Set() : new Set(keys), allMatching: false };
    });
  }, []);

  const selectAllMatching = useCallback(() => setState((previous) => ({ ...previous, allMatching: true })), []);
  const clear = useCallback(() => {
    anchor.current = null;
    setState((previous) => ({ ...previous, selected: new Set(), allMatching: false }));
  }, []);

  return useMemo(
    () => ({ selected: current.selected, allMatching: current.allMatching, toggle, togglePage, selectAllMatching, clear }),
    [current.selected, current.allMatching, toggle, togglePage, selectAllMatching, clear],
  );
}
