import { describe, expect, it } from 'vitest';
import { ONBOARDING_PAGES, mayOpenRecord, onboardingPageOf, pagesOfScope, queueRules, recordPageOf } from '../../common/onboarding.ts';
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

describe('pages a list can return (the role guard of the registration lists)', () => {
  it.each([
    [{ queue: 'due-diligence' }, ['due-diligence']],
    [{ stage: 'documents_submitted', status: 'active', queue: 'due-diligence' }, ['due-diligence']],
    [{ stage: 'documents_submitted', status: 'active' }, ['registrations', 'due-diligence', 'pending-payments']],
    [{ stage: 'meeting_scheduled', status: 'active' }, ['call-schedules']],
    [{ stage: 'payment_completed', status: 'active' }, ['pending-activation']],
    [{ stage: 'payment_completed' }, ['registrations', 'pending-activation']],
    [{ status: 'inactive' }, ['registrations']],
    [{ stage: 'signed_up', queue: 'call-schedules' }, ['call-schedules']],
    [{}, [...ONBOARDING_PAGES]],
  ] as const)('%o can return rows of %o', (scope, pages) => {
    expect(pagesOfScope(scope)).toEqual(pages);
  });
});

describe('who may open one registration\'s record (its review and KYC documents)', () => {
  it('follows the page the registration stands at: withdrawn ones where they were withdrawn from, activated ones at Activation', () => {
    expect(recordPageOf({ stage: 'documents_submitted', review_state: null })).toBe('due-diligence');
    expect(recordPageOf({ stage: 'documents_submitted', review_state: 'approved' })).toBe('pending-payments');
    expect(recordPageOf({ stage: 'documents_submitted', review_state: 'returned' })).toBe('registrations');
    expect(recordPageOf({ stage: 'account_activated', review_state: 'approved' })).toBe('pending-activation');
  });

  it('lets a BD_EXEC open only the stages of Registration and Call Schedule; BD_MANAGER and ADMIN all; clients none', () => {
    const dueDiligence = { stage: 'documents_submitted', review_state: null } as const;
    const awaitingPayment = { stage: 'documents_submitted', review_state: 'approved' } as const;
    expect(mayOpenRecord('BD_EXEC', dueDiligence)).toBe(false);
    expect(mayOpenRecord('BD_EXEC', awaitingPayment)).toBe(false);
    expect(mayOpenRecord('BD_EXEC', { stage: 'payment_completed', review_state: 'approved' })).toBe(false);
    expect(mayOpenRecord('BD_EXEC', { stage: 'profile_verified', review_state: null })).toBe(true);
    expect(mayOpenRecord('REVIEWER', { stage: 'meeting_scheduled', review_state: null })).toBe(true);
    expect(mayOpenRecord('REVIEWER', { stage: 'profile_verified', review_state: null })).toBe(false);
    for (const stage of STAGES) {
      expect(mayOpenRecord('BD_MANAGER', { stage, review_state: null })).toBe(true);
      expect(mayOpenRecord('ADMIN', { stage, review_state: 'approved' })).toBe(true);
      expect(mayOpenRecord('CLIENT', { stage, review_state: null })).toBe(false);
    }
  });
});
