/** The onboarding pages' display rules: status chip colours, the verification link, amounts. */
import type { RegistrationListItem } from '../../../../common/api-contract.ts';
import { REGISTRATION_STATUS } from '../../../../common/stages.ts';
import type { ChipVariant } from '../../components/status-chip.tsx';

/** Spec section 4: 'Awaiting Documents' purple, 'Pending Due Diligence' red, any other uncoloured. */
export function statusVariant(status: string): ChipVariant {
  if (status === REGISTRATION_STATUS.awaitingDocuments) return 'purple';
  if (status === REGISTRATION_STATUS.pendingDueDiligence) return 'red';
  return 'neutral';
}

/**
 * The verification page on the registration's current step. One returned for correction is back at the
 * registration form: its step is completed_registration with the return flag (spec section 2, stepper).
 */
export function verificationHref(item: Pick<RegistrationListItem, 'id' | 'stage' | 'review_state'>): string {
  const params = new URLSearchParams(item.review_state === 'returned' ? { step: 'completed_registration', return: 'true' } : { step: item.stage });
  return `/registrations/${item.id}/verification/?${params}`;
}

const AED = new Intl.NumberFormat('en-AE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '1250.00' -> 'AED 1,250.00'; a missing or malformed amount is a dash. */
export function formatAed(amount: string | null): string {
  if (amount === null || amount.trim() === '' || !Number.isFinite(Number(amount))) return '-';
  return `AED ${AED.format(Number(amount))}`;
}
