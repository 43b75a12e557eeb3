/**
 * A table's row shape declared once (one schema module per table, e.g. modules/clients/table.ts): each column
 * with the type the stores read it as. The stores' SQL column lists and row types derive from it, so a
 * column is named in the migration that made it and in its table module, nowhere else. A test holds each
 * table module to the database's own columns (tests/backend/db/tables.test.ts).
 *
 * Chosen over a query builder (Kysely): the stores keep their plain SQL, which the reviews and the EXPLAIN
 * benchmarks read; only the lists that repeated the row shape go.
 */

/** How a column comes back: as the driver reads it, or a date as 'YYYY-MM-DD' text (no time zone touches it). */
export type ColumnRead = 'value' | 'date';

/** One column: its TypeScript type (a phantom, never a value) and how it is read. */
export interface Column<T> {
  readonly read: ColumnRead;
  readonly type?: T;
}

export const column = <T>(read: ColumnRead = 'value'): Column<T> => ({ read });

export type Columns = Readonly<Record<string, Column<unknown>>>;

/** A row of the table as its stores read it. */
export type RowOf<C extends Columns> = { -readonly [K in keyof C]: C[K] extends Column<infer T> ? T : never };

export interface Table<C extends Columns> {
  readonly name: string;
  readonly columns: C;
}

export const table = <C extends Columns>(name: string, columns: C): Table<C> => ({ name, columns });

/** The SELECT list of some columns, under an alias or none: `c.id, to_char(c.licence_expires_on, 'YYYY-MM-DD') AS licence_expires_on`. */
export function selectList<C extends Columns>(of: Table<C>, alias: string | null, names: readonly (keyof C & string)[]): string {
  return names
    .map((name) => {
      const qualified = alias ? `${alias}.${name}` : name;
      return of.columns[name]!.read === 'date' ? `to_char(${qualified}, 'YYYY-MM-DD') AS ${name}` : qualified;
    })
    .join(', ');
}

/** An INSERT's column list and its placeholders from $`first` on: `(a, b)` and `($1, $2)`. */
export function insertList<C extends Columns>(names: readonly (keyof C & string)[], first = 1): { columns: string; values: string } {
  return { columns: `(${names.join(', ')})`, values: `(${names.map((_, index) => `$${first + index}`).join(', ')})` };
}

/** An UPDATE's assignments from $`first` on: `a = $2, b = $3`. */
export function assignList<C extends Columns>(names: readonly (keyof C & string)[], first = 1): string {
  return names.map((name, index) => `${name} = $${first + index}`).join(', ');
}

/** Every column of the table, in the order it declares them: the SELECT list of a store that reads whole rows. */
export const columnNames = <C extends Columns>(of: Table<C>): (keyof C & string)[] => Object.keys(of.columns) as (keyof C & string)[];
