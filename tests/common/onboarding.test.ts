import { describe, expect, it } from 'vitest';
import { ONBOARDING_PAGES, onboardingPageOf, queueRules } from '../../common/onboarding.ts';
import { STAGES } from '../../common/stages.ts';

describe('onboarding queue table', () => {
  it.each([
    ['signed_up', null, 'registrations'],
    ['completed_registration', null, 'registrations'],
    ['profile_verified', null, 'registrations'],
    ['meeting_scheduled', null, 'call-schedules'],
    ['documents_submitted', null, 'due-diligence'],
    ['documents_submitted', 'returned', 'registrations'],
    ['documents_submitted', 'approved', 'pending-payments'],
    ['payment_completed', 'approved', 'pending-activation'],
    ['account_activated', 'approved', null],
  ] as const)('%s with review %s waits on %s', (stage, review_state, page) => {
    expect(onboardingPageOf({ stage, status: 'active', review_state })).toBe(page);
  });

  it('puts a withdrawn registration on no page', () => {
    for (const stage of STAGES) expect(onboardingPageOf({ stage, status: 'inactive', review_state: null })).toBeNull();
  });

  it('gives every onboarding page at least one rule', () => {
    for (const page of ONBOARDING_PAGES) expect(queueRules(page).length).toBeGreaterThan(0);
  });
});
