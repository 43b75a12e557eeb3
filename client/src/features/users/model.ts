/** The Users page's rules: how a user's status reads, and which actions a row offers. */
import type { StaffUser } from '../../../../common/contract/users.ts';
import type { ChipVariant } from '../../components/status-chip.tsx';

export const USER_STATUS_LABELS: Record<StaffUser['status'], { label: string; variant: ChipVariant }> = {
  invited: { label: 'Invited', variant: 'amber' },
  active: { label: 'Active', variant: 'green' },
  deactivated: { label: 'Deactivated', variant: 'neutral' },
};

/** An invited user has not signed in yet: their set-password link may be lost or expired, so it can be sent again. */
export const canResendLink = (user: StaffUser) => user.status === 'invited';
