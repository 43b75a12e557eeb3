// @vitest-environment happy-dom
/** The verification stepper's view and the review feature's display rules, rendered with React into happy-dom. */
import { describe, expect, it } from 'vitest';
import type { UserStatusResponse } from '../../../../common/contract/registrations.ts';
import { STAGES, STAGE_TITLES } from '../../../../common/stages.ts';
import { StepperView } from '../../../../client/src/features/registrations/components/verification-stepper.tsx';
import { formatBytes, readVerificationQuery, waitingText } from '../../../../client/src/features/registrations/model.ts';
import { useReactRoot } from '../../react-dom.ts';

const dom = useReactRoot();

const statusAt = (reached: number): UserStatusResponse => ({
  status: STAGES.map((stage, index) => ({
    field_name: stage,
    status_text: STAGE_TITLES[stage],
    status: index < reached ? 'completed' : index === reached ? 'active' : 'pending',
  })),
  current_status: [
    { status_text: 'Signed up', created_at: '2026-11-01T08:00:00Z' },
    { status_text: 'Returned: Name mismatch', created_at: '2026-11-02T08:00:00Z' },
  ],
});

describe('verification stepper', () => {
  it('ticks and links completed and active steps, leaves pending ones plain and highlights the selected step', () => {
    dom.render(<StepperView userId="42" status={statusAt(3)} loading={false} search="step=profile_verified" />);
    const steps = [...dom.container.querySelectorAll('.stepper__step')];
    expect(steps.map((step) => step.querySelector('.stepper__marker svg') !== null)).toEqual([true, true, true, true, false, false, false]);
    expect(steps.map((step) => step.querySelector('a')?.getAttribute('href') ?? null)).toEqual([
      '/registrations/42/verification/?step=signed_up',
      '/registrations/42/verification/?step=completed_registration',
      '/registrations/42/verification/?step=profile_verified',
      '/registrations/42/verification/?step=meeting_scheduled',
      null,
      null,
      null,
    ]);
    expect(steps.map((step) => step.getAttribute('aria-current'))).toEqual([null, null, 'step', null, null, null, null]);
    expect(dom.container.querySelector('.stepper__sub')).toBeNull();
  });

  it.each(['return=true', 'resubmitted=true', 'resubmitted'])('with %s shows the last current_status text under completed_registration, linking to its return view', (flag) => {
    dom.render(<StepperView userId="42" status={statusAt(4)} loading={false} search={`step=documents_submitted&${flag}`} />);
    const subs = [...dom.container.querySelectorAll('.stepper__sub')];
    expect(subs).toHaveLength(1);
    expect(subs[0]?.textContent).toBe('Returned: Name mismatch');
    expect(subs[0]?.getAttribute('href')).toBe('/registrations/42/verification/?step=completed_registration&return=true');
    expect(subs[0]?.closest('.stepper__step')?.querySelector('.stepper__title')?.textContent).toBe('Completed Registration');
  });

  it('says so while loading and when the load failed, instead of showing steps', () => {
    dom.render(<StepperView userId="42" status={undefined} loading search="" />);
    expect(dom.container.textContent).toContain('Loading steps...');
    dom.render(<StepperView userId="42" status={undefined} loading={false} search="" />);
    expect(dom.container.textContent).toContain('The steps could not be loaded.');
  });
});

describe('display rules', () => {
  it('reads the flags: return=true or resubmitted (any value but false)', () => {
    expect(readVerificationQuery('step=signed_up')).toEqual({ step: 'signed_up', showReturn: false });
    expect(readVerificationQuery('return=false')).toEqual({ step: null, showReturn: false });
    expect(readVerificationQuery('resubmitted=')).toEqual({ step: null, showReturn: true });
  });

  it('words the waiting time in hours, then days', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(waitingText(null, now)).toBeNull();
    expect(waitingText('2026-11-23T11:00:00Z', now)).toBe('1 hour in due diligence');
    expect(waitingText('2026-11-23T02:00:00Z', now)).toBe('10 hours in due diligence');
    expect(waitingText('2026-11-22T11:00:00Z', now)).toBe('1 day in due diligence');
    expect(waitingText('2026-11-20T11:00:00Z', now)).toBe('3 days in due diligence');
  });

  it('sizes files in B, KB and MB', () => {
    expect([formatBytes(900), formatBytes(1536), formatBytes(5 * 1024 * 1024)]).toEqual(['900 B', '1.5 KB', '5.0 MB']);
  });
});
