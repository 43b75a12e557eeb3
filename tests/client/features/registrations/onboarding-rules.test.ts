/** The onboarding pages' display rules: status chip colours, dates with their dash, the verification link, amounts. */
import { describe, expect, it } from 'vitest';
import { statusVariant } from '../../../../client/src/components/status-chip.tsx';
import { formatAed } from '../../../../client/src/lib/money.ts';
import { verificationHref } from '../../../../client/src/features/registrations/model.ts';
import { formatDubaiDate } from '../../../../client/src/lib/dates.ts';

describe('status chip', () => {
  it('colours the two statuses the spec names and leaves any other uncoloured', () => {
    expect(statusVariant('Awaiting Documents')).toBe('purple');
    expect(statusVariant('Pending Due Diligence')).toBe('red');
    expect(statusVariant('pending due diligence')).toBe('neutral');
    expect(statusVariant('Withdrawn')).toBe('neutral');
    expect(statusVariant('')).toBe('neutral');
  });
});

describe('list dates', () => {
  it("shows 'DD-MMM-YYYY' in Dubai and a dash for an empty or invalid received date", () => {
    expect(formatDubaiDate('2026-03-04T21:30:00Z')).toBe('05-Mar-2026');
    expect(formatDubaiDate(null)).toBe('-');
    expect(formatDubaiDate('')).toBe('-');
    expect(formatDubaiDate('not a date')).toBe('-');
  });
});

describe('verification link', () => {
  it('opens the verification page on the current step, and a returned registration on the form with the return flag', () => {
    expect(verificationHref({ id: 42, stage: 'profile_verified', review_state: null })).toBe('/registrations/42/verification/?step=profile_verified');
    expect(verificationHref({ id: 7, stage: 'documents_submitted', review_state: 'returned' })).toBe(
      '/registrations/7/verification/?step=completed_registration&return=true',
    );
  });
});

describe('amounts', () => {
  it('formats AED with two decimals and shows a dash when missing', () => {
    expect(formatAed('1250.00')).toBe('AED 1,250.00');
    expect(formatAed('5400')).toBe('AED 5,400.00');
    expect(formatAed(null)).toBe('-');
    expect(formatAed('abc')).toBe('-');
  });
});

describe("'Approve due diligence' says what is missing before it is pressed", () => {
  it('lists what the AML file still lacks on the button\'s note', async () => {
    const { decisionBlockers } = await import('../../../../client/src/features/registrations/model.ts');
    const review = { queue: 'due-diligence' as const, documents: [{ id: 1 }] as never[], requested_on: null };
    expect(decisionBlockers(review, ['add the owners and controllers', 'rate the risk'])).toEqual({ approve: 'Approval waits for: add the owners and controllers; rate the risk.', return: null });
    expect(decisionBlockers(review, [])).toEqual({ approve: null, return: null });
  });
});
