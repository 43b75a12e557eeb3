import { companyColumn, dateColumn, planColumn, regIdColumn, statusColumn } from '../components/columns.tsx';
import { OnboardingList, onboardingSchema } from '../components/onboarding-list.tsx';
import { verificationHref } from '../model.ts';

/** Longest-waiting payment first. */
const schema = onboardingSchema('payment_date');
const columns = [regIdColumn, companyColumn, planColumn, dateColumn('payment_date', 'Payment Date'), statusColumn];

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
