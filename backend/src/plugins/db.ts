/** Opens the database for the app's lifetime (migrated) and closes it on shutdown; the app seeds it. */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export interface DbPluginOptions {
  /** DATABASE_URL or DATA_DIR, as openDatabase takes it. */
  location: string;
  poolMax: number;
  /** An open database to use instead (several app instances on one database in tests); its owner closes it. */
  database?: Database;
  /** PGlite only: start from this copy of a data folder (openDatabase's pgliteDump). */
  pgliteDump?: Blob;
}

export const dbPlugin = fp<DbPluginOptions>(
  async (app: FastifyInstance, options) => {
    const db = options.database ?? (await openDatabase(options.location, { poolMax: options.poolMax, ...(options.pgliteDump ? { pgliteDump: options.pgliteDump } : {}) }));
    app.decorate('db', db);
    if (!options.database) app.addHook('onClose', () => db.close());
  },
  { name: 'db' },
);
