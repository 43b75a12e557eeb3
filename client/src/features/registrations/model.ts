/** The onboarding pages' display rules: the verification link of a list row. */
import type { RegistrationListItem } from '../../../../common/contract/registrations.ts';
import { verificationPath } from '../../lib/verification-link.ts';

/**
 * The verification page on the registration's current step. One returned for correction is back at the
 * registration form: its step is completed_registration with the return flag (spec section 2, stepper).
 */
export function verificationHref(item: Pick<RegistrationListItem, 'id' | 'stage' | 'review_state'>): string {
  return item.review_state === 'returned' ? verificationPath(item.id, 'completed_registration', true) : verificationPath(item.id, item.stage);
}
