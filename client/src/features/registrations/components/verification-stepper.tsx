import { useRoute, useSearch } from 'wouter';
import type { UserStatusResponse } from '../../../../../common/contract/registrations.ts';
import { isStepCompleted } from '../../../../../common/stages.ts';
import { VERIFICATION_PATTERN, verificationPath } from '../../../../../common/links.ts';
import { AppLink } from '../../../components/app-link.tsx';
import { useStatus } from '../api.ts';
import { isRecordId, readVerificationQuery } from '../model.ts';
import './review.css';

/**
 * The registration verification stepper (spec section 2), in the shell's left column under the logo: the
 * seven steps with titles from the status call, completed ones ticked and linked, the selected one
 * highlighted, and the return sub-entry under completed_registration when the return or resubmitted flag is set.
 */
export function VerificationStepper() {
  const [, params] = useRoute<{ userId: string }>(VERIFICATION_PATTERN);
  const userId = params?.userId ?? '';
  const status = useStatus(userId, isRecordId(userId));
  return <StepperView userId={userId} status={status.data} loading={status.isLoading} search={useSearch()} />;
}

export function StepperView({ userId, status, loading, search }: { userId: string; status: UserStatusResponse | undefined; loading: boolean; search: string }) {
  const { step: selected, showReturn } = readVerificationQuery(search);
  const latest = status?.current_status.at(-1);
  if (!status) {
    return (
      <nav className="stepper" aria-label="Registration verification" aria-busy={loading}>
        {loading ? <p className="stepper__note">Loading steps...</p> : <p className="stepper__note">The steps could not be loaded.</p>}
      </nav>
    );
  }
  return (
    <nav className="stepper" aria-label="Registration verification">
      <h2 className="stepper__heading">Verification</h2>
      <ol className="stepper__list">
        {status.status.map((entry, index) => {
          const done = isStepCompleted(entry.status);
          const current = selected === entry.field_name;
          const classes = ['stepper__step', done ? 'stepper__step--done' : 'stepper__step--pending', current ? 'stepper__step--selected' : ''].filter(Boolean).join(' ');
          return (
            <li key={entry.field_name} className={classes} aria-current={current ? 'step' : undefined}>
              <span className="stepper__marker" aria-hidden="true">
                {done ? <Tick /> : index + 1}
              </span>
              <div className="stepper__body">
                {done ? (
                  <AppLink href={verificationPath(userId, entry.field_name)} className="stepper__title">
                    {entry.status_text}
                  </AppLink>
                ) : (
                  <span className="stepper__title">{entry.status_text}</span>
                )}
                <span className="stepper__state">{stepStateLabel(entry.status)}</span>
                {entry.field_name === 'completed_registration' && showReturn && latest ? (
                  <AppLink href={verificationPath(userId, 'completed_registration', true)} className={current ? 'stepper__sub stepper__sub--selected' : 'stepper__sub'}>
                    {latest.status_text}
                  </AppLink>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * The words under a step, agreeing with its marker: a ticked step is done, and the one the registration is at
 * now (status 'active', which the spec counts as completed) is ticked too, so it reads 'Current step', never
 * 'In progress' beside a tick.
 */
export function stepStateLabel(status: string): string {
  if (!isStepCompleted(status)) return 'Pending';
  return status === 'active' ? 'Current step' : 'Completed';
}

function Tick() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round">
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </svg>
  );
}
