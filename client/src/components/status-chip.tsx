import type { ReactNode } from 'react';
import { REGISTRATION_STATUS } from '../../../common/stages.ts';
import './status-chip.css';

export type ChipVariant = 'purple' | 'red' | 'blue' | 'green' | 'amber' | 'neutral';

export function StatusChip({ variant = 'neutral', children }: { variant?: ChipVariant; children: ReactNode }) {
  return <span className={`status-chip status-chip--${variant}`}>{children}</span>;
}

/** Spec section 4: a registration status 'Awaiting Documents' is purple, 'Pending Due Diligence' red, any other uncoloured. */
export function statusVariant(status: string): ChipVariant {
  if (status === REGISTRATION_STATUS.awaitingDocuments) return 'purple';
  if (status === REGISTRATION_STATUS.pendingDueDiligence) return 'red';
  return 'neutral';
}
