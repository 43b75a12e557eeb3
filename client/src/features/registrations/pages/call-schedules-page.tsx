import { useSignals } from '@preact/signals-react/runtime';
import { canSee } from '../../../../../common/access.ts';
import { isStaffRole } from '../../../../../common/roles.ts';
import { session } from '../../../state/session.ts';
import { companyColumn, meetingColumn, regIdColumn, statusColumn } from '../components/columns.tsx';
import { OnboardingList, onboardingSchema } from '../components/onboarding-list.tsx';
import { verificationHref } from '../model.ts';

/** Soonest call first. */
const schema = onboardingSchema('meeting_at');
const columns = [regIdColumn, companyColumn, meetingColumn, { id: 'booked_by', header: 'Booked By', cell: (item: { meeting_booked_by: string | null }) => item.meeting_booked_by ?? '-' }, statusColumn];

/** Spec section 7: registrations at meeting_scheduled, active, with the call's time in Dubai and who booked it. */
export function CallSchedulesPage() {
  useSignals();
  const role = session.value.role;
  // Reviewers see the schedule but not the verification pages, so their rows are not links.
  const linked = isStaffRole(role) && canSee(role, 'registrations');
  return (
    <OnboardingList
      queue="call-schedules"
      schema={schema}
      scope={() => ({ stage: 'meeting_scheduled', status: 'active' })}
      label="Call Schedule"
      columns={columns}
      rowHref={linked ? verificationHref : undefined}
    />
  );
}
