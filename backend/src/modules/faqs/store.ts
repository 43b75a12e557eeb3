/**
 * FAQs: the list in display order (category, then position), add, edit, move up or down within the category
 * (two rows swap positions under their locks), and what the website reads: the published ones within their
 * dates today (Dubai). No HTTP here.
 */
import { FaqFields, type Faq, type FaqStatus, type MoveFaqBody, type NewFaqBody, type PublicFaqs, type UpdateFaqBody } from '../../../../common/contract/faqs.ts';
import { ARABIC_MISSING } from '../../../../common/contract/faqs-paths.ts';
import { dubaiDate } from '../../../../common/calendar.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { writeRecord, type ActionContext } from '../../lib/action.ts';
import { createdWithKey, writeAudit } from '../../lib/audit.ts';
import { HttpError, invalidInput, notFound } from '../../lib/http-error.ts';
import { containsPattern } from '../../lib/pagination.ts';
import { SqlFilter } from '../../lib/sql-filter.ts';
import { assignList, insertList, selectList } from '../../lib/table.ts';
import { FAQ_CONTENT_FIELDS, FAQ_LOCK_FIELDS, FAQ_ROW_FIELDS, FAQ_WRITE_FIELDS, faqsTable, PUBLIC_FAQ_FIELDS, type FaqColumns } from './table.ts';

// Live: published, within its window, and in both languages (a row published before that rule without its Arabic stays off the website).
const liveSql = (today: string) => `(f.status = 'published' AND f.question_ar <> '' AND f.answer_ar <> '' AND (f.publish_from IS NULL OR f.publish_from <= ${today}::date) AND (f.publish_until IS NULL OR f.publish_until >= ${today}::date))`;
const COLUMNS = (today: string) => `${selectList(faqsTable, 'f', FAQ_ROW_FIELDS)}, ${liveSql(today)} AS live`;
type Row = Pick<FaqColumns, (typeof FAQ_ROW_FIELDS)[number]> & { live: boolean };
const NEW_FAQ = insertList(FAQ_WRITE_FIELDS);
// The form's values; a new FAQ's position is taken in SQL beside them, under the category's lock.
const NEW_FAQ_VALUES = insertList(FAQ_CONTENT_FIELDS).values.slice(1, -1);
const FAQ_EDIT = assignList(FAQ_WRITE_FIELDS, 2);
const toFaq = ({ updated_at, ...row }: Row): Faq => ({ ...row, updated_at: updated_at.toISOString() });

export interface FaqFilters {
  category?: string;
  status?: FaqStatus;
  search?: string;
}

function faqFilter(filters: FaqFilters): SqlFilter {
  const filter = new SqlFilter();
  if (filters.category) filter.add((p) => `f.category = ${p}`, filters.category);
  if (filters.status) filter.add((p) => `f.status = ${p}`, filters.status);
  const search = filters.search?.trim() ?? '';
  if (search) {
    filter.add(
      (p) => `(lower(f.question_en) LIKE ${p} ESCAPE '\\' OR lower(f.answer_en) LIKE ${p} ESCAPE '\\' OR lower(f.question_ar) LIKE ${p} ESCAPE '\\' OR lower(f.answer_ar) LIKE ${p} ESCAPE '\\')`,
      containsPattern(search),
    );
  }
  return filter;
}

export async function listFaqs(db: Queryable, filters: FaqFilters, now = new Date()): Promise<Faq[]> {
  const filter = faqFilter(filters);
  const today = `$${filter.params.length + 1}`;
  const rows = await db.query<Row>(`SELECT ${COLUMNS(today)} FROM faqs f ${filter.where} ORDER BY f.category, f.position, f.id LIMIT 1000`, [...filter.params, dubaiDate(now)]);
  return rows.map(toFaq);
}

/** The FAQs the list's filter selects (ids and questions), in the list's order: a bulk action's 'all matching'. */
export async function faqsMatching(db: Queryable, filters: FaqFilters, limit: number): Promise<{ id: number; label: string }[]> {
  const filter = faqFilter(filters);
  return db.query<{ id: number; label: string }>(`SELECT f.id, f.question_en AS label FROM faqs f ${filter.where} ORDER BY f.category, f.position, f.id LIMIT ${limit}`, filter.params);
}

export async function faqCategories(db: Queryable): Promise<string[]> {
  return (await db.query<{ category: string }>('SELECT DISTINCT category FROM faqs ORDER BY category')).map((row) => row.category);
}

export async function readFaq(db: Queryable, id: number, now = new Date()): Promise<Faq> {
  const [row] = await db.query<Row>(`SELECT ${COLUMNS('$2')} FROM faqs f WHERE f.id = $1`, [id, dubaiDate(now)]);
  if (!row) throw notFound('FAQ');
  return toFaq(row);
}

function clean(body: NewFaqBody) {
  const category = body.category.trim();
  if (category === '') throw invalidInput('category', 'must not be blank');
  if (body.question_en.trim() === '') throw invalidInput('question_en', 'must not be blank');
  if (body.answer_en.trim() === '') throw invalidInput('answer_en', 'must not be blank');
  // A published FAQ has both languages (common/contract/faqs.ts): the website never gets an empty Arabic question.
  if (body.status === 'published') {
    // Named as the form and the schema label them ('Question (Arabic)').
    for (const field of ['question_ar', 'answer_ar'] as const) {
      if (body[field].trim() === '') throw new HttpError(400, 'INVALID_INPUT', `${(FaqFields[field] as { title?: string }).title} ${ARABIC_MISSING}.`, field);
    }
  }
  if (body.publish_from && body.publish_until && body.publish_until < body.publish_from) throw invalidInput('publish_until', 'must not be before the publishing start');
  return { ...body, category, question_en: body.question_en.trim(), answer_en: body.answer_en.trim(), question_ar: body.question_ar.trim(), answer_ar: body.answer_ar.trim() };
}

