/** The FAQs area's endpoints (method and path) and vocabulary, plain code for the console. */

export const FAQ_STATUSES = ['draft', 'published'] as const;
export type FaqStatus = (typeof FAQ_STATUSES)[number];
export const FAQ_STATUS_LABELS: Record<FaqStatus, string> = { draft: 'Draft', published: 'Published' };
export const MAX_FAQ_ANSWER_LENGTH = 4000;

/** A published FAQ has both languages (the website shows each in both): the Arabic may wait only in a draft. */
export const ARABIC_NEEDED_TO_PUBLISH = 'Needed to publish: the website shows every published FAQ in English and Arabic';
/** The refusal's words when a FAQ is published without its Arabic. */
export const ARABIC_MISSING = 'must be filled in to publish: the website shows every published FAQ in English and Arabic';

/** The FAQs' endpoints, method and path (their schemas and access: faqsEndpoints in faqs.ts). */
export const faqsRoutes = {
  /** ?category=&status=&search=: every FAQ in display order (category, then position). */
  list: 'GET /faqs/',
  create: 'POST /faqs/',
  categories: 'GET /faqs/categories/',
  update: 'PUT /faqs/:id',
  /** Swaps the FAQ with its neighbour in its category. */
  move: 'POST /faqs/:id/move',
  /** No sign-in: the published FAQs the website shows. */
  publicList: 'GET /public/faqs',
} as const;

/** The FAQs list's bulk actions and their labels (params schemas: faqsBulkActions in faqs.ts). */
export const faqsBulkLabels = { publish: 'Publish', unpublish: 'Unpublish' } as const;
