import type { ProfileCheck } from '../../../../../common/contract/registrations.ts';
import './pipeline-actions.css';

/** The reviewer's checks of the company profile (common/profile-checks.ts), passed or failed with what was found. */
export function ProfileChecks({ checks }: { checks: readonly ProfileCheck[] | null }) {
  if (checks === null) return <p className="pipeline-dialog__muted">Loading the checks...</p>;
  return (
    <ul className="profile-checks" aria-label="Profile checks">
      {checks.map((check) => (
        <li key={check.key} className={check.passed ? 'profile-checks__item profile-checks__item--passed' : 'profile-checks__item profile-checks__item--failed'}>
          <span className="profile-checks__mark" aria-hidden="true">
            {check.passed ? '✓' : '!'}
          </span>
          <span>
            <span className="profile-checks__label">{check.label}</span>
            <span className="visually-hidden">{check.passed ? ': passed' : ': failed'}</span>
            <span className="profile-checks__detail">{check.detail}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
