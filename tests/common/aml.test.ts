/** The parties' rules without HTTP: UBOs through chains (multiplied down), loops, shares per level, the Emirates ID, ID expiry. */
import { describe, expect, it } from 'vitest';
import { amlDeletionRefusal, amlRetainedUntil, computeUbos, emiratesIdCheckDigit, emiratesIdDigits, idExpiry, ownershipLayers, partiesProblem, type PartyNode } from '../../common/aml.ts';

const node = (id: number, name: string, extra: Partial<PartyNode> = {}): PartyNode => ({
  id, name, kind: 'person', owner_party_id: null, share_bp: null, roles: [], date_of_birth: null, registration_number: null, ...extra,
});
const holder = (id: number, name: string, bp: number, owner: number | null, extra: Partial<PartyNode> = {}) => node(id, name, { share_bp: bp, owner_party_id: owner, roles: ['shareholder'], ...extra });

describe('ultimate beneficial owners', () => {
  it('multiplies shares down a three-layer chain and adds a person\'s holdings', () => {
    const parties = [
      holder(1, 'Gulf Holding Ltd', 8000, null, { kind: 'company', registration_number: 'DIFC-1' }),
      holder(2, 'Sea Invest FZE', 6000, 1, { kind: 'company', registration_number: 'JAFZA-9' }),
      holder(3, 'Layla Mansour', 6000, 2), // 80 % x 60 % x 60 % = 28.8 %
      holder(4, 'Omar Said', 4000, 2), // 19.2 %
      holder(5, 'Omar Said', 2000, null), // + 20 % directly = 39.2 %
      holder(6, 'Minor Holder', 2000, 1), // 16 %
    ];
    expect(partiesProblem(parties)).toBeNull();
    const ubos = computeUbos(parties);
    expect(ubos.map((ubo) => [ubo.name, ubo.effective_bp, ubo.basis])).toEqual([['Omar Said', 3920, 'ownership'], ['Layla Mansour', 2880, 'ownership']]);
    expect(ubos[1]!.chains).toEqual(['Gulf Holding Ltd 80 % › Sea Invest FZE 60 % › Layla Mansour 60 %']);
    expect(ownershipLayers(parties)).toBe(3);
  });

  it('counts exactly 25 % and control otherwise; else the senior managing official', () => {
    expect(computeUbos([holder(1, 'Co', 5000, null, { kind: 'company' }), holder(2, 'Half', 5000, 1)]).map((ubo) => ubo.effective_bp)).toEqual([2500]);
    const dispersed = [holder(1, 'A', 2400, null), holder(2, 'B', 2400, null), node(3, 'Manager M', { roles: ['manager'] }), node(4, 'Director D', { roles: ['director'] })];
    expect(computeUbos(dispersed)).toEqual([{ party_ids: [3], name: 'Manager M', effective_bp: 0, basis: 'senior_managing_official', chains: [] }]);
    expect(computeUbos([...dispersed, node(5, 'Veto V', { roles: ['controller'] })]).map((ubo) => [ubo.name, ubo.basis])).toEqual([['Veto V', 'control']]);
  });

  it('refuses loops, shares above 100 % at a level and shareholders without shares', () => {
    const loop = [holder(1, 'A Co', 5000, 2, { kind: 'company' }), holder(2, 'B Co', 5000, 1, { kind: 'company' })];
    expect(partiesProblem(loop)).toMatchObject({ field: 'owner_party_id', problem: expect.stringContaining('loop') });
    const sameCompany = [holder(1, 'Alpha', 5000, null, { kind: 'company', registration_number: 'R1' }), holder(2, 'Alpha Ltd', 5000, 1, { kind: 'company', registration_number: 'r1' })];
    expect(partiesProblem(sameCompany)).toMatchObject({ field: 'owner_party_id' });
    expect(computeUbos(loop)).toEqual([]);
    expect(partiesProblem([holder(1, 'A', 6000, null), holder(2, 'B', 4001, null)])).toMatchObject({ field: 'share_percent', problem: expect.stringContaining('100.01 %') });
    expect(partiesProblem([node(1, 'A', { roles: ['shareholder'] })])).toMatchObject({ field: 'share_percent' });
    expect(partiesProblem([holder(1, 'Person', 5000, null), holder(2, 'Under a person', 5000, 1)])).toMatchObject({ field: 'owner_party_id', problem: expect.stringContaining('company') });
  });
});

describe('identity documents', () => {
  it('takes the 15-digit 784 form with its check digit, dashes or not', () => {
    const number = `78419901234567${emiratesIdCheckDigit('78419901234567')}`;
    expect(emiratesIdDigits(number)).toBe(number);
    expect(emiratesIdDigits(`784-1990-1234567-${number.at(-1)}`)).toBe(number);
    expect(emiratesIdDigits('785199012345671')).toBeNull();
    expect(emiratesIdDigits('78419901234567')).toBeNull();
    expect(emiratesIdDigits(`78419901234567${(Number(number.at(-1)) + 1) % 10}`)).toBeNull();
  });

  it('flags an ID expired or expiring within 30 days', () => {
    expect(idExpiry('2026-01-01', '2026-01-02')).toBe('expired');
    expect(idExpiry('2026-02-01', '2026-01-02')).toBe('expiring');
    expect(idExpiry('2026-02-02', '2026-01-02')).toBe('valid');
    expect(idExpiry(null, '2026-01-02')).toBe('valid');
  });
});

describe('records kept five years after the relationship ended', () => {
  it('refuses deletion while the relationship goes on and until five years after its end', () => {
    expect(amlRetainedUntil(null)).toBeNull();
    expect(amlRetainedUntil('2026-03-31')).toBe('2031-03-31');
    expect(amlRetainedUntil('2024-02-29')).toBe('2029-02-28');
    expect(amlDeletionRefusal(null, '2040-01-01')).toMatch(/while the relationship goes on/);
    expect(amlDeletionRefusal('2026-03-31', '2031-03-30')).toBe('AML records are kept five years after the relationship ended (2026-03-31): not before 2031-03-31.');
    expect(amlDeletionRefusal('2026-03-31', '2031-03-31')).toBeNull();
  });
});
