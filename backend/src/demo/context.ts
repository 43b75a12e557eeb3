/** What every area's demo seed is given, on its own so the seeds and the table that runs them do not import each other. */
import type { Queryable } from '../db/database.ts';

export interface DemoContext {
  /** The moment of seeding: demo dates are relative to it. */
  now: Date;
}

/** An area's demo data for an empty database, written in the one seeding transaction. */
export type DemoSeed = (tx: Queryable, demo: DemoContext) => Promise<void>;
