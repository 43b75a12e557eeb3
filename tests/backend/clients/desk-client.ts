/**
 * A client as the service-desk tests make them (createClient's input), with the bookkeeper and user they name,
 * and the fresh database the desk's job tests run on: two back ends' pools on it (on Postgres; PGlite is one
 * process's database, so both are the same), a bookkeeper, and a client of theirs with a sign-in user.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Role } from '../../../common/roles.ts';
import { addDays, dubaiDate } from '../../../common/calendar.ts';
import type { Database } from '../../../backend/src/db/database.ts';
import { createClient, type NewClient } from '../../../backend/src/modules/clients/index.ts';
import { insertUser } from '../../../backend/src/modules/users/index.ts';
import { auth, createUsers, openReplicaDatabases, startBackend, type TestUser } from '../support.ts';

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

export type DeskWho = Role | 'OTHER_BOOKKEEPER' | 'OTHER_CLIENT';

/**
 * A back end on the demo data for the calling file's HTTP tests of the service desk: an ADMIN, a bookkeeper, a
 * reviewer, a BD executive and a client, a second bookkeeper and client, and one client company of each
 * bookkeeper ('mine' and 'other'), so a file can show another bookkeeper's record is 404.
 */
export function deskBackend(tag: string) {
  const emulatorHost = inject('authEmulatorHost');
  let app: FastifyInstance | undefined;
  const users = new Map<DeskWho, TestUser & { id: number }>();
  const clients = { mine: 0, other: 0 };
  beforeAll(async () => {
    const started = await startBackend(emulatorHost);
    app = started;
    const add = async (suffix: string, roles: Role[], rename: Partial<Record<Role, DeskWho>> = {}) => {
      for (const [role, user] of await createUsers(started, emulatorHost, roles, `${tag}${suffix}`)) {
        const [row] = await started.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]);
        users.set(rename[role] ?? role, { ...user, id: row!.id });
      }
    };
    await add('', ['ADMIN', 'BOOKKEEPER', 'REVIEWER', 'BD_EXEC', 'CLIENT']);
    await add('2', ['BOOKKEEPER', 'CLIENT'], { BOOKKEEPER: 'OTHER_BOOKKEEPER', CLIENT: 'OTHER_CLIENT' });
    await started.db.transaction(async (tx) => {
      clients.mine = await createClient(tx, deskClient({ legalName: 'Mine Desk Trading LLC', bookkeeperId: users.get('BOOKKEEPER')!.id, userId: users.get('CLIENT')!.id }));
      clients.other = await createClient(tx, deskClient({ legalName: 'Other Desk General Trading LLC', bookkeeperId: users.get('OTHER_BOOKKEEPER')!.id, userId: users.get('OTHER_CLIENT')!.id }));
    });
    // The demo seed runs first: slow on a loaded machine.
  }, 180_000);
  afterAll(() => app?.close());
  const started = (): FastifyInstance => {
    if (!app) throw new Error('the back end starts in beforeAll');
    return app;
  };
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: DeskWho, body?: unknown) =>
    started().inject({ method, url: `/api/${url}`, headers: auth(users.get(who)!.token), ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) });
  return {
    get app() {
      return started();
    },
    users,
    clients,
    call,
    get: (url: string, who: DeskWho = 'ADMIN') => call('GET', url, who),
    post: (url: string, body: unknown, who: DeskWho = 'ADMIN') => call('POST', url, who, body),
    ok: <T>(response: LightMyRequestResponse, status = 200): T => {
      expect(response.statusCode, response.body).toBe(status);
      return response.json<T>();
    },
    notificationsOf: (who: DeskWho, kind: string) =>
      started().db.query<{ title: string; body: string; link: string | null }>('SELECT title, body, link FROM notifications WHERE user_id = $1 AND kind = $2 ORDER BY id', [users.get(who)!.id, kind]),
  };
}
