/** The FAQs' calls (common/contract/faqs.ts) and cache keys; every key starts with 'faqs', which every write invalidates. */
import type { Faq, FaqList, FaqQuery, NewFaqBody, UpdateFaqBody } from '../../../../common/contract/faqs.ts';
import { faqPaths } from '../../../../common/contract/faqs-paths.ts';
import { api } from '../../lib/api.ts';
import { useQuery } from '../../lib/use-query.ts';

export const faqKeys = {
  all: ['faqs'] as const,
  list: (query: FaqQuery) => ['faqs', 'list', query] as const,
  categories: ['faqs', 'categories'] as const,
};

type Headers = Record<string, string>;

export const useFaqs = (query: FaqQuery) => useQuery(faqKeys.list(query), (signal) => api<FaqList>(faqPaths.list, { query, signal }), { keepPrevious: true });
export const useCategories = () => useQuery(faqKeys.categories, (signal) => api<string[]>(faqPaths.categories, { signal }));
export const createFaq = (body: NewFaqBody, headers: Headers) => api<Faq>(faqPaths.list, { method: 'POST', body, headers });
export const updateFaq = (id: number, body: UpdateFaqBody, headers: Headers) => api<Faq>(faqPaths.faq(id), { method: 'PUT', body, headers });
export const moveFaq = (id: number, body: { version: number; direction: 'up' | 'down' }, headers: Headers) => api<Faq>(faqPaths.move(id), { method: 'POST', body, headers });
