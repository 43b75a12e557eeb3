// @vitest-environment happy-dom
/**
 * The party form's own checks before the server is asked: the Emirates ID's check digit named, a
 * future birth date, Latin letters, each level's shares against 100 % with the draft counted, and the draft
 * kept in sessionStorage across a reload.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Party } from '../../../../common/contract/aml.ts';
import { draftKey, draftOf, draftProblems, readDraft } from '../../../../client/src/features/registrations/components/aml-party-dialog.tsx';

const party = (id: number, name: string, share: number | null, extra: Partial<Party> = {}): Party => ({
  ...draftOf(null), id, version: 1, name, name_ar: null, date_of_birth: null, nationality: null, residence: null, id_number: null, id_expires_on: null, pep_details: null,
  source_of_funds: null, source_of_wealth: null, jurisdiction: null, registration_number: null, roles: share === null ? ['director'] : ['shareholder'], share_percent: share,
  owner_party_id: null, id_expiry: 'valid', screening: 'clear', screened_at: null, withdrawn: null, ...extra,
});

describe('the party form', () => {
  beforeEach(() => sessionStorage.clear());

  it('names the check digit, a future birth date and non-Latin letters as they are typed', () => {
    const draft = { ...draftOf(null), name: 'خالد', date_of_birth: '2030-01-01', id_type: 'emirates_id' as const, id_number: '784-1985-1234567-1' };
    const { fields } = draftProblems(draft, null, [], '2026-03-01');
    expect(fields.name).toMatch(/Latin letters/);
    expect(fields.date_of_birth).toBe('Date of birth must not be in the future.');
    expect(fields.id_number).toMatch(/check digit.*should be \d, not 1/);
  });

  it('flags shares below and above 100 % with the draft counted, leaving out withdrawn parties', () => {
    const others = [party(1, 'Amal Darwish', 40), party(2, 'Withdrawn One', 60, { withdrawn: { at: '2026-03-01T08:00:00.000Z', by: null, reason: 'Added to the wrong company.' } })];
    expect(draftProblems({ ...draftOf(null), name: 'Karim Bennani', share: '40' }, null, others, '2026-03-01').shares).toEqual(['Shares in the client add up to 80 %, below 100 %.']);
    expect(draftProblems({ ...draftOf(null), name: 'Karim Bennani', share: '70' }, null, others, '2026-03-01').shares).toEqual(['Shares in the client add up to 110 %, above 100 %.']);
    expect(draftProblems({ ...draftOf(null), name: 'Karim Bennani', share: '60' }, null, others, '2026-03-01').shares).toEqual([]);
  });

  it('reads back a half-filled form kept in sessionStorage', () => {
    expect(readDraft(7, null)).toBeNull();
    sessionStorage.setItem(draftKey(7, null), JSON.stringify({ name: 'Half Filled', nationality: 'AE' }));
    expect(readDraft(7, null)).toMatchObject({ name: 'Half Filled', nationality: 'AE', kind: 'person', roles: ['shareholder'] });
    expect(readDraft(8, null)).toBeNull();
  });
});
