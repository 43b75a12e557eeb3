/**
 * A list's view (search, page, filters, sort) lives in the query string, so reload, back/forward and a
 * pasted link restore the same view. A schema names each parameter with its parser and default; a missing
 * or bad value reads as the default, and defaults are left out of the URL so the plain path is the default
 * view.
 */

export interface Field<V> {
  defaultValue: V;
  /** The value of a raw query parameter, or undefined when it is not a valid one. */
  parse(raw: string): V | undefined;
  format(value: V): string;
}

/**
 * Free text, trimmed; `lowerCase` keeps it in lower case (the search box's rule, spec section 2). A longer
 * text than `maxLength` (a pasted link) is cut to it, so the view never asks for what the server refuses.
 */
export function textField(options: { lowerCase?: boolean; maxLength?: number } = {}): Field<string> {
  const clean = (raw: string) => {
    const text = (options.lowerCase ? raw.toLowerCase() : raw).slice(0, options.maxLength);
    return text.trim();
  };
  return { defaultValue: '', parse: clean, format: clean };
}

/** A whole number from `min` up; page numbers start at 1. */
export function integerField(defaultValue: number, min = 1): Field<number> {
  return {
    defaultValue,
    parse: (raw) => (/^\d+$/.test(raw) && Number(raw) >= min && Number.isSafeInteger(Number(raw)) ? Number(raw) : undefined),
    format: String,
  };
}

/** One of a fixed set of values (a filter or a sort order). */
export function choiceField<T extends string>(values: readonly T[], defaultValue: T): Field<T> {
  return {
    defaultValue,
    parse: (raw) => values.find((value) => value === raw),
    format: (value) => value,
  };
}

/**
 * Any number of a fixed set of values, comma-separated ('ADMIN,REVIEWER'), kept in the set's order so one
 * choice has one URL; none chosen is the default (no filter). Unknown values are dropped.
 */
export function multiChoiceField<T extends string>(values: readonly T[]): Field<T[]> {
  const ordered = (chosen: readonly string[]) => values.filter((value) => chosen.includes(value));
  return {
    defaultValue: [],
    parse: (raw) => {
      const chosen = ordered(raw.split(','));
      return chosen.length > 0 ? chosen : undefined;
    },
    format: (chosen) => ordered(chosen).join(','),
  };
}

/** Every list has a page; `search`, when present, is the search box. Other fields are filters or the sort. */
export type ListSchema = { page: Field<number>; search?: Field<string> } & Record<string, Field<unknown>>;

export type ListView<S extends ListSchema> = { [K in keyof S]: S[K] extends Field<infer V> ? V : never };

export function defaultView<S extends ListSchema>(schema: S): ListView<S> {
  return Object.fromEntries(Object.entries(schema).map(([name, field]) => [name, field.defaultValue])) as ListView<S>;
}

/** The view a query string (with or without its '?') describes; parameters outside the schema are ignored. */
export function parseListView<S extends ListSchema>(schema: S, search: string): ListView<S> {
  const params = new URLSearchParams(search);
  const entries = Object.entries(schema).map(([name, field]) => {
    const raw = params.get(name);
    const parsed = raw === null ? undefined : field.parse(raw);
    return [name, parsed === undefined || parsed === '' ? field.defaultValue : parsed];
  });
  return Object.fromEntries(entries) as ListView<S>;
}

/** The query string (without '?') of a view, in schema order, leaving out values equal to their default. */
export function serialiseListView<S extends ListSchema>(schema: S, view: ListView<S>): string {
  const params = new URLSearchParams();
  for (const [name, field] of Object.entries(schema)) {
    const value = (view as Record<string, unknown>)[name];
    if (value === undefined || value === field.defaultValue) continue;
    const text = field.format(value);
    if (text !== '' && text !== field.format(field.defaultValue)) params.set(name, text);
  }
  return params.toString();
}

export interface ViewChange<V> {
  view: V;
  /** Typing in the search box replaces the history entry; page, filter and sort changes push one. */
  replace: boolean;
}

/**
 * Applies a change: any change other than the page itself (search, a filter, the sort) goes back to page 1,
 * because the old page number means nothing in the new result set.
 */
export function changeView<V extends object>(view: V, patch: Partial<V>): ViewChange<V> {
  const names = Object.keys(patch).filter((name) => (patch as Record<string, unknown>)[name] !== (view as Record<string, unknown>)[name]);
  const resetsPage = names.some((name) => name !== 'page');
  const next = { ...view, ...patch, ...(resetsPage && !('page' in patch) ? { page: 1 } : {}) } as V;
  return { view: next, replace: names.length > 0 && names.every((name) => name === 'search') };
}
