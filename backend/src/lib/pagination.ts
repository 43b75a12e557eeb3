/** The list envelope { count, total_pages, next, previous, results } with links to the neighbouring pages. */
import type { FastifyRequest } from 'fastify';
import { DEFAULT_PAGE_SIZE } from '../../../common/contract/http.ts';
import type { Page } from '../../../common/contract/shared.ts';
import { publicOrigin } from './public-url.ts';

export interface PageQuery {
  page?: number;
  page_size?: number;
}

export interface PageWindow {
  page: number;
  size: number;
  offset: number;
}

/** page and page_size are bounded by the contract's PageQuery, so the offset stays an ordinary integer. */
export function pageWindow(query: PageQuery): PageWindow {
  const page = query.page ?? 1;
  const size = query.page_size ?? DEFAULT_PAGE_SIZE;
  return { page, size, offset: (page - 1) * size };
}

/**
 * A page past the end answers an empty result list (the count stays true), with previous pointing at the
 * last real page, so an infinite list that overshoots stops cleanly instead of erroring. Links are absolute
 * on the console's public origin when it is known (publicOrigin), else root-relative.
 */
export function toPage<T>(request: FastifyRequest, window: PageWindow, count: number, results: T[]): Page<T> {
  const totalPages = Math.ceil(count / window.size);
  const origin = publicOrigin(request);
  const link = (page: number) => {
    const url = new URL(request.url, 'http://placeholder.invalid');
    url.searchParams.set('page', String(page));
    const path = `${url.pathname}${url.search}`;
    return origin ? `${origin}${path}` : path;
  };
  return {
    count,
    total_pages: totalPages,
    next: window.page < totalPages ? link(window.page + 1) : null,
    previous: window.page > 1 && totalPages > 0 ? link(Math.min(window.page - 1, totalPages)) : null,
    results,
  };
}

/** '50%_off' -> '%50\%\_off%' for `LIKE ... ESCAPE '\'`: the search text is matched literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
