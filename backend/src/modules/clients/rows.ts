/** Small row helpers the clients area's stores share: instants and dates (a joined person: lib/person-sql.ts). */
export const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** A date column as 'YYYY-MM-DD' in SQL (no time zone ever touches it). */
export const dateText = (column: string, as: string) => `to_char(${column}, 'YYYY-MM-DD') AS ${as}`;
/** A first-of-month date column as 'YYYY-MM'. */
export const monthText = (column: string, as: string) => `to_char(${column}, 'YYYY-MM') AS ${as}`;
