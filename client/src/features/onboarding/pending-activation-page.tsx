import { companyColumn, dateColumn, regIdColumn, statusColumn } from './columns.tsx';
import { OnboardingList, onboardingSchema } from './onboarding-list.tsx';
import { formatAed, verificationHref } from './rules.ts';

/** Longest-waiting payment first. */
const schema = onboardingSchema('payment_date');
const columns = [
  regIdColumn,
  companyColumn,
  { id: 'plan', header: 'Plan', cell: (item: { plan_name: string | null; plan_amount_aed: string | null }) => (item.plan_name ? `${item.plan_name} (${formatAed(item.plan_amount_aed)})` : '-'), span: 2 as const },
  dateColumn('payment_date', 'Payment Date'),
  { ...statusColumn, span: 2 as const },
];

/** Activation: registrations whose plan is paid, waiting for their account to be activated. */
export function PendingActivationPage() {
  return (
    <OnboardingList
      queue="pending-activation"
      schema={schema}
      scope={() => ({ stage: 'payment_completed', status: 'active' })}
      label="Activation"
      columns={columns}
      rowHref={verificationHref}
    />
  );
}
