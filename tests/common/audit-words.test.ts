/** The Audit page's words: kinds and fields as people write them, values as the console shows them, no internal ids. */
import { describe, expect, it } from 'vitest';
import { auditDetailsLine, codeWords, describeChange, describeValues } from '../../common/audit-words.ts';
import { AUDIT_EVENT_GROUPS, auditEventGroupsOf, auditKindLabel } from '../../common/contract/audit-paths.ts';
import { AML_EVENT_KINDS, EINVOICE_EVENT_KINDS } from '../../common/events.ts';

describe('audit words', () => {
  it('spells kinds as the console does', () => {
    expect(auditKindLabel('einvoicing_profile_updated')).toBe('E-invoicing profile updated');
    expect(auditKindLabel('edd_approved')).toBe('EDD approved');
    expect(auditKindLabel('einvoice_send_requested')).toBe('E-invoice send requested');
    expect(auditKindLabel('role_changed')).toBe('Role changed');
    expect(codeWords('next_review_on')).toBe('Next review on');
  });

  it('gives details in words: dates in Dubai form, amounts in AED, internal ids left out', () => {
    expect(describeValues({ registration_id: 12, party_id: 3, due_on: '2026-03-05', total_fils: 125050, pep: true, stage: 'completed_registration', at: '2026-03-05T21:30:00.000Z' })).toEqual([
      { label: 'Due on', text: '05-Mar-2026' },
      { label: 'Total', text: 'AED 1,250.50' },
      { label: 'PEP', text: 'Yes' },
      { label: 'Stage', text: 'Completed registration' },
      // 21:30 UTC is the next day in Dubai.
      { label: 'At', text: '06-Mar-2026 1:30 AM' },
    ]);
    expect(describeValues({ host: { id: 5, email: 'bd_manager@example.com', display_name: 'Sara Khoury' } })).toEqual([{ label: 'Host', text: 'Sara Khoury' }]);
    expect(describeChange({ role: 'MARKETING', version: 3 }, { role: 'BD_EXEC', version: 4 })).toEqual([{ label: 'Role', text: 'MARKETING → BD_EXEC' }]);
    expect(auditDetailsLine({ data: { next_review_on: '2027-01-31' }, before: null, after: null })).toBe('Next review on: 31-Jan-2027');
  });

  it('groups every event kind by area, AML and e-invoicing included', () => {
    const kinds = AUDIT_EVENT_GROUPS.flatMap((group) => group.kinds);
    for (const kind of [...AML_EVENT_KINDS, ...EINVOICE_EVENT_KINDS]) expect(kinds).toContain(kind);
    expect(auditEventGroupsOf('aml').map((group) => group.label)).toEqual(['AML due diligence']);
    expect(auditEventGroupsOf('invoices').map((group) => group.label)).toEqual(['Invoices', 'E-invoicing']);
  });
});
