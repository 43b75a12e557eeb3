import { useSignals } from '@preact/signals-react/runtime';
import { canSee } from '../../../../../common/access.ts';
import { dubaiDate } from '../../../../../common/calendar.ts';
import { isStaffRole } from '../../../../../common/roles.ts';
import { choiceField } from '../../../lib/url-list-state.ts';
import { session } from '../../../state/session.ts';
import { useHosts } from '../api.ts';
import { actionsColumn, callTimeColumn, companyColumn, hostColumn, regIdColumn, statusColumn } from '../components/columns.tsx';
import { OnboardingList, onboardingSchema } from '../components/onboarding-list.tsx';
import { verificationHref } from '../model.ts';

const WHOSE = ['all', 'mine'] as const;
const WHEN = ['any', 'today'] as const;
/** Past calls needing an outcome first, then upcoming ones (Today, Tomorrow, Later), missed ones and held ones. */
const schema = { ...onboardingSchema('call_schedule'), calls: choiceField(WHOSE, 'all'), when: choiceField(WHEN, 'any') };
// The status is the call's outcome: 'Meeting Scheduled' (none yet), 'No Show', 'Awaiting Documents' (held).
const columns = [regIdColumn, companyColumn, callTimeColumn, hostColumn, { ...statusColumn, header: 'Outcome' }, actionsColumn];
const readerColumns = columns.filter((column) => column !== actionsColumn);

/**
 * Call Schedule (spec section 7): registrations at meeting_scheduled, active, with the call's Dubai time
 * under its group (Today, Tomorrow, Later, Needs outcome), host and mode, and outcome (its status label); 'My calls' keeps the calls the signed-in user hosts.
 */
export function CallSchedulesPage() {
  useSignals();
  const role = session.value.role;
  // Reviewers see the schedule but not the verification pages (nor the actions), so their rows are not links.
  const linked = isStaffRole(role) && canSee(role, 'registrations');
  const hosts = useHosts(linked);
  const email = session.value.email?.toLowerCase() ?? '';
  const me = hosts.data?.find((host) => host.email.toLowerCase() === email) ?? null;
  return (
    <OnboardingList
      queue="call-schedules"
      schema={schema}
      scope={(view) => ({
        stage: 'meeting_scheduled',
        status: 'active',
        ...(view.calls === 'mine' && me ? { host_id: me.id } : {}),
        ...(view.when === 'today' ? { call_on: dubaiDate() } : {}),
      })}
      label="Call Schedule"
      columns={linked ? columns : readerColumns}
      rowHref={linked ? verificationHref : undefined}
      filters={(view, update) => (
        <>
          {me && (
            <label className="onboarding-list__filter onboarding-list__toggle">
              <input type="checkbox" checked={view.calls === 'mine'} onChange={(event) => update({ calls: event.target.checked ? 'mine' : 'all' })} />
              My calls
            </label>
          )}
          <label className="onboarding-list__filter onboarding-list__toggle">
            <input type="checkbox" checked={view.when === 'today'} onChange={(event) => update({ when: event.target.checked ? 'today' : 'any' })} />
            Today
          </label>
        </>
      )}
    />
  );
}
