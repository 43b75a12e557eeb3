/**
 * The lead page's Edit: the form opens on the lead's own values (money as AED decimals) and sends the update
 * at the version it was opened on, blanks as none, and a value that is not an amount as one the server refuses.
 */
import { describe, expect, it } from 'vitest';
import type { LeadItem } from '../../../../common/contract/crm.ts';
import { leadEditBody, leadEditForm } from '../../../../client/src/features/crm/model.ts';

const lead: LeadItem = {
  id: 41,
  company: 'Al Noor Trading LLC',
  contact_name: 'Khalid Al Noor',
  email: 'khalid@alnoor.ae',
  phone: '+971 50 123 4567',
  source: 'referral',
  owner: { id: 7, display_name: 'Sara Khoury', email: 'bd_manager@example.com' },
  monthly_value_fils: 350_050,
  stage: 'contacted',
  lost_reason: null,
  next_follow_up: '2026-12-10',
  enquiry_id: null,
  registration: null,
  created_at: '2026-11-20T06:00:00.000Z',
  version: 3,
};

describe('the lead’s Edit form', () => {
  it('opens on the lead’s values and sends them back unchanged at its version', () => {
    const form = leadEditForm(lead);
    expect(form).toEqual({ company: lead.company, contact_name: lead.contact_name, email: lead.email, phone: '+971 50 123 4567', owner: '7', value: '3500.50', follow_up: '2026-12-10' });
    expect(leadEditBody(lead, form)).toEqual({
      version: 3,
      company: lead.company,
      contact_name: lead.contact_name,
      email: lead.email,
      phone: '+971 50 123 4567',
      owner_id: 7,
      monthly_value_fils: 350_050,
      next_follow_up: '2026-12-10',
    });
  });

  it('sends a new value in fils, no owner, no phone and no follow-up when cleared', () => {
    const form = { ...leadEditForm(lead), value: '12,000', owner: '', phone: '  ', follow_up: '' };
    expect(leadEditBody(lead, form)).toMatchObject({ monthly_value_fils: 1_200_000, owner_id: null, phone: null, next_follow_up: null });
  });

  it('sends a value that is not an amount as one the server refuses, never a number it is not', () => {
    expect(leadEditBody(lead, { ...leadEditForm(lead), value: '12.345' }).monthly_value_fils).toBe(-1);
    expect(leadEditBody(lead, { ...leadEditForm({ ...lead, phone: null, owner: null, next_follow_up: null }) })).toMatchObject({ phone: null, owner_id: null, next_follow_up: null });
  });
});
