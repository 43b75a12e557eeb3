import { useId, type ReactNode } from 'react';

/** A labelled select of the Unsynced Inv page's filters, on both its tabs. */
export function Filter({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="unsynced__filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="unsynced__select" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}
