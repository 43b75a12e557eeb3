import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import type { SearchHit, SearchResult } from '../../../common/contract/work.ts';
import { MAX_SEARCH_LENGTH } from '../../../common/contract/http.ts';
import { MIN_SEARCH_LENGTH } from '../../../common/contract/work-paths.ts';
import { Dialog } from '../components/dialog.tsx';
import { Spinner } from '../components/spinner.tsx';
import { notifyError } from '../lib/toast.ts';
import { searchEverywhere } from '../lib/work-api.ts';

const DEBOUNCE_MS = 200;

/**
 * Search everywhere (Ctrl+K): one field over every area the role may see (GET search/?q=), results grouped
 * by kind; arrow keys move, Enter opens, Escape closes. An ARIA combobox over a listbox, so a screen reader
 * hears the active result and how many there are.
 */
export function CommandPalette({ onClose }: { onClose: () => void }) {
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const [result, setResult] = useState<SearchResult | null>(null);
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState(0);
  const id = useId();
  const q = text.trim();

  useEffect(() => {
    if (q.length < MIN_SEARCH_LENGTH) {
      setResult(null);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      searchEverywhere(q, controller.signal)
        .then((answer) => {
          setResult(answer);
          setActive(0);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) notifyError(error);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);

  const hits = useMemo(() => result?.groups.flatMap((group) => group.hits) ?? [], [result]);
  const optionId = (index: number) => `${id}-option-${index}`;
  const open = (hit: SearchHit) => {
    onClose();
    navigate(hit.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (hits.length === 0) return;
      setActive((current) => (current + (event.key === 'ArrowDown' ? 1 : hits.length - 1)) % hits.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = hits[active];
      if (hit) open(hit);
    }
  };

  let index = 0;
  const status =
    q.length < MIN_SEARCH_LENGTH
      ? 'Type a company, a registration id, a trade licence number, a TRN or an e-mail.'
      : loading && !result
        ? 'Searching…'
        : hits.length === 0
          ? `Nothing you may open matches '${q}'.`
          : `${hits.length} result${hits.length === 1 ? '' : 's'}. Up and down arrows move, Enter opens.`;
  return (
    <Dialog title="Search everywhere" onClose={onClose}>
      <div className="command-palette">
        <div className="command-palette__field">
          <input
            // The dialog opens for typing: the field takes the focus (Dialog focuses it after showModal).
            data-autofocus
            type="text"
            role="combobox"
            aria-expanded={hits.length > 0}
            aria-controls={`${id}-listbox`}
            aria-activedescendant={hits.length > 0 ? optionId(active) : undefined}
            aria-autocomplete="list"
            aria-label="Search everywhere"
            className="command-palette__input"
            placeholder="Search companies, ids, licences, TRNs, e-mails…"
            maxLength={MAX_SEARCH_LENGTH}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
          />
          {loading && <Spinner />}
        </div>
        <p className="command-palette__status" role="status" aria-live="polite">
          {status}
        </p>
        <div id={`${id}-listbox`} role="listbox" aria-label="Results" className="command-palette__results">
          {result?.groups.map((group) => (
            <div key={group.kind} role="group" aria-labelledby={`${id}-${group.kind}`} className="command-palette__group">
              <div id={`${id}-${group.kind}`} className="command-palette__group-label" role="presentation">
                {group.label}
              </div>
              {group.hits.map((hit) => {
                const position = index++;
                return (
                  <div
                    key={`${hit.kind}-${hit.id}`}
                    id={optionId(position)}
                    role="option"
                    aria-selected={position === active}
                    className={position === active ? 'command-palette__option command-palette__option--active' : 'command-palette__option'}
                    onMouseEnter={() => setActive(position)}
                    onClick={() => open(hit)}
                  >
                    <span className="command-palette__title">{hit.title}</span>
                    {hit.subtitle && <span className="command-palette__subtitle">{hit.subtitle}</span>}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </Dialog>
  );
}
