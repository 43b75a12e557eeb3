/** The freeze banner on a registration's pages, with the lift's two steps (the server decides who may take them). */
import type { ClientFreeze } from '../../../../../common/contract/aml-freeze.ts';
import { FreezeBanner } from '../../../components/freeze-banner.tsx';
import { session } from '../../../state/session.ts';
import { approveFreezeLift, freezeLift, requestFreezeLift } from '../aml-api.ts';

export function RegistrationFreeze({ userId, freeze }: { userId: number; freeze: ClientFreeze }) {
  const { role, email } = session.value;
  const asker = freeze.lift_requested?.by.email.toLowerCase();
  return (
    <FreezeBanner
      freeze={freeze}
      requestLift={role === 'ADMIN' ? (reason, headers) => requestFreezeLift(userId, freeze.version, reason, headers) : null}
      approveLift={(role === 'ADMIN' || role === 'REVIEWER') && asker !== email?.toLowerCase() ? (headers) => approveFreezeLift(userId, freeze.version, headers) : null}
      endpoints={freezeLift}
    />
  );
}
