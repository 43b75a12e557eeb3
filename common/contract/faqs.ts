/** FAQs (/faqs, ADMIN): questions and answers in English and Arabic, in categories, ordered, published or draft. */
import { Type, type Static } from 'typebox';
import { bulkActions } from './bulk.ts';
import { access, endpoints } from './endpoint.ts';
import { CalendarDate, Closed, IdempotencyHeaders, IdParams, Instant, Line, Nullable, Paragraphs, Search, Version } from './shared.ts';
import { faqFields } from './faqs-fields.ts';
import { FAQ_STATUSES, faqsBulkLabels, faqsRoutes } from './faqs-paths.ts';

export * from './faqs-paths.ts';

const Status = Type.Enum(FAQ_STATUSES, { title: faqFields.status.label });

export const FaqQuery = Closed({ category: Type.Optional(Line(faqFields.category.max, { title: faqFields.category.label })), status: Type.Optional(Status), search: Type.Optional(Search) });
export type FaqQuery = Static<typeof FaqQuery>;

export const FaqFields = {
  category: Line(faqFields.category.max, { minLength: faqFields.category.min, title: faqFields.category.label }),
  question_en: Line(faqFields.questionEn.max, { minLength: faqFields.questionEn.min, title: faqFields.questionEn.label }),
  answer_en: Paragraphs(faqFields.answerEn.max, { minLength: faqFields.answerEn.min, title: faqFields.answerEn.label }),
  question_ar: Line(faqFields.questionAr.max, { title: faqFields.questionAr.label }),
  answer_ar: Paragraphs(faqFields.answerAr.max, { title: faqFields.answerAr.label }),
  status: Status,
  publish_from: Nullable(CalendarDate(faqFields.publishFrom.label)),
  publish_until: Nullable(CalendarDate(faqFields.publishUntil.label)),
};
export const NewFaqBody = Closed(FaqFields);
export type NewFaqBody = Static<typeof NewFaqBody>;
export const UpdateFaqBody = Closed({ version: Version, ...FaqFields });
export type UpdateFaqBody = Static<typeof UpdateFaqBody>;
export const MoveFaqBody = Closed({ version: Version, direction: Type.Enum(['up', 'down'], { title: faqFields.direction.label }) });
export type MoveFaqBody = Static<typeof MoveFaqBody>;

export const Faq = Type.Object({
  id: Type.Integer(),
  category: Type.String(),
  question_en: Type.String(),
  answer_en: Type.String(),
  question_ar: Type.String(),
  answer_ar: Type.String(),
  status: Status,
  publish_from: Nullable(Type.String()),
  publish_until: Nullable(Type.String()),
  position: Type.Integer(),
  /** Published and within its dates today (Dubai): what the website shows. */
  live: Type.Boolean(),
  updated_at: Instant,
  version: Type.Integer(),
});
export type Faq = Static<typeof Faq>;
export const FaqList = Type.Object({ results: Type.Array(Faq) });
export type FaqList = Static<typeof FaqList>;

export const PublicFaq = Type.Object({ id: Type.Integer(), question_en: Type.String(), answer_en: Type.String(), question_ar: Type.String(), answer_ar: Type.String() });
export const PublicFaqs = Type.Object({ categories: Type.Array(Type.Object({ category: Type.String(), faqs: Type.Array(PublicFaq) })) });
export type PublicFaqs = Static<typeof PublicFaqs>;

const admin = access.page('faqs');
const write = { access: admin, headers: IdempotencyHeaders };

export const faqsEndpoints = endpoints('faqs', faqsRoutes, {
  list: { summary: 'Every FAQ in display order (category, then position)', access: admin, query: FaqQuery, response: { 200: FaqList } },
  create: { summary: 'Add an FAQ at the end of its category', ...write, body: NewFaqBody, response: { 201: Faq } },
  categories: { summary: 'The categories in use', access: admin, response: { 200: Type.Array(Type.String()) } },
  update: { summary: 'Change an FAQ', ...write, params: IdParams('id'), body: UpdateFaqBody, response: { 200: Faq } },
  move: { summary: 'Swap an FAQ with its neighbour in its category', ...write, params: IdParams('id'), body: MoveFaqBody, response: { 200: Faq } },
  publicList: { summary: 'The published FAQs the website shows', access: access.public, response: { 200: PublicFaqs } },
});

/** The FAQs' bulk publish and unpublish (back to draft): no parameters. */
export const faqsBulkActions = bulkActions('faqs', faqsBulkLabels, { publish: Closed({}), unpublish: Closed({}) });
