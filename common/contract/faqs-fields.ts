/** The FAQs' fields: each one's label (its schemas' title), limits and option labels, for the contract and the console. */
import { fieldSheet } from './field.ts';
import { FAQ_STATUS_LABELS, MAX_FAQ_ANSWER_LENGTH } from './faqs-paths.ts';

export const faqFields = fieldSheet({
  category: { label: 'Category', min: 1, max: 60 },
  questionEn: { label: 'Question (English)', min: 1, max: 300 },
  answerEn: { label: 'Answer (English)', min: 1, max: MAX_FAQ_ANSWER_LENGTH },
  /** The Arabic may wait in a draft (a published FAQ needs it: the store's rule). */
  questionAr: { label: 'Question (Arabic)', max: 300 },
  answerAr: { label: 'Answer (Arabic)', max: MAX_FAQ_ANSWER_LENGTH },
  status: { label: 'Status', options: FAQ_STATUS_LABELS },
  publishFrom: { label: 'Published from' },
  publishUntil: { label: 'Published until' },
  direction: { label: 'Direction' },
});
