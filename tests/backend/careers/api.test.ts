/**
 * Careers through the back end's HTTP API, against the real Auth emulator and a real database: who may open it,
 * job posts published to the website and closed, and applications with their CVs.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from '../../../common/contract/shared.ts';
import { addDays, dubaiDate } from '../../../common/calendar.ts';
import type { Application, ApplicationDetail, JobPost, PublicJob } from '../../../common/contract/careers.ts';
import { makePdf } from '../../../backend/src/demo/files.ts';
import type { Role } from '../../../common/roles.ts';
import { backendFor } from '../support.ts';
import { unique } from '../enquiries/new-enquiry.ts';

const ROLES: Role[] = ['ADMIN', 'BD_EXEC', 'BD_MANAGER', 'MARKETING', 'HR_MANAGER', 'BOOKKEEPER', 'CLIENT'];
const backend = backendFor(ROLES, 'careers');
const { get, send, auditKinds } = backend;

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
  return backend.app.inject({ method: 'POST', url: `/api/public/jobs/${jobId}/applications`, headers, payload });
};
const CV = makePdf('Curriculum vitae', ['Test applicant']);

it('answers careers only to its page roles, for reads and writes alike', async () => {
  await backend.expectOnly('/api/careers/jobs/', ['ADMIN', 'HR_MANAGER']);
  expect((await get('/api/careers/jobs/1', 'MARKETING')).statusCode).toBe(403);
  expect((await send('POST', '/api/careers/jobs/', {}, 'MARKETING')).statusCode).toBe(403);
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
    expect((await backend.app.inject({ method: 'GET', url: `/api/public/jobs/${post.id}` })).statusCode).toBe(404);
    expect((await apply(post.id, { name: 'Ravi Menon', email: 'ravi@example.test', phone: '+971 50 1234567' }, { name: 'cv.pdf', content: CV })).statusCode).toBe(409);

    post = (await send('PUT', `/api/careers/jobs/${post.id}`, { ...job, version: post.version, status: 'published' }, 'HR_MANAGER')).json<JobPost>();
    expect(post.open).toBe(true);
    const listed = (await backend.app.inject({ method: 'GET', url: '/api/public/jobs' })).json<PublicJob[]>();
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
    await backend.app.db.query('UPDATE job_posts SET publish_until = $2 WHERE id = $1', [post.id, yesterday]);
    post = (await get(`/api/careers/jobs/${post.id}`)).json<JobPost>();
    expect(post.open).toBe(false);
    expect((await apply(post.id, { name: 'Late', email: 'late@example.test', phone: '+971 50 1234567' }, { name: 'cv.pdf', content: CV })).statusCode).toBe(409);
    expect((await backend.app.inject({ method: 'GET', url: `/api/public/jobs/${post.id}` })).statusCode).toBe(404);
    expect(await auditKinds('job_post', post.id)).toEqual(['job_created', 'job_updated', 'job_updated', 'job_updated']);
  });
});
