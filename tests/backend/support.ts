/**
 * Helpers for the back-end tests: real emulator accounts and ID tokens, and a back end on a real database.
 * The suite runs twice, once per vitest project: on PGlite, and on a throw-away Postgres server
 * (inject('postgresUrl'), started by the global setup). startBackend and openTestDatabase pick the database,
 * so a test written against them runs on both without doing anything about it. Both start from a copy of
 * the run's template (migrated, and for startBackend seeded with the demo data: tests/support/database-templates.ts),
 * not from initdb, every migration and the seed again.
 */
import { randomUUID } from 'node:crypto';
import type { Agent } from 'node:http';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildBackend } from '../../backend/src/app.ts';
import { loadConfig } from '../../backend/src/config.ts';
import { openDatabase, type Database } from '../../backend/src/db/database.ts';
import type { Role } from '../../common/roles.ts';
import { DEMO_PASSWORD } from '../../backend/src/demo/accounts.ts';
import { seedEmulatorAccounts } from '../../scripts/lib/demo-accounts.ts';
import { TEST_PROJECT_ID } from '../support/constants.ts';
import { copyPostgresTemplate, readPgliteDump } from '../support/database-templates.ts';
import { emulatorFetch, emulatorIdToken } from '../../scripts/lib/emulator-fetch.ts';
import { SECOND_FACTOR_CLAIM } from '../../common/contract/security-paths.ts';
import { codeAt, newSecret } from '../../backend/src/modules/security/totp.ts';

export interface TestUser {
  email: string;
  role: Role;
  token: string;
}

/** Which database this project runs on, for the rare test that must say so (e.g. a table listing). */
export const onPostgres = () => inject('postgresUrl') !== '';

const postgresDatabases = new Map<string, Promise<string>>();

async function createPostgresDatabase(): Promise<string> {
  const admin = new URL(inject('postgresUrl'));
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  admin.pathname = `/${name}`;
  return admin.href;
}

/**
 * Where a test's database lives, given the PGlite location the test asks for: on PGlite that location itself;
 * on Postgres a new database for 'memory://' (a throw-away one) and, for a folder, the same database every
 * time that folder is asked for, so restarts see their data as they do on disk.
 */
export async function testDatabaseLocation(pgliteLocation = 'memory://'): Promise<string> {
  if (!onPostgres()) return pgliteLocation;
  if (pgliteLocation === 'memory://') return createPostgresDatabase();
  let database = postgresDatabases.get(pgliteLocation);
  if (!database) {
    database = createPostgresDatabase();
    postgresDatabases.set(pgliteLocation, database);
  }
  return database;
}

/** A throw-away copy of the run's template database: `seeded` with the demo data, else only migrated. */
async function templateCopy(seeded: boolean): Promise<{ url: string } | { pgliteDump: Blob }> {
  const templates = inject('databaseTemplates');
  if (onPostgres()) {
    const name = `test_${randomUUID().replaceAll('-', '')}`;
    return { url: await copyPostgresTemplate(inject('postgresUrl'), seeded ? templates.postgresSeeded : templates.postgresMigrated, name) };
  }
  return { pgliteDump: await readPgliteDump(seeded ? templates.pgliteSeeded : templates.pgliteMigrated) };
}

/**
 * A migrated, empty database of this project's kind, for tests below HTTP (stores, audit, notifications).
 * A throw-away one is a copy of the run's migrated template; a PGlite folder is opened (and migrated) as it is.
 */
export async function openTestDatabase(pgliteLocation = 'memory://'): Promise<Database> {
  if (pgliteLocation !== 'memory://') return openDatabase(await testDatabaseLocation(pgliteLocation));
  const copy = await templateCopy(false);
  return 'url' in copy ? openDatabase(copy.url) : openDatabase('memory://', { pgliteDump: copy.pgliteDump });
}

