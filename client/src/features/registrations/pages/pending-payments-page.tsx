import { actionsColumn, companyColumn, cycleColumn, planColumn, regIdColumn, statusColumn, totalColumn } from '../components/columns.tsx';
import { OnboardingList, onboardingSchema } from '../components/onboarding-list.tsx';
import { detailHref } from '../model.ts';

/** Most recently reviewed first (documents received last). */
const schema = onboardingSchema('-recieved_on');
const columns = [regIdColumn, companyColumn, planColumn, cycleColumn, totalColumn, statusColumn, actionsColumn];

/**
 * Plan Approval: registrations whose due diligence is approved: set the plan (price, VAT and total per
 * cycle shown as it is edited), approve it ('Awaiting Payment') and record the payment.
 */
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
