import { companyColumn, dateColumn, regIdColumn, statusColumn } from './columns.tsx';
import { OnboardingList, onboardingSchema } from './onboarding-list.tsx';
import { verificationHref } from './rules.ts';

/** Longest-waiting payment first. */
const schema = onboardingSchema('payment_date');
const columns = [
  regIdColumn,
  companyColumn,
  { id: 'plan', header: 'Plan', span: 2 as const, cell: (item: { plan_name: string | null }) => item.plan_name ?? '-' },
  dateColumn('payment_date', 'Payment Date'),
  statusColumn,
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
