import type { ReactNode } from 'react';
import './status-chip.css';

export type ChipVariant = 'purple' | 'red' | 'blue' | 'green' | 'amber' | 'neutral';

export function StatusChip({ variant = 'neutral', children }: { variant?: ChipVariant; children: ReactNode }) {
  return <span className={`status-chip status-chip--${variant}`}>{children}</span>;
}
