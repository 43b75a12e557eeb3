import { companyColumn, dateColumn, regIdColumn, statusColumn } from '../components/columns.tsx';
import { OnboardingList, onboardingSchema } from '../components/onboarding-list.tsx';
import { detailHref } from '../model.ts';

/** Longest-waiting request first: the order staff work the queue in. */
const schema = onboardingSchema('requested_on');
const columns = [regIdColumn, companyColumn, dateColumn('requested_on', 'Requested On'), dateColumn('recieved_on', 'Recieved On'), statusColumn];

/** Spec section 2: registrations at documents_submitted, active, waiting for due diligence. */
export function DueDiligencePage() {
  return (
    <OnboardingList
      queue="due-diligence"
      schema={schema}
      scope={() => ({ stage: 'documents_submitted', status: 'active' })}
      label="Due Diligence"
      columns={columns}
      rowHref={detailHref}
      searchPlaceholder="Search by Company"
    />
  );
}
