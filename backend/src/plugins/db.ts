/** Opens the database for the app's lifetime (migrated, seeded on request) and closes it on shutdown. */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../db/database.ts';
import { seedDemoData } from '../demo/seed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export interface DbPluginOptions {
  /** DATABASE_URL or DATA_DIR, as openDatabase takes it. */
  location: string;
  poolMax: number;
  seedDemoData: boolean;
  /** An open database to use instead (several app instances on one database in tests); its owner closes it. */
  database?: Database;
}

export const dbPlugin = fp<DbPluginOptions>(
  async (app: FastifyInstance, options) => {
    const db = options.database ?? (await openDatabase(options.location, { poolMax: options.poolMax }));
    app.decorate('db', db);
    if (!options.database) app.addHook('onClose', () => db.close());
    if (options.seedDemoData && (await seedDemoData(db))) app.log.info('seeded the empty database with demo data');
  },
  { name: 'db' },
);
