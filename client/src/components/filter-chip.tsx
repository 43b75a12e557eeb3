import type { ReactNode } from 'react';
import { Icon } from './icon.tsx';
import './filter-chip.css';

/** A filter a list applies beyond its toolbar's controls (a client, a record), shown with a button that drops it. */
export function FilterChip({ children, clearLabel, onClear }: { children: ReactNode; clearLabel: string; onClear: () => void }) {
  return (
    <span className="filter-chip">
      {children}
      <button type="button" className="icon-button" aria-label={clearLabel} onClick={onClear}>
        <Icon name="close" size={14} />
      </button>
    </span>
  );
}
