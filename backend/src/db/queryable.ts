/**
 * What the back end sees of storage, on its own so both drivers (PGlite in database.ts, node-postgres in
 * postgres.ts) implement it without importing each other.
 */
export interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls onMessage with the payload of every NOTIFY on `channel` (pg_notify in any connection or process on
   * the same database, delivered after its transaction commits); resolves to a function that stops listening.
   * onResume is called when the listening connection is back after it was lost (a server restart or crash):
   * whatever was sent while it was down never arrives, so the caller reads what it may have missed.
   */
  listen(channel: string, onMessage: (payload: string) => void, onResume?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The connections in use and the callers waiting for one, read by the metrics at scrape time. */
  poolStats?(): PoolStats;
  /**
   * PGlite only: a consistent copy of the whole data folder (PGlite's dumpDataDir, a tar) with the tables'
   * row counts and checksums at that moment; the back end's other queries wait while it is taken.
   */
  snapshot?(): Promise<{ dump: Blob; tables: Record<string, TableSums> }>;
}

export interface PoolStats {
  /** Connections the pool may open (PGlite: its one). */
  max: number;
  /** Connections open now. */
  open: number;
  /** Connections running a query or a transaction. */
  inUse: number;
  /** Queries and transactions waiting for a connection. */
  waiting: number;
}

/** A table's row count and a checksum of its rows, as a backup records them (snapshot.ts). */
export interface TableSums {
  rows: number;
  /** md5 of the table's rows as text, sorted, one a line. */
  checksum: string;
}
