/** The FAQs area's paths (relative to API_BASE) and vocabulary, plain code for the console. */
const segment = (value: number | string) => encodeURIComponent(String(value));

export const FAQ_STATUSES = ['draft', 'published'] as const;
export type FaqStatus = (typeof FAQ_STATUSES)[number];
export const FAQ_STATUS_LABELS: Record<FaqStatus, string> = { draft: 'Draft', published: 'Published' };
export const MAX_FAQ_ANSWER_LENGTH = 4000;

/** A published FAQ has both languages (the website shows each in both): the Arabic may wait only in a draft. */
export const ARABIC_NEEDED_TO_PUBLISH = 'Needed to publish: the website shows every published FAQ in English and Arabic';
/** The refusal's words when a FAQ is published without its Arabic. */
export const ARABIC_MISSING = 'must be filled in to publish: the website shows every published FAQ in English and Arabic';


export const faqPaths = {
  /** GET ?category=&status=&search=: every FAQ in display order (category, then position); POST adds one. */
  list: 'faqs/',
  categories: 'faqs/categories/',
  faq: (id: number | string) => `faqs/${segment(id)}`,
  /** POST { version, direction }: swaps the FAQ with its neighbour in its category. */
  move: (id: number | string) => `faqs/${segment(id)}/move`,
  /** GET (no sign-in): the published FAQs the website shows. */
  publicList: 'public/faqs',
} as const;
