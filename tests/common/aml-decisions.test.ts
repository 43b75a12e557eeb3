/**
 * The rules of a screening decision and of the party form without HTTP: who decides, when a false positive
 * needs a countersign, the reason templates, the Emirates ID's check digit named, a future birth date, Latin
 * letters, shares of a level against 100 %, and the country table the pickers offer.
 */
import { describe, expect, it } from 'vitest';
import { AML_DECIDER_ROLES, COUNTERSIGN_SCORE, DECISION_REASON_TEMPLATES, MIN_DECISION_REASON, mayDecideAml, needsCountersign } from '../../common/aml-decisions.ts';
import { dateOfBirthProblem, emiratesIdCheckDigit, emiratesIdProblem, latinNameProblem, shareTotalsOff, type PartyNode } from '../../common/aml.ts';
import { COUNTRIES, COUNTRY_CODES, isCountryCode } from '../../common/countries.ts';
import { HIGH_RISK_COUNTRIES } from '../../common/aml-countries.ts';

describe('who decides and when four eyes are needed', () => {
  it('ADMIN and REVIEWER decide; BD roles, the bookkeeper and the rest do not', () => {
    expect([...AML_DECIDER_ROLES]).toEqual(['ADMIN', 'REVIEWER']);
    for (const role of ['BD_MANAGER', 'BD_EXEC', 'BOOKKEEPER', 'HR_MANAGER', 'MARKETING', 'CLIENT', null]) expect(mayDecideAml(role)).toBe(false);
  });

  it('a false positive on a score of 90 or more needs a countersign; a confirmation or a weaker hit does not', () => {
    expect(COUNTERSIGN_SCORE).toBe(90);
    expect(needsCountersign('false_positive', 90)).toBe(true);
    expect(needsCountersign('false_positive', 100)).toBe(true);
    expect(needsCountersign('false_positive', 89)).toBe(false);
    expect(needsCountersign('confirmed', 100)).toBe(false);
  });

  it('offers templates for every decision', () => {
    expect(MIN_DECISION_REASON).toBe(20);
    for (const templates of Object.values(DECISION_REASON_TEMPLATES)) expect(templates.length).toBeGreaterThan(0);
  });
});

describe('the party form\'s rules', () => {
  it('names the Emirates ID\'s check digit when only it fails', () => {
    const expected = emiratesIdCheckDigit('78419851234567');
    expect(expected).not.toBe('1');
    expect(emiratesIdProblem('784-1985-1234567-1')).toBe(`has a wrong check digit: for 784-1985-1234567 the last digit should be ${expected}, not 1`);
    expect(emiratesIdProblem(`784-1985-1234567-${expected}`)).toBeNull();
    expect(emiratesIdProblem('123-4567')).toMatch(/784-YYYY-NNNNNNN-N/);
  });

  it('refuses a date of birth after today', () => {
    expect(dateOfBirthProblem('2026-03-02', '2026-03-01')).toBe('must not be in the future');
    expect(dateOfBirthProblem('2026-03-01', '2026-03-01')).toBeNull();
    expect(dateOfBirthProblem(null, '2026-03-01')).toBeNull();
  });

  it('takes Latin letters (with their accents), not Arabic or Cyrillic; a person\'s name has no digits', () => {
    expect(latinNameProblem('José Ñúñez-O\'Brien', 'person')).toBeNull();
    expect(latinNameProblem('خالد سعيد', 'person')).toMatch(/Latin letters/);
    expect(latinNameProblem('Иван Морозов', 'person')).toMatch(/Latin letters/);
    expect(latinNameProblem('Agent 007', 'person')).toMatch(/digits/);
    expect(latinNameProblem('Gulf 24 Trading LLC', 'company')).toBeNull();
  });

  it('flags each level whose shares are below or above 100 %', () => {
    const node = (id: number, share: number | null, owner: number | null = null, kind: PartyNode['kind'] = 'person'): PartyNode => ({ id, name: `P${id}`, kind, owner_party_id: owner, share_bp: share, roles: share === null ? ['director'] : ['shareholder'], date_of_birth: null, registration_number: null });
    expect(shareTotalsOff([node(1, 6000, null, 'company'), node(2, 4000), node(3, 10_000, 1)])).toEqual([]);
    expect(shareTotalsOff([node(1, 6000, null, 'company'), node(3, 5000, 1)])).toEqual([
      { owner_party_id: null, where: 'the client', total_percent: 60 },
      { owner_party_id: 1, where: 'P1', total_percent: 50 },
    ]);
    expect(shareTotalsOff([node(1, 7000), node(2, 4000)])).toEqual([{ owner_party_id: null, where: 'the client', total_percent: 110 }]);
    expect(shareTotalsOff([node(1, null)])).toEqual([]);
  });

  it('offers every country by name, the risk table\'s included', () => {
    expect(COUNTRY_CODES.length).toBeGreaterThan(240);
    expect(COUNTRIES.AE).toBe('United Arab Emirates');
    for (const code of Object.keys(HIGH_RISK_COUNTRIES)) expect(isCountryCode(code), code).toBe(true);
    expect(isCountryCode('XX')).toBe(false);
    expect(isCountryCode('EU')).toBe(false);
  });
});