/**
 * One migrated, empty database reached as two back-end replicas reach theirs: on Postgres two pools on one copy
 * of the run's migrated template; on PGlite, which has one connection per database, the same copy twice.
 * A copy, not a fresh database: on PGlite that would be initdb and every migration again (seconds of CPU).
 */
export async function openReplicaDatabases(): Promise<{ first: Database; second: Database; close(): Promise<void> }> {
  const copy = await templateCopy(false);
  if ('url' in copy) {
    const first = await openDatabase(copy.url);
    const second = await openDatabase(copy.url);
    return { first, second, close: async () => void (await Promise.all([first.close(), second.close()])) };
  }
  const only = await openDatabase('memory://', { pgliteDump: copy.pgliteDump });
  return { first: only, second: only, close: () => only.close() };
}

/**
 * A back end on a database of this project's kind with the demo data: a throw-away one ('memory://') is a
 * copy of the run's seeded template; a PGlite folder (a test of restarts) is opened, migrated and seeded by
 * the back end itself, as `npm start` does, and so is the Postgres database of `databaseUrl` (a server of the
 * test's own, in any project).
 */
export async function startBackend(emulatorHost: string, dataDir = 'memory://', extras: { httpAgent?: Agent; databaseUrl?: string } = {}): Promise<FastifyInstance> {
  const { databaseUrl, ...options } = extras;
  const copy = dataDir === 'memory://' && !databaseUrl ? await templateCopy(true) : undefined;
  const location = databaseUrl ?? (copy && 'url' in copy ? copy.url : await testDatabaseLocation(dataDir));
  // The back end finds the demo data's users and does not seed again.
  const app = await buildBackend(
    loadConfig({
      ...(databaseUrl || onPostgres() ? { DATABASE_URL: location } : { DATA_DIR: location }),
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'silent',
      // Two cores shared with browser tests: the 5 s production bound on token checks is too tight here.
      AUTH_TIMEOUT_MS: '20000',
    }),
    { ...options, ...(copy && 'pgliteDump' in copy ? { pgliteDump: copy.pgliteDump } : {}) },
  );
  await app.ready();
  return app;
}

/** Signs in through the emulator's REST API, as the web SDK does, and returns the real ID token (its sign-in past the second factor). */
export function signIn(emulatorHost: string, email: string, password = DEMO_PASSWORD, options: { secondFactor?: boolean } = {}): Promise<string> {
  return emulatorIdToken(emulatorHost, email, password, options);
}

/** A fresh, unverified account created by self sign-up (what any visitor could do). */
export async function signUpUnverified(emulatorHost: string, email: string): Promise<string> {
  const response = await emulatorFetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`sign-up failed for ${email}: ${JSON.stringify(body)}`);
  return body.idToken;
}

/**
 * One emulator account (verified e-mail, unique to this run) and one back-end user row per role, and a real
 * ID token for each: the back end links the row on first sign-in by the verified e-mail.
 */
export async function createUsers(app: FastifyInstance, emulatorHost: string, roles: readonly Role[], tag: string): Promise<Map<Role, TestUser>> {
  const run = randomUUID().slice(0, 8);
  const accounts = roles.map((role) => ({
    email: `${tag}-${role.toLowerCase()}-${run}@example.test`,
    password: DEMO_PASSWORD,
    role,
    displayName: `Test ${role}`,
  }));
  await seedEmulatorAccounts(emulatorHost, TEST_PROJECT_ID, accounts);
  const users = new Map<Role, TestUser>();
  for (const account of accounts) {
    const [row] = await app.db.query<{ id: number }>(
      'INSERT INTO users (email, display_name, role) VALUES ($1, $2, $3) RETURNING id',
      [account.email, account.displayName, account.role],
    );
    await app.db.query('INSERT INTO profiles (user_id) VALUES ($1)', [row!.id]);
    users.set(account.role, { email: account.email, role: account.role, token: await signIn(emulatorHost, account.email) });
  }
  return users;
}

