/**
 * The FAQs' part of work at speed: publish or unpublish (back to draft) many FAQs at once, each row
 * through the FAQ's own edit (its version and faq_updated event) with every other field kept. A published FAQ
 * still shows on the website only within its dates, as for one FAQ.
 */
import type { FaqStatus } from '../../../../common/contract/faqs-paths.ts';
import { FaqQuery, faqsBulkActions } from '../../../../common/contract/faqs.ts';
import { bulkRowStep, parseListFilter } from '../../lib/bulk-rows.ts';
import { contractBulk, type BulkAction, type WorkContributions } from '../../lib/work-registry.ts';
import { faqsMatching, readFaq, updateFaq } from './store.ts';

function setStatus(def: (typeof faqsBulkActions)[keyof typeof faqsBulkActions], status: FaqStatus, already: string): BulkAction {
  return contractBulk(def, {
    page: 'faqs',
    select(db, _caller, filter, limit) {
      return faqsMatching(db, parseListFilter<FaqQuery>(FaqQuery, filter), limit);
    },
    labels: (db, _caller, ids) => db.query<{ id: number; label: string }>('SELECT f.id, f.question_en AS label FROM faqs f WHERE f.id = ANY($1::integer[]) ORDER BY f.category, f.position, f.id', [ids]),
    apply: (db, caller, id) =>
      bulkRowStep(db, {
        entity: 'faq',
        id,
        idempotencyKey: caller.idempotencyKey,
        read: (tx) => readFaq(tx, id),
        skip: (faq) => (faq.status === status ? already : null),
        act: (faq) =>
          updateFaq(
            db,
            id,
            {
              version: faq.version,
              category: faq.category,
              question_en: faq.question_en,
              answer_en: faq.answer_en,
              question_ar: faq.question_ar,
              answer_ar: faq.answer_ar,
              status,
              publish_from: faq.publish_from,
              publish_until: faq.publish_until,
            },
            { actorId: caller.id, idempotencyKey: caller.idempotencyKey },
          ),
      }),
  });
}

export const faqsWork: WorkContributions = { bulk: [setStatus(faqsBulkActions.publish, 'published', 'Already published.'), setStatus(faqsBulkActions.unpublish, 'draft', 'Already a draft.')] };
