/** One schema migration: an id (applied in increasing order, once each) and its statements, run in one transaction. */
export interface Migration {
  id: number;
  name: string;
  statements: string[];
}

/** A CHECK constraint's value list from a constant list of the code ('a', 'b'). */
export const sqlList = (values: readonly string[]) => values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ');
