import { useId } from 'react';
import type { NewBulkJob } from '../../../common/contract/work.ts';

type Params = NewBulkJob['params'];

interface Person {
  id: number;
  display_name: string | null;
  email: string;
}

/**
 * A bulk action dialog's one choice (issue 22): a person (assign to, or nobody when `noneLabel` is given) or
 * one of fixed options (a status), written to `params[name]`.
 */
export function BulkChoice({
  label,
  name,
  params,
  setParams,
  people,
  options,
  noneLabel,
}: {
  label: string;
  name: string;
  params: Params;
  setParams: (params: Params) => void;
  people?: readonly Person[];
  options?: readonly { value: string; label: string }[];
  noneLabel?: string;
}) {
  const id = useId();
  const value = params[name];
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={value === null || value === undefined ? '' : String(value)}
        onChange={(event) => {
          const raw = event.target.value;
          setParams({ ...params, [name]: raw === '' ? null : people ? Number(raw) : raw });
        }}
      >
        {noneLabel !== undefined ? <option value="">{noneLabel}</option> : <option value="" disabled>Choose…</option>}
        {(people ?? []).map((person) => (
          <option key={person.id} value={person.id}>
            {person.display_name ?? person.email}
          </option>
        ))}
        {(options ?? []).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A list's query as a bulk job's filter ('all N matching'): the list call's own parameters as text, without
 * the page, so the server selects exactly the rows the list shows across pages.
 */
export function bulkFilter(query: object): Record<string, string> {
  const filter: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || name === 'page' || name === 'page_size') continue;
    filter[name] = String(value);
  }
  return filter;
}
