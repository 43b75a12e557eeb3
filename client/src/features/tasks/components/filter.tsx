import { useId, type ReactNode } from 'react';

/** A labelled select of the Tasks page's toolbar and dialogs. */
export function Filter({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="tasks-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="tasks-filter__select" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}
