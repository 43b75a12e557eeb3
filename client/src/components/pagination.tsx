import './pagination.css';

export type PageItem = number | 'gap';

/** First, last, and the current page with its neighbours; a gap marks each run of left-out pages. */
export function pageItems(current: number, totalPages: number): PageItem[] {
  const shown = [...new Set([1, current - 1, current, current + 1, totalPages])].filter((page) => page >= 1 && page <= totalPages).sort((a, b) => a - b);
  // A run of exactly one left-out page shows that page: an ellipsis would take the same room.
  const sorted = shown.flatMap((page, index) => {
    const previous = shown[index - 1];
    return previous !== undefined && page - previous === 2 ? [previous + 1, page] : [page];
  });
  const items: PageItem[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) items.push('gap');
    items.push(page);
  });
  return items;
}

/** 'Showing 21-40 of 57'; empty when there is nothing to show (no rows, or a page past the end). */
export function rangeLabel(page: number, pageSize: number, count: number): string {
  if (count === 0 || (page - 1) * pageSize >= count) return '';
  const first = Math.min((page - 1) * pageSize + 1, count);
  const last = Math.min(page * pageSize, count);
  return `Showing ${first}-${last} of ${count}`;
}

interface PaginationProps {
  page: number;
  pageSize: number;
  /** From the list envelope. */
  count: number;
  totalPages: number;
  onPage: (page: number) => void;
}

export function Pagination({ page, pageSize, count, totalPages, onPage }: PaginationProps) {
  if (count === 0) return null;
  return (
    <div className="pagination">
      <p className="pagination__range" aria-live="polite">
        {rangeLabel(page, pageSize, count)}
      </p>
      {totalPages > 1 && (
        <nav aria-label="Pagination">
          <ul className="pagination__list">
            <li>
              <button type="button" className="pagination__button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
                Previous
              </button>
            </li>
            {pageItems(page, totalPages).map((item, index) =>
              item === 'gap' ? (
                <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={item}>
                  <button
                    type="button"
                    className={item === page ? 'pagination__button pagination__button--current' : 'pagination__button'}
                    aria-current={item === page ? 'page' : undefined}
                    aria-label={`Page ${item}`}
                    onClick={() => onPage(item)}
                  >
                    {item}
                  </button>
                </li>
              ),
            )}
            <li>
              <button type="button" className="pagination__button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
                Next
              </button>
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}
