/**
 * Growth and content (issue 21) through the back end's HTTP API, against the real Auth emulator and a real
 * database: who may open what (per role and endpoint), the website's public endpoints (validation, honeypot,
 * closed posts), every enquiry status change with its audit event, merge, convert-to-lead once, the lead's
 * stages and 'Won: invite to register' to a signed_up registration, follow-up notices sent exactly once, job
 * posts and applications with their CVs, FAQ order, and the list of routes that answer without a token.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from '../../common/contract/shared.ts';
import type { ConvertResponse, EnquiryCounts, EnquiryDetail, EnquiryItem } from '../../common/contract/enquiries.ts';
import type { Board, InviteLeadResponse, LeadDetail, LeadItem } from '../../common/contract/crm.ts';
import type { Application, ApplicationDetail, JobPost, PublicJob } from '../../common/contract/careers.ts';
import type { Faq, FaqList, PublicFaqs } from '../../common/contract/faqs.ts';
import type { NotificationRecord } from '../../common/contract/notifications.ts';
import type { Role } from '../../common/roles.ts';
import { addDays, dubaiDate } from '../../common/calendar.ts';
import { sendFollowUpNotices } from '../../backend/src/modules/crm/index.ts';
import { makePdf } from '../../backend/src/demo/files.ts';
import { auth, createUsers, startBackend, type TestUser } from './support.ts';

const emulatorHost = inject('authEmulatorHost');
let app: FastifyInstance;
let users: Map<Role, TestUser>;

const ROLES: Role[] = ['ADMIN', 'BD_EXEC', 'BD_MANAGER', 'MARKETING', 'HR_MANAGER', 'BOOKKEEPER', 'CLIENT'];
const as = (role: Role) => auth(users.get(role)!.token);
const get = (url: string, role: Role = 'ADMIN') => app.inject({ method: 'GET', url, headers: as(role) });
const send = (method: 'POST' | 'PUT', url: string, payload: object, role: Role = 'ADMIN', headers: Record<string, string> = {}) =>
  app.inject({ method, url, headers: { ...as(role), ...headers }, payload });
const unique = () => randomUUID().slice(0, 8);
const publicPost = (kind: string, payload: object) => app.inject({ method: 'POST', url: `/api/public/enquiries/${kind}`, payload });
const auditKinds = async (entity: string, id: number) =>
  (await app.db.query<{ kind: string }>('SELECT kind FROM audit_events WHERE entity = $1 AND entity_id = $2 ORDER BY id', [entity, id])).map((row) => row.kind);

async function newEnquiry(kind = 'contactus', extra: object = {}): Promise<EnquiryItem> {
  const email = `growth-${unique()}@example.test`;
  const response = await publicPost(kind, { name: 'Samira Haddad', email, company: `Test Co ${unique()}`, message: 'Please call me.', ...extra });
  expect(response.statusCode, response.body).toBe(202);
  const list = (await get(`/api/enquiries/?search=${encodeURIComponent(email)}`)).json<Page<EnquiryItem>>();
  expect(list.count).toBe(1);
  return list.results[0]!;
}

function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer; field?: string }): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----growth${unique()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'cv'}"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`), file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const apply = (jobId: number, fields: Record<string, string>, file?: { name: string; content: Buffer; field?: string }) => {
  const { payload, headers } = multipart(fields, file);
  return app.inject({ method: 'POST', url: `/api/public/jobs/${jobId}/applications`, headers, payload });
};
const CV = makePdf('Curriculum vitae', ['Test applicant']);

beforeAll(async () => {
  app = await startBackend(emulatorHost);
  users = await createUsers(app, emulatorHost, ROLES, 'growth');
  for (const user of users.values()) await app.inject({ method: 'GET', url: '/api/users/me', headers: auth(user.token) });
}, 180_000);

afterAll(async () => {
  await app?.close();
});

describe('who may open what', () => {
  const cases: [string, Role[]][] = [
    ['/api/enquiries/', ['ADMIN', 'BD_EXEC', 'BD_MANAGER', 'MARKETING']],
    ['/api/crm/leads/', ['ADMIN', 'BD_MANAGER', 'MARKETING']],
    ['/api/careers/jobs/', ['ADMIN', 'HR_MANAGER']],
    ['/api/faqs/', ['ADMIN']],
  ];
  it.each(cases)('%s answers only its page roles', async (url, allowed) => {
    for (const role of ROLES) {
      const response = await get(url, role);
      expect(response.statusCode, `${role} ${url}`).toBe(allowed.includes(role) ? 200 : 403);
    }
  });

  it('MARKETING cannot open careers and HR cannot open the CRM, for reads and writes alike', async () => {
    expect((await get('/api/careers/jobs/1', 'MARKETING')).statusCode).toBe(403);
    expect((await send('POST', '/api/careers/jobs/', {}, 'MARKETING')).statusCode).toBe(403);
    expect((await get('/api/crm/board/', 'HR_MANAGER')).statusCode).toBe(403);
    expect((await send('POST', '/api/crm/leads/1/stage', { version: 1, stage: 'contacted' }, 'HR_MANAGER')).statusCode).toBe(403);
    expect((await send('POST', '/api/faqs/', {}, 'HR_MANAGER')).statusCode).toBe(403);
    expect((await get('/api/enquiries/counts/', 'HR_MANAGER')).statusCode).toBe(403);
  });
});

describe('the website form post', () => {
  it('stores each kind with its own fields, tells the inbox live, and answers no input back', async () => {
    const marketing = users.get('MARKETING')!;
    const [{ id: userId }] = (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [marketing.email])) as [{ id: number }];
    const enquiry = await newEnquiry('fundability', { company_size: '11-50', revenue_band: '1m_5m' });
    expect(enquiry).toMatchObject({ kind: 'fundability', status: 'new', details: { company_size: '11-50', revenue_band: '1m_5m' }, version: 1 });
    expect(await auditKinds('enquiry', enquiry.id)).toEqual(['enquiry_received']);
    const [notice] = await app.db.query<NotificationRecord>('SELECT kind, link FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT 1', [userId]);
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
    const before = (await app.db.query<{ count: number }>('SELECT count(*)::integer AS count FROM enquiries'))[0]!.count;
    const response = await publicPost('contactus', { name: 'Bot', email, website: 'http://spam.example' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ received: true });
    expect((await app.db.query<{ count: number }>('SELECT count(*)::integer AS count FROM enquiries'))[0]!.count).toBe(before);
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
    const [{ id: bdExec }] = (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [users.get('BD_EXEC')!.email])) as [{ id: number }];
    const assigned = await send('POST', `/api/enquiries/${enquiry.id}/assign`, { version: 1, assignee_id: bdExec });
    expect(assigned.json<EnquiryItem>().assignee?.id).toBe(bdExec);
    const hr = (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [users.get('HR_MANAGER')!.email]))[0]!.id;
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
    expect((await app.db.query('SELECT id FROM leads WHERE enquiry_id = $1', [enquiry.id])).length).toBe(1);
    expect(await auditKinds('enquiry', enquiry.id)).toEqual(['enquiry_received', 'enquiry_converted']);
    expect(await auditKinds('lead', leadId)).toEqual(['lead_created']);
  });
});

describe('the CRM', () => {
  async function newLead(role: Role = 'BD_MANAGER'): Promise<LeadItem> {
    const response = await send('POST', '/api/crm/leads/', {
      company: `Won Co ${unique()} LLC`,
      contact_name: 'Omar Saleh',
      email: `lead-${unique()}@example.test`,
      source: 'referral',
      owner_id: null,
      monthly_value_fils: 275_000,
      next_follow_up: null,
    }, role);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<LeadItem>();
  }

  it('edits a lead as one audited write: text trimmed, email lower-cased, a blank phone stored as none, a stale version refused', async () => {
    const lead = await newLead();
    const body = { version: lead.version, company: '  Edited Co LLC ', contact_name: ' Mona Hadi ', email: ' Mona@Example.TEST ', phone: '   ', owner_id: null, monthly_value_fils: 300_000, next_follow_up: '2031-03-04' };
    const edited = await send('PUT', `/api/crm/leads/${lead.id}`, body);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<LeadItem>()).toMatchObject({ company: 'Edited Co LLC', contact_name: 'Mona Hadi', email: 'mona@example.test', phone: null, monthly_value_fils: 300_000, next_follow_up: '2031-03-04', version: lead.version + 1 });
    expect((await send('PUT', `/api/crm/leads/${lead.id}`, body)).statusCode).toBe(409);
    expect(await auditKinds('lead', lead.id)).toEqual(['lead_created', 'lead_updated']);
  });

  it('moves a lead through the stages with an audit event each, refuses won by drag, and needs a reason to lose', async () => {
    let lead = await newLead();
    for (const stage of ['contacted', 'call_booked', 'proposal_sent'] as const) {
      lead = (await send('POST', `/api/crm/leads/${lead.id}/stage`, { version: lead.version, stage })).json<LeadItem>();
      expect(lead.stage).toBe(stage);
    }
    expect((await send('POST', `/api/crm/leads/${lead.id}/stage`, { version: lead.version, stage: 'won' })).json()).toMatchObject({ field: 'stage' });
    expect((await send('POST', `/api/crm/leads/${lead.id}/stage`, { version: lead.version, stage: 'lost' })).json()).toMatchObject({ field: 'reason' });
    const activity = await send('POST', `/api/crm/leads/${lead.id}/activities`, { kind: 'call', at: new Date().toISOString(), text: 'Discussed the proposal.' });
    expect(activity.json<LeadDetail>().activities[0]).toMatchObject({ kind: 'call', text: 'Discussed the proposal.' });
    expect(await auditKinds('lead', lead.id)).toEqual(['lead_created', 'lead_stage_changed', 'lead_stage_changed', 'lead_stage_changed', 'lead_activity_added']);
    const board = (await get('/api/crm/board/')).json<Board>();
    const column = board.columns.find((entry) => entry.stage === 'proposal_sent')!;
    expect(column.leads.map((item) => item.id)).toContain(lead.id);
    expect(column.total_fils).toBe(Number((await app.db.query<{ total: string }>("SELECT sum(monthly_value_fils)::text AS total FROM leads WHERE stage = 'proposal_sent'"))[0]!.total));
  });

  it("'Won: invite to register' creates the client's account and a signed_up registration, linked both ways, once", async () => {
    const lead = await newLead();
    const response = await send('POST', `/api/crm/leads/${lead.id}/invite`, { version: lead.version }, 'BD_MANAGER', { 'idempotency-key': `invite-${lead.id}` });
    expect(response.statusCode, response.body).toBe(200);
    const { lead: won, set_password_link: link } = response.json<InviteLeadResponse>();
    expect(link).toMatch(/\/users\/set-password\?mode=resetPassword&oobCode=/);
    expect(won.stage).toBe('won');
    expect(won.registration).not.toBeNull();
    const [registration] = await app.db.query<{ stage: string; status: string; legal_name: string; email: string; role: string; firebase_uid: string | null }>(
      'SELECT r.stage, r.status, r.legal_name, u.email, u.role, u.firebase_uid FROM registrations r JOIN users u ON u.id = r.user_id WHERE r.id = $1',
      [won.registration!.id],
    );
    expect(registration).toMatchObject({ stage: 'signed_up', status: 'active', legal_name: lead.company, email: lead.email, role: 'CLIENT' });
    expect(registration!.firebase_uid).not.toBeNull();
    const [reached] = await app.db.query<{ data: Record<string, unknown> }>("SELECT data FROM audit_events WHERE entity = 'registration' AND entity_id = $1 AND kind = 'stage_reached'", [won.registration!.id]);
    expect(reached!.data).toMatchObject({ stage: 'signed_up', source: 'crm', lead_id: lead.id });
    const list = (await get(`/api/registrations/?stage=signed_up&search=${encodeURIComponent(lead.company)}`, 'BD_MANAGER')).json<Page<{ legal_name: string }>>();
    expect(list.results.map((item) => item.legal_name)).toEqual([lead.company]);
    // The same request again (a retry) answers the same lead; a new one is refused.
    const retried = await send('POST', `/api/crm/leads/${lead.id}/invite`, { version: lead.version }, 'BD_MANAGER', { 'idempotency-key': `invite-${lead.id}` });
    expect(retried.json<InviteLeadResponse>().lead.registration?.id).toBe(won.registration!.id);
    expect((await send('POST', `/api/crm/leads/${lead.id}/invite`, { version: won.version })).statusCode).toBe(409);
    expect((await app.db.query('SELECT id FROM registrations WHERE legal_name = $1', [lead.company])).length).toBe(1);
    expect(await auditKinds('lead', lead.id)).toEqual(['lead_created', 'lead_won']);
  });

  it('tells the owner of a passed follow-up once, and again for a new date', async () => {
    const [{ id: owner }] = (await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [users.get('BD_MANAGER')!.email])) as [{ id: number }];
    const lead = await newLead();
    const yesterday = addDays(dubaiDate(new Date()), -1);
    const updated = await send('PUT', `/api/crm/leads/${lead.id}`, { version: lead.version, company: lead.company, contact_name: lead.contact_name, email: lead.email, phone: null, owner_id: owner, monthly_value_fils: 1, next_follow_up: yesterday });
    expect(updated.statusCode, updated.body).toBe(200);
    const notices = async () => (await app.db.query<{ count: number }>("SELECT count(*)::integer AS count FROM notifications WHERE user_id = $1 AND kind = 'lead_follow_up_due' AND link = $2", [owner, `/crm/leads/${lead.id}`]))[0]!.count;
    const [first, second] = await Promise.all([sendFollowUpNotices(app.db), sendFollowUpNotices(app.db)]);
    expect(first + second).toBeGreaterThan(0);
    await sendFollowUpNotices(app.db);
    expect(await notices()).toBe(1);
    await app.db.query('UPDATE leads SET next_follow_up = $2 WHERE id = $1', [lead.id, addDays(yesterday, -1)]);
    await sendFollowUpNotices(app.db);
    expect(await notices()).toBe(2);
  });
});

describe('careers', () => {
  const job = {
    title: 'Payroll Specialist',
    department: 'Accounting',
    location: 'dubai_office',
    employment_type: 'full_time',
    description: 'Run payroll for 40 clients.\nWPS experience needed.',
    status: 'draft',
    publish_from: null,
    publish_until: null,
  };

  it('publishes a post to the website, takes applications with a PDF CV, and refuses them once closed or expired', async () => {
    const created = await send('POST', '/api/careers/jobs/', job, 'HR_MANAGER');
    expect(created.statusCode, created.body).toBe(201);
    let post = created.json<JobPost>();
    expect(post.open).toBe(false);
    expect((await app.inject({ method: 'GET', url: `/api/public/jobs/${post.id}` })).statusCode).toBe(404);
    expect((await apply(post.id, { name: 'Ravi Menon', email: 'ravi@example.test', phone: '+971 50 1234567' }, { name: 'cv.pdf', content: CV })).statusCode).toBe(409);

    post = (await send('PUT', `/api/careers/jobs/${post.id}`, { ...job, version: post.version, status: 'published' }, 'HR_MANAGER')).json<JobPost>();
    expect(post.open).toBe(true);
    const listed = (await app.inject({ method: 'GET', url: '/api/public/jobs' })).json<PublicJob[]>();
    expect(listed.map((entry) => entry.id)).toContain(post.id);

    const accepted = await apply(post.id, { name: 'Ravi Menon', email: 'ravi@example.test', phone: '+971 50 1234567', cover_note: 'Five years of WPS payroll.' }, { name: 'Ravi CV.pdf', content: CV });
    expect(accepted.statusCode, accepted.body).toBe(202);
    const notPdf = await apply(post.id, { name: 'Ravi Menon', email: 'ravi@example.test', phone: '+971 50 1234567' }, { name: 'cv.pdf', content: Buffer.from('MZ not a pdf at all') });
    expect(notPdf.json()).toMatchObject({ errorCode: 'INVALID_INPUT', field: 'cv' });
    const noCv = await apply(post.id, { name: 'Ravi Menon', email: 'ravi@example.test', phone: '+971 50 1234567' });
    expect(noCv.json()).toMatchObject({ field: 'cv' });
    const tooBig = await apply(post.id, { name: 'Ravi Menon', email: 'ravi@example.test', phone: '+971 50 1234567' }, { name: 'cv.pdf', content: Buffer.concat([CV, Buffer.alloc(5 * 1024 * 1024)]) });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ field: 'cv' });
    const honeypot = await apply(post.id, { name: 'Bot', email: 'bot@example.test', phone: '+971 50 1234567', website: 'x' }, { name: 'cv.pdf', content: CV });
    expect(honeypot.statusCode).toBe(202);

    const applications = (await get(`/api/careers/jobs/${post.id}/applications/`, 'HR_MANAGER')).json<Page<Application>>();
    expect(applications.results.map((entry) => entry.name)).toEqual(['Ravi Menon']);
    const application = applications.results[0]!;
    const cv = await get(`/api/careers/applications/${application.id}/cv`, 'HR_MANAGER');
    expect(cv.headers['content-type']).toBe('application/pdf');
    expect(cv.headers['content-disposition']).toContain('inline');
    expect(cv.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    let current = application;
    for (const status of ['shortlisted', 'interview', 'offer', 'hired', 'rejected'] as const) {
      current = (await send('POST', `/api/careers/applications/${application.id}/status`, { version: current.version, status }, 'HR_MANAGER')).json<Application>();
      expect(current.status).toBe(status);
    }
    const noted = (await send('POST', `/api/careers/applications/${application.id}/notes`, { text: 'Strong WPS background.' }, 'HR_MANAGER')).json<ApplicationDetail>();
    expect(noted.history.map((event) => event.kind)).toEqual(['application_received', ...Array(5).fill('application_status_changed'), 'application_note_added']);

    post = (await send('PUT', `/api/careers/jobs/${post.id}`, { ...job, version: post.version, status: 'closed' }, 'ADMIN')).json<JobPost>();
    expect((await apply(post.id, { name: 'Late', email: 'late@example.test', phone: '+971 50 1234567' }, { name: 'cv.pdf', content: CV })).statusCode).toBe(409);
    const yesterday = addDays(dubaiDate(new Date()), -1);
    // A published post's window cannot be set in the past (common/date-rules.ts): it is published until today, then the day passes.
    expect((await send('PUT', `/api/careers/jobs/${post.id}`, { ...job, version: post.version, status: 'published', publish_from: addDays(yesterday, -5), publish_until: yesterday }, 'ADMIN')).json()).toMatchObject({ field: 'publish_until' });
    post = (await send('PUT', `/api/careers/jobs/${post.id}`, { ...job, version: post.version, status: 'published', publish_from: addDays(yesterday, -5), publish_until: addDays(yesterday, 1) }, 'ADMIN')).json<JobPost>();
    await app.db.query('UPDATE job_posts SET publish_until = $2 WHERE id = $1', [post.id, yesterday]);
    post = (await get(`/api/careers/jobs/${post.id}`)).json<JobPost>();
    expect(post.open).toBe(false);
    expect((await apply(post.id, { name: 'Late', email: 'late@example.test', phone: '+971 50 1234567' }, { name: 'cv.pdf', content: CV })).statusCode).toBe(409);
    expect((await app.inject({ method: 'GET', url: `/api/public/jobs/${post.id}` })).statusCode).toBe(404);
    expect(await auditKinds('job_post', post.id)).toEqual(['job_created', 'job_updated', 'job_updated', 'job_updated']);
  });
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
    const site = (await app.inject({ method: 'GET', url: '/api/public/faqs' })).json<PublicFaqs>();
    const mine = site.categories.find((entry) => entry.category === category)!;
    expect(mine.faqs.map((faq) => faq.question_en)).toEqual(['Question 0?', 'Question 1?']);
    expect(mine.faqs[0]!.question_ar).toBe('سؤال 0؟');
  });
});

describe('the public routes', () => {
  it('are exactly the issue\'s five: every other route answers 401 without a token', async () => {
    const open = app.routeTable.filter((route) => route.config?.access?.kind === 'public' && String(route.url).startsWith('/api/') && route.method !== 'HEAD');
    expect(open.map((route) => `${String(route.method)} ${route.url}`).sort()).toEqual([
      'GET /api/public/faqs',
      'GET /api/public/jobs',
      'GET /api/public/jobs/:id',
      'POST /api/public/enquiries/:kind',
      'POST /api/public/jobs/:id/applications',
    ]);
    const problems: string[] = [];
    for (const route of app.routeTable) {
      const url = String(route.url);
      if (!url.startsWith('/api/') || route.config?.access?.kind === 'public') continue;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        const response = await app.inject({ method: method as 'GET', url: url.replace(/:(\w+)/g, '1') });
        if (response.statusCode !== 401) problems.push(`${method} ${url}: ${response.statusCode}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
