import { amountColumn, companyColumn, planColumn, regIdColumn, statusColumn } from '../components/columns.tsx';
import { OnboardingList, onboardingSchema } from '../components/onboarding-list.tsx';
import { detailHref } from '../model.ts';

/** Most recently reviewed first (documents received last). */
const schema = onboardingSchema('-recieved_on');
const columns = [regIdColumn, companyColumn, planColumn, amountColumn, statusColumn];

/** Plan Approval: registrations whose due diligence is approved, waiting on their chosen plan's approval. */
export function PendingPaymentsPage() {
  return (
    <OnboardingList
      queue="pending-payments"
      schema={schema}
      scope={() => ({ stage: 'documents_submitted', status: 'active' })}
      label="Plan Approval"
      columns={columns}
      rowHref={detailHref}
    />
  );
}
