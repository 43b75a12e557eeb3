/**
 * The e-invoicing rules the three apps share: a TIN is its TRN's first 10 digits where there is a TRN (one
 * that is not is refused naming the TRN), the TIN a client's documents carry, a client's standing against its
 * ASP deadline (an appointment after the deadline is late and says so), and which rejections would come back
 * the same if the document were sent again.
 */
import { describe, expect, it } from 'vitest';
import { ASP_SIDE_FIELD, CLIENT_TIN_FIELD, failsAgainAsIssued } from '../../common/einvoicing.ts';
import { aspStanding, buyerTin, tinDisagreement, tinOfTrn } from '../../common/einvoicing-readiness.ts';

describe("a client's TIN", () => {
  it("is its TRN's first 10 digits where it has a TRN: another is refused naming the TRN", () => {
    expect(tinOfTrn('100025341400003')).toBe('1000253414');
    expect(tinDisagreement('1000253414', '100025341400003')).toBeNull();
    expect(tinDisagreement('2000253414', '100025341400003')).toBe("must be 1000253414, the first 10 digits of the client's TRN 100025341400003");
    // The TIN re-saved after the ASP rejected it is refused the same way.
    expect(tinDisagreement('1000285091', '100028509000003')).toContain('TRN 100028509000003');
    // Nothing to agree with: no TRN, or none given.
    expect(tinDisagreement('1400000007', null)).toBeNull();
    expect(tinDisagreement(null, '100025341400003')).toBeNull();
  });

  it('addresses its documents to the TIN recorded, else the TRN gives it, else none (never invented)', () => {
    expect(buyerTin('1400000007', null)).toBe('1400000007');
    expect(buyerTin(null, '100025341400003')).toBe('1000253414');
    expect(buyerTin(null, null)).toBeNull();
    expect(buyerTin(null, '12345')).toBeNull();
  });
});

describe("a client's standing against its ASP deadline", () => {
  it('is late when the ASP was appointed after the deadline, and says so', () => {
    // Under AED 50m: ASP by 31 Mar 2027.
    const late = aspStanding('under_50m', { name: 'Gulf Peppol Access', appointedOn: '2027-06-01' }, '2027-06-10');
    expect(late).toEqual({ notReady: false, late: true, label: 'ASP appointed late: on 01-Jun-2027, after the 31-Mar-2027 deadline' });
    expect(aspStanding('under_50m', { name: 'Gulf Peppol Access', appointedOn: '2027-03-31' }, '2027-06-10')).toEqual({ notReady: false, late: false, label: 'ASP appointed' });
  });

  it('without an ASP is not ready within 90 days of the deadline, and late after it', () => {
    expect(aspStanding('50m_or_more', { name: null, appointedOn: null }, '2026-07-31')).toEqual({ notReady: false, late: false, label: null });
    expect(aspStanding('50m_or_more', { name: null, appointedOn: null }, '2026-08-01')).toEqual({ notReady: true, late: false, label: 'Not ready' });
    expect(aspStanding('50m_or_more', { name: null, appointedOn: null }, '2026-10-31')).toMatchObject({ notReady: true, late: true });
  });
});

describe('sending a rejected document again', () => {
  it('would fail the same way when a rejection names what it carries; an ASP-side refusal may pass', () => {
    expect(failsAgainAsIssued([{ rule: 'ASP-DIR-001', text: 'Not in the directory', field: CLIENT_TIN_FIELD }])).toBe(true);
    expect(failsAgainAsIssued([{ rule: 'ASP-RCV-001', text: "The buyer's ASP refused it", field: ASP_SIDE_FIELD }])).toBe(false);
    expect(failsAgainAsIssued([])).toBe(false);
  });
});