export async function createFaq(db: Database, body: NewFaqBody, context: ActionContext): Promise<Faq> {
  const faq = clean(body);
  return db.transaction(async (tx) => {
    const seen = await createdWithKey(tx, 'faq', 'faq_created', context.actorId, context.idempotencyKey);
    if (seen !== null) return readFaq(tx, seen);
    // Serialises additions to one category, so two cannot take the same last position.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`faqs:${faq.category}`]);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO faqs ${NEW_FAQ.columns}
       VALUES (${NEW_FAQ_VALUES}, (SELECT coalesce(max(position), 0) + 1 FROM faqs WHERE category = $1)) RETURNING id`,
      [faq.category, faq.question_en, faq.answer_en, faq.question_ar, faq.answer_ar, faq.status, faq.publish_from, faq.publish_until],
    );
    await writeAudit(tx, { entity: 'faq', entityId: row!.id, kind: 'faq_created', actorId: context.actorId, data: { category: faq.category }, idempotencyKey: context.idempotencyKey });
    return readFaq(tx, row!.id);
  });
}

const lockFaq = async (tx: Queryable, id: number) => {
  const [row] = await tx.query<Pick<FaqColumns, (typeof FAQ_LOCK_FIELDS)[number]>>(`SELECT ${selectList(faqsTable, null, FAQ_LOCK_FIELDS)} FROM faqs WHERE id = $1 FOR UPDATE`, [id]);
  if (!row) throw notFound('FAQ');
  return row;
};
const STALE = 'This FAQ was changed by someone else. Reload it and try again.';

export async function updateFaq(db: Database, id: number, body: UpdateFaqBody, context: ActionContext): Promise<Faq> {
  const { version, ...fields } = body;
  const faq = clean(fields);
  return writeRecord(db, {
    entity: 'faq',
    context,
    version,
    conflictMessage: STALE,
    lock: (tx) => lockFaq(tx, id),
    act: async (tx, row) => {
      // A FAQ moved to another category goes to its end.
      const position = row.category === faq.category ? row.position : (await tx.query<{ next: number }>('SELECT coalesce(max(position), 0) + 1 AS next FROM faqs WHERE category = $1', [faq.category]))[0]!.next;
      await tx.query(
        `UPDATE faqs SET ${FAQ_EDIT},
           updated_at = CURRENT_TIMESTAMP, version = version + 1 WHERE id = $1`,
        [id, faq.category, faq.question_en, faq.answer_en, faq.question_ar, faq.answer_ar, faq.status, faq.publish_from, faq.publish_until, position],
      );
      await writeAudit(tx, { entity: 'faq', entityId: id, kind: 'faq_updated', actorId: context.actorId, data: { status: faq.status }, idempotencyKey: context.idempotencyKey });
    },
    read: (tx) => readFaq(tx, id),
  });
}

/** Swaps the FAQ with its neighbour above or below in its category; at either end nothing moves. */
export async function moveFaq(db: Database, id: number, body: MoveFaqBody, context: ActionContext): Promise<Faq> {
  return writeRecord(db, {
    entity: 'faq',
    context,
    version: body.version,
    conflictMessage: STALE,
    lock: async (tx) => {
      const row = await lockFaq(tx, id);
      // The whole category, in order: a concurrent move in it waits here.
      await tx.query('SELECT id FROM faqs WHERE category = $1 ORDER BY id FOR UPDATE', [row.category]);
      return row;
    },
    act: async (tx, row) => {
      const [neighbour] = await tx.query<{ id: number; position: number }>(
        body.direction === 'up'
          ? 'SELECT id, position FROM faqs WHERE category = $1 AND (position, id) < ($2, $3) ORDER BY position DESC, id DESC LIMIT 1'
          : 'SELECT id, position FROM faqs WHERE category = $1 AND (position, id) > ($2, $3) ORDER BY position, id LIMIT 1',
        [row.category, row.position, row.id],
      );
      if (!neighbour) return;
      const [mine, theirs] = neighbour.position === row.position ? (body.direction === 'up' ? [row.position - 1, row.position] : [row.position + 1, row.position]) : [neighbour.position, row.position];
      await tx.query('UPDATE faqs SET position = $2, version = version + 1, updated_at = CURRENT_TIMESTAMP WHERE id = $1', [id, mine]);
      await tx.query('UPDATE faqs SET position = $2, version = version + 1, updated_at = CURRENT_TIMESTAMP WHERE id = $1', [neighbour.id, theirs]);
      await writeAudit(tx, { entity: 'faq', entityId: id, kind: 'faq_moved', actorId: context.actorId, data: { direction: body.direction, swapped_with: neighbour.id }, idempotencyKey: context.idempotencyKey });
    },
    read: (tx) => readFaq(tx, id),
  });
}

export async function publicFaqs(db: Queryable, now = new Date()): Promise<PublicFaqs> {
  const rows = await db.query<Pick<FaqColumns, (typeof PUBLIC_FAQ_FIELDS)[number]>>(
    `SELECT ${selectList(faqsTable, 'f', PUBLIC_FAQ_FIELDS)} FROM faqs f WHERE ${liveSql('$1')} ORDER BY f.category, f.position, f.id`,
    [dubaiDate(now)],
  );
  const categories: PublicFaqs['categories'] = [];
  for (const { category, ...faq } of rows) {
    const last = categories.at(-1);
    if (last?.category === category) last.faqs.push(faq);
    else categories.push({ category, faqs: [faq] });
  }
  return { categories };
}
