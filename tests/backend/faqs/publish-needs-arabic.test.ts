/**
 * A published FAQ has both languages: publishing (on create, on edit, or by the bulk 'Publish') without the
 * Arabic question or answer is refused naming the field, a draft may wait for its Arabic, and the website
 * never gets an empty Arabic question (a row published before the rule stays off it).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Faq, PublicFaqs } from '../../../common/contract/faqs.ts';
import { auth, createUsers, startBackend, type TestUser } from '../support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let admin: TestUser;

const send = (method: 'POST' | 'PUT', url: string, body: Record<string, unknown>) => app.inject({ method, url, headers: auth(admin.token), payload: body });
const base = { category: 'Arabic rule', question_en: 'Do you file VAT returns?', answer_en: 'Yes, every quarter.', question_ar: '', answer_ar: '', publish_from: null, publish_until: null };

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  admin = (await createUsers(app, emulatorHost, ['ADMIN'], 'faq-arabic')).get('ADMIN')!;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('publishing a FAQ', () => {
  it('needs the Arabic question and answer; a draft may wait for them', async () => {
    const refused = await send('POST', '/api/faqs/', { ...base, status: 'published' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'question_ar', message: expect.stringContaining('Question (Arabic) must be filled in to publish') });
    expect((await send('POST', '/api/faqs/', { ...base, question_ar: 'هل تقدمون إقرارات ضريبة القيمة المضافة؟', status: 'published' })).json()).toMatchObject({ field: 'answer_ar' });

    const draft = await send('POST', '/api/faqs/', { ...base, status: 'draft' });
    expect(draft.statusCode, draft.body).toBe(201);
    const faq = draft.json<Faq>();
    const publish = await send('PUT', `/api/faqs/${faq.id}`, { ...base, version: faq.version, status: 'published' });
    expect(publish.json()).toMatchObject({ field: 'question_ar' });

    const done = await send('PUT', `/api/faqs/${faq.id}`, { ...base, version: faq.version, status: 'published', question_ar: 'هل تقدمون إقرارات ضريبة القيمة المضافة؟', answer_ar: 'نعم، كل ربع سنة.' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<Faq>()).toMatchObject({ status: 'published', live: true });

    // A row published before the rule without its Arabic never reaches the website.
    await app.db.query("UPDATE faqs SET question_ar = '' WHERE id = $1", [faq.id]);
    const site = (await app.inject({ method: 'GET', url: '/api/public/faqs' })).json<PublicFaqs>();
    const questions = JSON.stringify(site);
    expect(questions).not.toContain('Do you file VAT returns?');
  });
});
