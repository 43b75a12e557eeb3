import { companyColumn, regIdColumn, statusColumn } from './columns.tsx';
import { OnboardingList, onboardingSchema } from './onboarding-list.tsx';
import { formatAed } from '../../lib/money.ts';

/** Most recently reviewed first (documents received last). */
const schema = onboardingSchema('-recieved_on');
const columns = [
  regIdColumn,
  companyColumn,
  { id: 'plan', header: 'Plan', span: 2 as const, cell: (item: { plan_name: string | null }) => item.plan_name ?? '-' },
  { id: 'amount', header: 'Amount', cell: (item: { plan_amount_aed: string | null }) => formatAed(item.plan_amount_aed) },
  { ...statusColumn, span: 2 as const },
];

/** Plan Approval: registrations whose due diligence is approved, waiting on their chosen plan's approval. */
export function PendingPaymentsPage() {
  return (
    <OnboardingList
      queue="pending-payments"
      schema={schema}
      scope={() => ({ stage: 'documents_submitted', status: 'active' })}
      label="Plan Approval"
      columns={columns}
      rowHref={(item) => `/due-diligence/details/${item.id}`}
    />
  );
}
