import { useMemo, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { Faq, FaqQuery, faqsBulkActions } from '../../../../../common/contract/faqs.ts';
import { FAQ_STATUSES, FAQ_STATUS_LABELS, faqsBulkLabels, type FaqStatus } from '../../../../../common/contract/faqs-paths.ts';
import { MAX_SEARCH_LENGTH } from '../../../../../common/contract/http.ts';
import { faqFields } from '../../../../../common/contract/faqs-fields.ts';
import { BulkBar, type BulkActionSpec } from '../../../components/bulk-bar.tsx';
import { bulkSpec } from '../../../components/bulk-action-spec.ts';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { SavedViewsBar } from '../../../components/saved-views-bar.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { LoadingIndicator } from '../../../components/spinner.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { useAction } from '../../../lib/use-action.ts';
import { useRestoreFocus } from '../../../lib/use-restore-focus.ts';
import { choiceField, integerField, serialiseListView, textField } from '../../../lib/url-list-state.ts';
import { useListParams } from '../../../lib/use-list-controller.ts';
import { useRowSelection } from '../../../lib/use-row-selection.ts';
import { useSavedViews } from '../../../lib/use-saved-views.ts';
import { faqs as faqEndpoints, moveFaq, useCategories, useFaqs } from '../api.ts';
import { FaqDialog } from '../components/faq-dialog.tsx';
import '../components/faqs.css';
import { FilterSelect } from '../../../components/select.tsx';

const SCHEMA = {
  page: integerField(1),
  search: textField({ maxLength: MAX_SEARCH_LENGTH }),
  status: choiceField<'all' | FaqStatus>(['all', ...FAQ_STATUSES], 'all'),
};

/** Publish or unpublish in bulk, each FAQ through its own edit on the server. */
const bulk: readonly BulkActionSpec[] = [
  bulkSpec<typeof faqsBulkActions.publish>({ action: 'publish', label: faqsBulkLabels.publish, verb: 'published (shown on the website within its dates)', initialParams: {} }),
  bulkSpec<typeof faqsBulkActions.unpublish>({ action: 'unpublish', label: faqsBulkLabels.unpublish, verb: 'made a draft again', initialParams: {} }),
];

/**
 * The FAQs by category in the website's order: move up or down (buttons, so the keyboard does it too), edit,
 * add; saved views and selection for bulk publish (the list is one page, so 'all on the page' is all matching).
 */
export function FaqsPage() {
  useSignals();
  const [view, setView] = useListParams(SCHEMA);
  const savedViews = useSavedViews('faqs');
  const selection = useRowSelection(serialiseListView(SCHEMA, view));
  const query = useMemo<FaqQuery>(() => ({ ...(view.search ? { search: view.search } : {}), ...(view.status !== 'all' ? { status: view.status } : {}) }), [view.search, view.status]);
  const faqs = useFaqs(query);
  const categories = useCategories();
  const [editing, setEditing] = useState<Faq | 'new' | null>(null);
  const keepFocus = useRestoreFocus();
  const move = useAction({
    run: ({ faq, direction }: { faq: Faq; direction: 'up' | 'down' }, { headers }) => moveFaq(faq.id, { version: faq.version, direction }, headers),
    endpoint: faqEndpoints.move,
  });
  // The focus stays on the moved FAQ's button (or its other one at the top or bottom) for the next press.
  const moveFaqBy = (faq: Faq, direction: 'up' | 'down') => {
    keepFocus(`faq-${faq.id}-${direction}`, `faq-${faq.id}-${direction === 'up' ? 'down' : 'up'}`);
    void move.run({ faq, direction });
  };
  const groups = useMemo(() => {
    const byCategory = new Map<string, Faq[]>();
    for (const faq of faqs.data?.results ?? []) byCategory.set(faq.category, [...(byCategory.get(faq.category) ?? []), faq]);
    return [...byCategory.entries()];
  }, [faqs.data]);
  const keys = useMemo(() => groups.flatMap(([, entries]) => entries.map((faq) => faq.id)), [groups]);
  const allPicked = keys.length > 0 && keys.every((key) => selection.selected.has(key));
  // Moves are within the whole category; a filtered view would hide the neighbour a move swaps with.
  const canMove = !view.search && view.status === 'all';

  return (
    <div className="faqs">
      {savedViews && <SavedViewsBar views={savedViews} />}
      <div className="toolbar">
        <SearchBox value={view.search} onSearch={(search) => setView({ search })} placeholder="Search questions and answers" label="Search FAQs" maxLength={MAX_SEARCH_LENGTH} />
        <FilterSelect field={faqFields.status} value={view.status} onChange={(value) => setView({ status: value as 'all' | FaqStatus })}>
          <option value="all">All</option>
          {FAQ_STATUSES.map((status) => (
            <option key={status} value={status}>
              {FAQ_STATUS_LABELS[status]}
            </option>
          ))}
        </FilterSelect>
        <label className="faqs__filter">
          <input type="checkbox" checked={allPicked} disabled={keys.length === 0} onChange={() => selection.togglePage(keys)} />
          Select all shown
        </label>
        <Button className="faqs__add" onClick={() => setEditing('new')}>
          New FAQ
        </Button>
      </div>
      <BulkBar list="faqs" noun={['FAQ', 'FAQs']} selection={selection} pageKeys={keys} count={keys.length} filter={query} actions={bulk} endpoint={faqEndpoints.update} />
      {!faqs.data ? (
        <LoadingIndicator label="Loading FAQs" />
      ) : groups.length === 0 ? (
        <EmptyState />
      ) : (
        groups.map(([category, entries]) => (
          <section key={category} className="faqs__category" aria-labelledby={`faq-category-${category}`}>
            <h2 id={`faq-category-${category}`}>{category}</h2>
            <ol className="faqs__list">
              {entries.map((faq, index) => (
                <li key={faq.id} className="faqs__item">
                  <input
                    type="checkbox"
                    className="faqs__pick"
                    aria-label={`Select: ${faq.question_en}`}
                    checked={selection.selected.has(faq.id)}
                    onChange={() => undefined}
                    onClick={(event) => selection.toggle(keys, keys.indexOf(faq.id), event.shiftKey)}
                  />
                  <div className="faqs__texts">
                    <div className="faqs__lang" lang="en">
                      <strong>{faq.question_en}</strong>
                      <p>{faq.answer_en}</p>
                    </div>
                    <div className="faqs__lang faqs__lang--ar" lang="ar" dir="rtl">
                      <strong>{faq.question_ar || '—'}</strong>
                      <p>{faq.answer_ar}</p>
                    </div>
                  </div>
                  <div className="faqs__side">
                    <StatusChip variant={faq.live ? 'green' : faq.status === 'published' ? 'amber' : 'neutral'}>
                      {faq.live ? 'On the website' : faq.status === 'published' ? 'Published, outside its dates' : 'Draft'}
                    </StatusChip>
                    <div className="faqs__actions">
                      <Button variant="outlined" aria-label={`Move up: ${faq.question_en}`} data-focus-key={`faq-${faq.id}-up`} disabled={!canMove || index === 0} onClick={() => moveFaqBy(faq, 'up')}>
                        ↑
                      </Button>
                      <Button variant="outlined" aria-label={`Move down: ${faq.question_en}`} data-focus-key={`faq-${faq.id}-down`} disabled={!canMove || index === entries.length - 1} onClick={() => moveFaqBy(faq, 'down')}>
                        ↓
                      </Button>
                      <Button variant="ghost" onClick={() => setEditing(faq)} aria-label={`Edit: ${faq.question_en}`}>
                        Edit
                      </Button>
                    </div>
                  </div>
                </li>
              ))}
            </ol>
          </section>
        ))
      )}
      {editing && <FaqDialog faq={editing === 'new' ? null : editing} categories={categories.data ?? []} onClose={() => setEditing(null)} />}
    </div>
  );
}
