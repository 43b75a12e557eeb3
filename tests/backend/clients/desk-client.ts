/**
 * A client as the service-desk tests make them (createClient's input), with the bookkeeper and user they name,
 * and the fresh database the desk's job tests run on: two back ends' pools on it (on Postgres; PGlite is one
 * process's database, so both are the same), a bookkeeper, and a client of theirs with a sign-in user.
 */
import { afterAll, beforeAll } from 'vitest';
import { addDays, dubaiDate } from '../../../common/calendar.ts';
import type { Database } from '../../../backend/src/db/database.ts';
import { createClient, type NewClient } from '../../../backend/src/modules/clients/index.ts';
import { insertUser } from '../../../backend/src/modules/users/index.ts';
import { openReplicaDatabases } from '../support.ts';

export function deskClient(changes: Partial<NewClient> & Pick<NewClient, 'bookkeeperId'>): NewClient {
  return {
    registrationId: null,
    userId: null,
    legalName: 'Desk Trading LLC',
    tradeLicenceNumber: `CN-${Math.floor(Math.random() * 1e7)}`,
    licensingAuthority: 'Mainland (DET)',
    legalForm: 'Limited Liability Company (LLC)',
    licenceExpiresOn: addDays(dubaiDate(), 300),
    vatRegistered: false,
    trn: null,
    vatPeriod: null,
    vatFirstPeriodEndMonth: null,
    corporateTaxNumber: null,
    financialYearEndMonth: 12,
    email: 'accounts@desk.ae',
    phone: '+971 4 000 0000',
    address: 'Business Bay, Dubai',
    reviewerId: null,
    ...changes,
  };
}

export interface DeskDatabase {
  db: Database;
  /** A second back end's pool on the same database (the same one on PGlite). */
  replica: Database;
  bookkeeper: number;
  clientUser: number;
  clientId: number;
  close: () => Promise<void>;
}

export async function openDeskDatabase(): Promise<DeskDatabase> {
  const { first: db, second: replica, close } = await openReplicaDatabases();
  const made = await db.transaction(async (tx) => {
    const bookkeeper = await insertUser(tx, 'desk-bookkeeper@example.test', 'Desk Bookkeeper', 'BOOKKEEPER');
    const clientUser = await insertUser(tx, 'desk-client@example.test', 'Desk Client', 'CLIENT');
    const clientId = await createClient(tx, deskClient({ userId: clientUser, bookkeeperId: bookkeeper }));
    return { bookkeeper, clientUser, clientId };
  });
  return { db, replica, ...made, close };
}

/**
 * The desk's database for the calling file's tests: opened before them (its fields are set from then on) and
 * closed after them. Migrating a fresh database is slow on a loaded machine.
 */
export function deskDatabaseForFile(): DeskDatabase {
  const desk = {} as DeskDatabase;
  beforeAll(async () => {
    Object.assign(desk, await openDeskDatabase());
  }, 120_000);
  afterAll(() => desk.close?.());
  return desk;
}
