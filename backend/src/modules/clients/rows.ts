/** Small row helpers the clients area's stores share: people joined from users, instants and dates. */
import type { PersonRef } from '../../../../common/contract/shared.ts';

/** The columns of a joined users alias as `<as>_id`, `<as>_name`, `<as>_email` (read back with personFrom). */
export const personColumns = (alias: string, as: string) => `${alias}.id AS ${as}_id, ${alias}.display_name AS ${as}_name, ${alias}.email AS ${as}_email`;

export function personFrom(row: object, as: string): PersonRef | null {
  const values = row as Record<string, unknown>;
  const id = values[`${as}_id`];
  if (typeof id !== 'number') return null;
  return { id, display_name: (values[`${as}_name`] as string | null) ?? null, email: (values[`${as}_email`] as string | null) ?? '' };
}

export const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** A date column as 'YYYY-MM-DD' in SQL (no time zone ever touches it). */
export const dateText = (column: string, as: string) => `to_char(${column}, 'YYYY-MM-DD') AS ${as}`;
/** A first-of-month date column as 'YYYY-MM'. */
export const monthText = (column: string, as: string) => `to_char(${column}, 'YYYY-MM') AS ${as}`;
