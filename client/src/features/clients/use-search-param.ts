import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * One parameter of the client page's query beside ?tab= (the reports' month, the timeline's group): read
 * from the URL and written back to it in place (replace), so a reload or a shared link shows the same view
 * and Back goes to the previous tab, not through every choice.
 */
export function useSearchParam(name: string): [string | null, (value: string | null) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const value = new URLSearchParams(search).get(name);
  const setValue = useCallback(
    (next: string | null) => {
      const params = new URLSearchParams(search);
      if (next === null) params.delete(name);
      else params.set(name, next);
      const query = params.toString();
      navigate(query ? `${location}?${query}` : location, { replace: true });
    },
    [name, search, location, navigate],
  );
  return [value, setValue];
}
