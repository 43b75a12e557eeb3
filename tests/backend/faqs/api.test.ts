/**
 * FAQs through the back end's HTTP API, against the real Auth emulator and a real database: who may open them,
 * their order within a category, and only live ones shown to the website.
 */
import { describe, expect, it } from 'vitest';
import type { Faq, FaqList, PublicFaqs } from '../../../common/contract/faqs.ts';
import type { Role } from '../../../common/roles.ts';
import { backendFor } from '../support.ts';
import { unique } from '../enquiries/new-enquiry.ts';

const ROLES: Role[] = ['ADMIN', 'BD_EXEC', 'BD_MANAGER', 'MARKETING', 'HR_MANAGER', 'BOOKKEEPER', 'CLIENT'];
const backend = backendFor(ROLES, 'faqs');
const { get, send, auditKinds } = backend;

it('answers FAQs only to ADMIN, for reads and writes alike', async () => {
  await backend.expectOnly('/api/faqs/', ['ADMIN']);
  expect((await send('POST', '/api/faqs/', {}, 'HR_MANAGER')).statusCode).toBe(403);
});

describe('FAQs', () => {
  it('moves a FAQ up and down within its category and shows only live ones to the website', async () => {
    const category = `Test ${unique()}`;
    const made: Faq[] = [];
    for (const [index, status] of (['published', 'published', 'draft'] as const).entries()) {
      const response = await send('POST', '/api/faqs/', { category, question_en: `Question ${index}?`, answer_en: 'Answer.', question_ar: `سؤال ${index}؟`, answer_ar: 'جواب.', status, publish_from: null, publish_until: null });
      expect(response.statusCode, response.body).toBe(201);
      made.push(response.json<Faq>());
    }
    const order = async () => (await get(`/api/faqs/?category=${encodeURIComponent(category)}`)).json<FaqList>().results.map((faq) => faq.question_en);
    expect(await order()).toEqual(['Question 0?', 'Question 1?', 'Question 2?']);
    const moved = await send('POST', `/api/faqs/${made[2]!.id}/move`, { version: made[2]!.version, direction: 'up' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await order()).toEqual(['Question 0?', 'Question 2?', 'Question 1?']);
    await send('POST', `/api/faqs/${made[0]!.id}/move`, { version: made[0]!.version, direction: 'down' });
    expect(await order()).toEqual(['Question 2?', 'Question 0?', 'Question 1?']);
    const top = (await get(`/api/faqs/?category=${encodeURIComponent(category)}`)).json<FaqList>().results[0]!;
    await send('POST', `/api/faqs/${top.id}/move`, { version: top.version, direction: 'up' });
    expect(await order()).toEqual(['Question 2?', 'Question 0?', 'Question 1?']);
    // At the top nothing moves and nothing is recorded.
    expect(await auditKinds('faq', made[2]!.id)).toEqual(['faq_created', 'faq_moved']);
    const site = (await backend.app.inject({ method: 'GET', url: '/api/public/faqs' })).json<PublicFaqs>();
    const mine = site.categories.find((entry) => entry.category === category)!;
    expect(mine.faqs.map((faq) => faq.question_en)).toEqual(['Question 0?', 'Question 1?']);
    expect(mine.faqs[0]!.question_ar).toBe('سؤال 0؟');
  });
});
