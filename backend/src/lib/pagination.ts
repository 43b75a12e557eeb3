/** The list envelope { count, total_pages, next, previous, results } with absolute next/previous links. */
import type { FastifyRequest } from 'fastify';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page } from '../../../common/api-contract.ts';
import { invalidInput } from './http-error.ts';

export interface PageQuery {
  page?: number;
  page_size?: number;
}

/**
 * Query-string schema shared by every list; page and page_size are whole numbers from 1 (page_size capped
 * later). The page bound keeps the offset an ordinary integer in the SQL.
 */
export const pageQuerySchema = {
  page: { type: 'integer', minimum: 1, maximum: 1_000_000 },
  page_size: { type: 'integer', minimum: 1 },
} as const;

export interface PageWindow {
  page: number;
  size: number;
  offset: number;
}

export function pageWindow(query: PageQuery): PageWindow {
  const page = query.page ?? 1;
  const size = Math.min(query.page_size ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  return { page, size, offset: (page - 1) * size };
}

/**
 * A page past the end answers an empty result list (the count stays true), with previous pointing at the
 * last real page, so an infinite list that overshoots stops cleanly instead of erroring.
 */
export function toPage<T>(request: FastifyRequest, window: PageWindow, count: number, results: T[]): Page<T> {
  const totalPages = Math.ceil(count / window.size);
  const link = (page: number) => {
    let url: URL;
    try {
      url = new URL(request.url, `${request.protocol}://${request.host}`);
    } catch {
      // The host comes from the client (Host, or X-Forwarded-Host via a trusted proxy): its fault, not ours.
      throw invalidInput('the Host header', 'is not a valid host');
    }
    url.searchParams.set('page', String(page));
    return url.toString();
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
