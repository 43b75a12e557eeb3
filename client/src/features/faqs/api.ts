/** The FAQs' calls (the table faqsEndpoints of common/contract/faqs.ts) and cache keys; every key starts with 'faqs', which every write invalidates. */
import { clientEndpoints } from '../../lib/endpoints.ts';
import type { faqsEndpoints, FaqQuery, NewFaqBody, UpdateFaqBody } from '../../../../common/contract/faqs.ts';
import { faqsRoutes } from '../../../../common/contract/faqs-paths.ts';
import { call } from '../../lib/call.ts';
import { useQuery } from '../../lib/use-query.ts';

export const faqs = clientEndpoints<typeof faqsEndpoints>('faqs', faqsRoutes);

export const faqKeys = {
  all: ['faqs'] as const,
  list: (query: FaqQuery) => ['faqs', 'list', query] as const,
  categories: ['faqs', 'categories'] as const,
};

type Headers = Record<string, string>;

export const useFaqs = (query: FaqQuery) => useQuery(faqKeys.list(query), (signal) => call(faqs.list, { query, signal }), { keepPrevious: true });
export const useCategories = () => useQuery(faqKeys.categories, (signal) => call(faqs.categories, { signal }));
export const createFaq = (body: NewFaqBody, headers: Headers) => call(faqs.create, { body, headers });
export const updateFaq = (id: number, body: UpdateFaqBody, headers: Headers) => call(faqs.update, { params: { id }, body, headers });
export const moveFaq = (id: number, body: { version: number; direction: 'up' | 'down' }, headers: Headers) => call(faqs.move, { params: { id }, body, headers });
