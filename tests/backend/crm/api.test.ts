/**
 * The CRM through the back end's HTTP API, against the real Auth emulator and a real database: who may open it,
 * the lead's stages and activities with their audit events, 'Won: invite to register' to a signed_up
 * registration, and follow-up notices sent exactly once.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from '../../../common/contract/shared.ts';
import type { Board, InviteLeadResponse, LeadDetail, LeadItem } from '../../../common/contract/crm.ts';
import { addDays, dubaiDate } from '../../../common/calendar.ts';
import { sendFollowUpNotices } from '../../../backend/src/modules/crm/index.ts';
import type { Role } from '../../../common/roles.ts';
import { backendFor } from '../support.ts';
import { unique } from '../enquiries/new-enquiry.ts';

const ROLES: Role[] = ['ADMIN', 'BD_EXEC', 'BD_MANAGER', 'MARKETING', 'HR_MANAGER', 'BOOKKEEPER', 'CLIENT'];
const backend = backendFor(ROLES, 'crm');
const { get, send, auditKinds } = backend;

it('answers the CRM only to its page roles, for reads and writes alike', async () => {
  await backend.expectOnly('/api/crm/leads/', ['ADMIN', 'BD_MANAGER', 'MARKETING']);
  expect((await get('/api/crm/board/', 'HR_MANAGER')).statusCode).toBe(403);
  expect((await send('POST', '/api/crm/leads/1/stage', { version: 1, stage: 'contacted' }, 'HR_MANAGER')).statusCode).toBe(403);
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
    expect(column.total_fils).toBe(Number((await backend.app.db.query<{ total: string }>("SELECT sum(monthly_value_fils)::text AS total FROM leads WHERE stage = 'proposal_sent'"))[0]!.total));
  });

  it("'Won: invite to register' creates the client's account and a signed_up registration, linked both ways, once", async () => {
    const lead = await newLead();
    const response = await send('POST', `/api/crm/leads/${lead.id}/invite`, { version: lead.version }, 'BD_MANAGER', { 'idempotency-key': `invite-${lead.id}` });
    expect(response.statusCode, response.body).toBe(200);
    const { lead: won, set_password_link: link } = response.json<InviteLeadResponse>();
    expect(link).toMatch(/\/users\/set-password\?mode=resetPassword&oobCode=/);
    expect(won.stage).toBe('won');
    expect(won.registration).not.toBeNull();
    const [registration] = await backend.app.db.query<{ stage: string; status: string; legal_name: string; email: string; role: string; firebase_uid: string | null }>(
      'SELECT r.stage, r.status, r.legal_name, u.email, u.role, u.firebase_uid FROM registrations r JOIN users u ON u.id = r.user_id WHERE r.id = $1',
      [won.registration!.id],
    );
    expect(registration).toMatchObject({ stage: 'signed_up', status: 'active', legal_name: lead.company, email: lead.email, role: 'CLIENT' });
    expect(registration!.firebase_uid).not.toBeNull();
    const [reached] = await backend.app.db.query<{ data: Record<string, unknown> }>("SELECT data FROM audit_events WHERE entity = 'registration' AND entity_id = $1 AND kind = 'stage_reached'", [won.registration!.id]);
    expect(reached!.data).toMatchObject({ stage: 'signed_up', source: 'crm', lead_id: lead.id });
    const list = (await get(`/api/registrations/?stage=signed_up&search=${encodeURIComponent(lead.company)}`, 'BD_MANAGER')).json<Page<{ legal_name: string }>>();
    expect(list.results.map((item) => item.legal_name)).toEqual([lead.company]);
    // The same request again (a retry) answers the same lead; a new one is refused.
    const retried = await send('POST', `/api/crm/leads/${lead.id}/invite`, { version: lead.version }, 'BD_MANAGER', { 'idempotency-key': `invite-${lead.id}` });
    expect(retried.json<InviteLeadResponse>().lead.registration?.id).toBe(won.registration!.id);
    expect((await send('POST', `/api/crm/leads/${lead.id}/invite`, { version: won.version })).statusCode).toBe(409);
    expect((await backend.app.db.query('SELECT id FROM registrations WHERE legal_name = $1', [lead.company])).length).toBe(1);
    expect(await auditKinds('lead', lead.id)).toEqual(['lead_created', 'lead_won']);
  });

  it('tells the owner of a passed follow-up once, and again for a new date', async () => {
    const [{ id: owner }] = (await backend.app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [backend.users.get('BD_MANAGER')!.email])) as [{ id: number }];
    const lead = await newLead();
    const yesterday = addDays(dubaiDate(new Date()), -1);
    const updated = await send('PUT', `/api/crm/leads/${lead.id}`, { version: lead.version, company: lead.company, contact_name: lead.contact_name, email: lead.email, phone: null, owner_id: owner, monthly_value_fils: 1, next_follow_up: yesterday });
    expect(updated.statusCode, updated.body).toBe(200);
    const notices = async () => (await backend.app.db.query<{ count: number }>("SELECT count(*)::integer AS count FROM notifications WHERE user_id = $1 AND kind = 'lead_follow_up_due' AND link = $2", [owner, `/crm/leads/${lead.id}`]))[0]!.count;
    const [first, second] = await Promise.all([sendFollowUpNotices(backend.app.db), sendFollowUpNotices(backend.app.db)]);
    expect(first + second).toBeGreaterThan(0);
    await sendFollowUpNotices(backend.app.db);
    expect(await notices()).toBe(1);
    await backend.app.db.query('UPDATE leads SET next_follow_up = $2 WHERE id = $1', [lead.id, addDays(yesterday, -1)]);
    await sendFollowUpNotices(backend.app.db);
    expect(await notices()).toBe(2);
  });
});