/** An unsigned token as the emulator issues them; firebase-admin in emulator mode checks claims, not signatures. */
export function forgeEmulatorToken(claims: { projectId: string; uid: string; email?: string; issuedSecondsAgo?: number; lifetimeSeconds?: number; secondFactor?: boolean }): string {
  const now = Math.floor(Date.now() / 1000);
  const iat = now - (claims.issuedSecondsAgo ?? 0);
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    iss: `https://securetoken.google.com/${claims.projectId}`,
    aud: claims.projectId,
    auth_time: iat,
    user_id: claims.uid,
    sub: claims.uid,
    iat,
    exp: iat + (claims.lifetimeSeconds ?? 3600),
    email: claims.email,
    email_verified: true,
    firebase: { identities: {}, sign_in_provider: 'password' },
    // The sign-in passed the second factor, unless the test is about one that did not.
    ...(claims.secondFactor === false ? {} : { [SECOND_FACTOR_CLAIM]: [iat] }),
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}

export const auth = (token: string) => ({ authorization: `Firebase ${token}` });

/**
 * Gives a test user an enrolled second factor and answers the code of its app now, as an ADMIN types it for a
 * step-up. A code is good once per 30 s step: each call forgets the last step used, so a test may act twice
 * in one step as an ADMIN would a minute apart.
 */
export async function stepUpCodes(app: FastifyInstance, email: string): Promise<{ userId: number; secret: string; code: () => Promise<string> }> {
  const [user] = await app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  const secret = newSecret();
  await app.db.query(
    `INSERT INTO second_factors (user_id, secret, confirmed_at) VALUES ($1, $2, CURRENT_TIMESTAMP)
     ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, confirmed_at = excluded.confirmed_at, last_step = 0, failures = 0, locked_until = NULL`,
    [user!.id, secret],
  );
  return {
    userId: user!.id,
    secret,
    code: async () => {
      await app.db.query('UPDATE second_factors SET last_step = 0 WHERE user_id = $1', [user!.id]);
      return codeAt(secret, Date.now());
    },
  };
}

/**
 * A back end for one test file with one user per role (signed in once, so the back end has linked them),
 * started before its tests and closed after. `app` and `users` are readable once the file's tests run.
 */
export function backendFor(roles: readonly Role[], tag: string) {
  const emulatorHost = inject('authEmulatorHost');
  let app: FastifyInstance | undefined;
  let users = new Map<Role, TestUser>();
  beforeAll(async () => {
    app = await startBackend(emulatorHost);
    users = await createUsers(app, emulatorHost, roles, tag);
    for (const user of users.values()) await app.inject({ method: 'GET', url: '/api/users/me', headers: auth(user.token) });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
  });
  const started = (): FastifyInstance => {
    if (!app) throw new Error('the back end starts in beforeAll');
    return app;
  };
  const as = (role: Role) => auth(users.get(role)!.token);
  return {
    get app() {
      return started();
    },
    get users() {
      return users;
    },
    as,
    get: (url: string, role: Role = 'ADMIN') => started().inject({ method: 'GET', url, headers: as(role) }),
    send: (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload: object, role: Role = 'ADMIN', headers: Record<string, string> = {}) =>
      started().inject({ method, url, headers: { ...as(role), ...headers }, payload }),
    /** Every role of the file's answers `url` with 200 if it is in `allowed`, else 403. */
    async expectOnly(url: string, allowed: readonly Role[]) {
      for (const role of roles) {
        const response = await started().inject({ method: 'GET', url, headers: as(role) });
        if (response.statusCode !== (allowed.includes(role) ? 200 : 403)) throw new Error(`${role} ${url}: ${response.statusCode}`);
      }
    },
    /** The kinds of a record's audit events, oldest first. */
    auditKinds: async (entity: string, id: number) =>
      (await started().db.query<{ kind: string }>('SELECT kind FROM audit_events WHERE entity = $1 AND entity_id = $2 ORDER BY id', [entity, id])).map((row) => row.kind),
  };
}
