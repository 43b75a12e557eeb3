/**
 * Website enquiries through the back end's HTTP API, against the real Auth emulator and a real database: who
 * may open the inbox, the website's public endpoints (validation, honeypot, closed posts), every status change
 * with its audit event, merge and convert-to-lead once, and the list of routes that answer without a token.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from '../../../common/contract/shared.ts';
import type { ConvertResponse, EnquiryCounts, EnquiryDetail, EnquiryItem } from '../../../common/contract/enquiries.ts';
import type { LeadDetail } from '../../../common/contract/crm.ts';
import type { NotificationRecord } from '../../../common/contract/notifications.ts';
import type { Role } from '../../../common/roles.ts';
import { backendFor } from '../support.ts';
import { newEnquiry as postEnquiry, publicPost as post, unique } from './new-enquiry.ts';

const ROLES: Role[] = ['ADMIN', 'BD_EXEC', 'BD_MANAGER', 'MARKETING', 'HR_MANAGER', 'BOOKKEEPER', 'CLIENT'];
const backend = backendFor(ROLES, 'enquiries');
const { get, send, auditKinds } = backend;
const newEnquiry = (kind?: string, extra?: object) => postEnquiry(backend, kind, extra);
const publicPost = (kind: string, payload: object) => post(backend.app, kind, payload);

it('answers the inbox only to its page roles', async () => {
  await backend.expectOnly('/api/enquiries/', ['ADMIN', 'BD_EXEC', 'BD_MANAGER', 'MARKETING']);
  expect((await get('/api/enquiries/counts/', 'HR_MANAGER')).statusCode).toBe(403);
});

describe('the website form post', () => {
  it('stores each kind with its own fields, tells the inbox live, and answers no input back', async () => {
    const marketing = backend.users.get('MARKETING')!;
    const [{ id: userId }] = (await backend.app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [marketing.email])) as [{ id: number }];
    const enquiry = await newEnquiry('fundability', { company_size: '11-50', revenue_band: '1m_5m' });
    expect(enquiry).toMatchObject({ kind: 'fundability', status: 'new', details: { company_size: '11-50', revenue_band: '1m_5m' }, version: 1 });
    expect(await auditKinds('enquiry', enquiry.id)).toEqual(['enquiry_received']);
    const [notice] = await backend.app.db.query<NotificationRecord>('SELECT kind, link FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [userId]);
    expect(notice).toMatchObject({ kind: 'enquiry_received', link: `/fundability/${enquiry.id}` });
    const difc = await newEnquiry('difc', { licence_number: 'CL12345' });
    expect(difc.details).toEqual({ licence_number: 'CL12345' });
    const response = await publicPost('contactus', { name: '<script>alert(1)</script>', email: `x-${unique()}@example.test` });
    expect(response.json()).toEqual({ received: true });
    expect(response.body).not.toContain('script');
  });

  it('refuses bad input naming the field', async () => {
    const email = `bad-${unique()}@example.test`;
    const cases: [string, object, string][] = [
      ['contactus', { email }, 'name'],
      ['contactus', { name: 'A', email: 'not-an-address' }, 'email'],
      ['contactus', { name: 'A', email, topic: 'vat' }, 'topic'],
      ['fundability', { name: 'A', email, company_size: '1-10' }, 'revenue_band'],
      ['difc', { name: 'A', email }, 'licence_number'],
      ['contactus', { name: 'A', email, phone: 'call me' }, 'phone'],
      ['contactus', { name: 'A', email, extra: 1 }, 'extra'],
      ['contactus', { name: 'A', email, message: 'x'.repeat(4001) }, 'message'],
    ];
    for (const [kind, body, field] of cases) {
      const response = await publicPost(kind, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'INVALID_INPUT', field });
    }
    expect((await publicPost('newsletter', { name: 'A', email })).statusCode).toBe(400);
    expect((await get(`/api/enquiries/?search=${email}`)).json<Page<EnquiryItem>>().count).toBe(0);
  });

  it('drops a filled honeypot silently: the same answer, nothing stored', async () => {
    const email = `bot-${unique()}@example.test`;
    const before = (await backend.app.db.query<{ count: number }>('SELECT count(*)::integer AS count FROM enquiries'))[0]!.count;
    const response = await publicPost('contactus', { name: 'Bot', email, website: 'http://spam.example' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ received: true });
    expect((await backend.app.db.query<{ count: number }>('SELECT count(*)::integer AS count FROM enquiries'))[0]!.count).toBe(before);
  });
});

describe('the enquiries inbox', () => {
  it('changes status through every value with an audit event each, closes only with a reason, and refuses a stale version', async () => {
    let enquiry = await newEnquiry();
    for (const status of ['contacted', 'qualified', 'spam', 'new'] as const) {
      const response = await send('POST', `/api/enquiries/${enquiry.id}/status`, { version: enquiry.version, status }, 'BD_EXEC');
      expect(response.statusCode, response.body).toBe(200);
      enquiry = response.json<EnquiryItem>();
      expect(enquiry.status).toBe(status);
    }
    const noReason = await send('POST', `/api/enquiries/${enquiry.id}/status`, { version: enquiry.version, status: 'closed' });
    expect(noReason.json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'reason' });
    const closed = await send('POST', `/api/enquiries/${enquiry.id}/status`, { version: enquiry.version, status: 'closed', reason: 'Chose another provider' });
    expect(closed.json<EnquiryItem>()).toMatchObject({ status: 'closed', close_reason: 'Chose another provider' });
    const stale = await send('POST', `/api/enquiries/${enquiry.id}/status`, { version: enquiry.version, status: 'new' });
    expect(stale.statusCode).toBe(409);
    expect(await auditKinds('enquiry', enquiry.id)).toEqual(['enquiry_received', ...Array(5).fill('enquiry_status_changed')]);
  });

  it('assigns, takes notes, filters by the URL query, counts new ones and exports CSV', async () => {
    const enquiry = await newEnquiry('talktoexpert', { topic: 'vat' });
    const [{ id: bdExec }] = (await backend.app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [backend.users.get('BD_EXEC')!.email])) as [{ id: number }];
    const assigned = await send('POST', `/api/enquiries/${enquiry.id}/assign`, { version: 1, assignee_id: bdExec });
    expect(assigned.json<EnquiryItem>().assignee?.id).toBe(bdExec);
    const hr = (await backend.app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [backend.users.get('HR_MANAGER')!.email]))[0]!.id;
    expect((await send('POST', `/api/enquiries/${enquiry.id}/assign`, { version: 2, assignee_id: hr })).json()).toMatchObject({ field: 'assignee_id' });
    const noted = await send('POST', `/api/enquiries/${enquiry.id}/notes`, { text: 'Called, wants a quote.' });
    expect(noted.json<EnquiryDetail>().history.map((event) => event.kind)).toEqual(['enquiry_received', 'enquiry_assigned', 'enquiry_note_added']);
    const mine = (await get(`/api/enquiries/?kind=talktoexpert&assignee_id=${bdExec}`)).json<Page<EnquiryItem>>();
    expect(mine.results.map((item) => item.id)).toContain(enquiry.id);
    expect(mine.results.every((item) => item.kind === 'talktoexpert' && item.assignee?.id === bdExec)).toBe(true);
    const counts = (await get('/api/enquiries/counts/')).json<EnquiryCounts>();
    expect(counts.new_by_kind.talktoexpert).toBeGreaterThan(0);
    expect(counts.new_total).toBe(Object.values(counts.new_by_kind).reduce((sum, count) => sum + count, 0));
    const csv = await get(`/api/enquiries/export/?search=${encodeURIComponent(enquiry.email)}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(csv.body).toContain(enquiry.email);
    // Details in words, the time received in Dubai time with its zone (the convention of every export).
    expect(csv.body).toContain('Topic: VAT');
    expect(csv.body).not.toContain('topic: vat');
    expect(csv.body).toMatch(/,\d{4}-\d{2}-\d{2} \d{2}:\d{2} \+04:00,Talk to an expert,/);
  });

  it('shows matches by e-mail and merges a duplicate into the earlier enquiry, both kept in its history', async () => {
    const first = await newEnquiry();
    await publicPost('cfo-enquiries', { name: 'Samira Haddad', email: first.email, service: 'fundraising', message: 'Second form.' });
    const second = (await get(`/api/enquiries/?kind=cfo-enquiries&search=${encodeURIComponent(first.email)}`)).json<Page<EnquiryItem>>().results[0]!;
    const detail = (await get(`/api/enquiries/${second.id}`)).json<EnquiryDetail>();
    expect(detail.matches).toContainEqual(expect.objectContaining({ type: 'enquiry', id: first.id, matched_on: expect.arrayContaining(['email']), link: `/contactus/${first.id}` }));
    expect((await send('POST', `/api/enquiries/${first.id}/merge`, { version: first.version, into_id: second.id })).json()).toMatchObject({ field: 'into_id' });
    const merged = await send('POST', `/api/enquiries/${second.id}/merge`, { version: second.version, into_id: first.id });
    expect(merged.json<EnquiryItem>()).toMatchObject({ merged_into_id: first.id, status: 'closed' });
    const target = (await get(`/api/enquiries/${first.id}`)).json<EnquiryDetail>();
    expect(target.history.find((event) => event.kind === 'enquiry_merged')?.data).toMatchObject({ from_id: second.id, message: 'Second form.' });
    expect(await auditKinds('enquiry', second.id)).toContain('enquiry_merged');
  });

  it('converts to a lead once, linked both ways', async () => {
    const enquiry = await newEnquiry('cfo-enquiries', { service: 'fractional_cfo' });
    const converted = await send('POST', `/api/enquiries/${enquiry.id}/convert`, { version: enquiry.version }, 'MARKETING');
    expect(converted.statusCode, converted.body).toBe(200);
    const { lead_id: leadId, enquiry: after } = converted.json<ConvertResponse>();
    expect(after).toMatchObject({ lead_id: leadId, status: 'qualified' });
    const lead = (await get(`/api/crm/leads/${leadId}`)).json<LeadDetail>().lead;
    expect(lead).toMatchObject({ enquiry_id: enquiry.id, source: 'cfo-enquiries', email: enquiry.email, stage: 'new' });
    // The enquiry's message and details, in words, are the lead's first note.
    const activities = (await get(`/api/crm/leads/${leadId}`)).json<LeadDetail>().activities;
    expect(activities).toHaveLength(1);
    expect(activities[0]).toMatchObject({ kind: 'note' });
    expect(activities[0]!.text).toContain('Service: Fractional CFO');
    if (enquiry.message) expect(activities[0]!.text).toContain(enquiry.message);
    const again = await send('POST', `/api/enquiries/${enquiry.id}/convert`, { version: after.version }, 'MARKETING');
    expect(again.statusCode).toBe(409);
    expect((await backend.app.db.query('SELECT id FROM leads WHERE enquiry_id = $1', [enquiry.id])).length).toBe(1);
    expect(await auditKinds('enquiry', enquiry.id)).toEqual(['enquiry_received', 'enquiry_converted']);
    expect(await auditKinds('lead', leadId)).toEqual(['lead_created']);
  });
});

describe('the public routes', () => {
  it('are exactly the issue\'s five: every other route answers 401 without a token', async () => {
    const open = backend.app.routeTable.filter((route) => route.config?.access?.kind === 'public' && String(route.url).startsWith('/api/') && route.method !== 'HEAD');
    expect(open.map((route) => `${String(route.method)} ${route.url}`).sort()).toEqual([
      'GET /api/public/faqs',
      'GET /api/public/jobs',
      'GET /api/public/jobs/:id',
      'POST /api/public/enquiries/:kind',
      'POST /api/public/jobs/:id/applications',
    ]);
    const problems: string[] = [];
    for (const route of backend.app.routeTable) {
      const url = String(route.url);
      if (!url.startsWith('/api/') || route.config?.access?.kind === 'public') continue;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        const response = await backend.app.inject({ method: method as 'GET', url: url.replace(/:(\w+)/g, '1') });
        if (response.statusCode !== 401) problems.push(`${method} ${url}: ${response.statusCode}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
