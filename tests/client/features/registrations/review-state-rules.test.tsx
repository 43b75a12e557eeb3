// @vitest-environment happy-dom
/**
 * What the review pages offer and say once a registration moved on: the due-diligence page's review actions
 * only while it waits on due diligence, the stepper's words agreeing with its ticks, and the verification page
 * following the stage it showed.
 */
import { describe, expect, it } from 'vitest';
import type { UserStatusResponse } from '../../../../common/contract/registrations.ts';
import { PHASES } from '../../../../common/pipeline.ts';
import { STAGES, STAGE_TITLES } from '../../../../common/stages.ts';
import { StepperView, stepStateLabel } from '../../../../client/src/features/registrations/components/verification-stepper.tsx';
import { reviewActionsApply, stepAfterStageMove } from '../../../../client/src/features/registrations/model.ts';
import { useReactRoot } from '../../react-dom.ts';

const dom = useReactRoot();

describe('due-diligence review actions', () => {
  it('are offered only while the registration waits on due diligence (not once activated, withdrawn or approved)', () => {
    expect(PHASES.filter((phase) => reviewActionsApply({ phase }))).toEqual(['due_diligence']);
  });
});

describe('verification stepper words', () => {
  it('never says In progress beside a tick: the stage reached now reads Current step', () => {
    expect(stepStateLabel('active')).toBe('Current step');
    expect(stepStateLabel('completed')).toBe('Completed');
    expect(stepStateLabel('pending')).toBe('Pending');
  });

  it('right after verifying: Profile Verified is ticked and reads Current step', () => {
    const status: UserStatusResponse = {
      status: STAGES.map((stage, index) => ({ field_name: stage, status_text: STAGE_TITLES[stage], status: index < 2 ? 'completed' : index === 2 ? 'active' : 'pending' })),
      current_status: [],
    };
    dom.render(<StepperView userId="42" status={status} loading={false} search="step=profile_verified" />);
    const step = [...dom.container.querySelectorAll('.stepper__step')][2];
    expect(step?.querySelector('.stepper__marker svg')).not.toBeNull();
    expect(step?.querySelector('.stepper__state')?.textContent).toBe('Current step');
    expect(dom.container.textContent).not.toContain('In progress');
  });
});

describe('verification page step after the stage moves', () => {
  it('follows the stage it showed, so the heading names the step just reached', () => {
    expect(stepAfterStageMove('completed_registration', 'completed_registration', 'profile_verified')).toBe('profile_verified');
  });
  it('stays on an earlier step that was being looked at, and when nothing moved', () => {
    expect(stepAfterStageMove('signed_up', 'completed_registration', 'profile_verified')).toBe('signed_up');
    expect(stepAfterStageMove('profile_verified', 'profile_verified', 'profile_verified')).toBe('profile_verified');
  });
});
