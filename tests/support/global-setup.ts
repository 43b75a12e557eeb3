/**
 * One Firebase Auth emulator for the whole test run (it takes ~10 s to start), shared by every test project,
 * and for the `postgres` project a throw-away Postgres server. The databases every test file starts from are
 * migrated and seeded here, once per run (database-templates.ts), while the emulator starts. The bundled
 * Chromium, when the browser tests will use it, is unpacked here once, before any test's time-out runs. Tests
 * reach them through inject('authEmulatorHost'), inject('postgresUrl') and inject('databaseTemplates'), and
 * use their own e-mail addresses and databases, so they can run side by side.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator, type AuthEmulator } from '../../scripts/lib/auth-emulator.ts';
import { startPostgresCluster } from '../../scripts/lib/postgres-cluster.ts';
import { chooseChromium } from './browser.ts';
import { POSTGRES_PROJECT, TEST_PROJECT_ID } from './constants.ts';
import { makePgliteTemplates, makePostgresTemplates, type DatabaseTemplates } from './database-templates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
    /** Superuser URL of the throw-away Postgres server; empty in the PGlite project. */
    postgresUrl: string;
    databaseTemplates: DatabaseTemplates;
  }
}

interface SharedEmulator {
  started: Promise<{ emulator: AuthEmulator; workDir: string }>;
  users: number;
}

/**
 * Vitest runs this file once per project, in one process: the projects share the emulator through a global
 * and the last one to finish stops it.
 */
const shared = globalThis as typeof globalThis & {
  consoleTestEmulator?: SharedEmulator;
  consoleTestTemplates?: { made: Promise<{ dir: string; files: Awaited<ReturnType<typeof makePgliteTemplates>> }>; users: number };
};

/** The PGlite templates, made once for every project (the Postgres project's stacks and browser-free files use them too). */
async function acquirePgliteTemplates(): Promise<Awaited<ReturnType<typeof makePgliteTemplates>>> {
  shared.consoleTestTemplates ??= {
    users: 0,
    made: (async () => {
      const dir = await mkdtemp(join(tmpdir(), 'console-db-templates-'));
      return { dir, files: await makePgliteTemplates(dir) };
    })(),
  };
  shared.consoleTestTemplates.users += 1;
  return (await shared.consoleTestTemplates.made).files;
}

async function releasePgliteTemplates(): Promise<void> {
  const entry = shared.consoleTestTemplates;
  if (!entry || --entry.users > 0) return;
  shared.consoleTestTemplates = undefined;
  await rm((await entry.made).dir, { recursive: true, force: true });
}

async function acquireEmulator(): Promise<AuthEmulator> {
  shared.consoleTestEmulator ??= {
    users: 0,
    started: (async () => {
      const workDir = await mkdtemp(join(tmpdir(), 'console-emulator-'));
      // On a busy two-core machine (the projects start in parallel) the emulator can take over a minute to answer.
      return { emulator: await startAuthEmulator({ projectId: TEST_PROJECT_ID, workDir, readyTimeoutMs: 180_000 }), workDir };
    })(),
  };
  shared.consoleTestEmulator.users += 1;
  return (await shared.consoleTestEmulator.started).emulator;
}

async function releaseEmulator(): Promise<void> {
  const entry = shared.consoleTestEmulator;
  if (!entry || --entry.users > 0) return;
  shared.consoleTestEmulator = undefined;
  const { emulator, workDir } = await entry.started;
  await emulator.stop();
  await rm(workDir, { recursive: true, force: true });
}

export default async function setup(project: TestProject) {
  const [emulator, cluster, pglite] = await Promise.all([
    acquireEmulator(),
    project.name === POSTGRES_PROJECT ? startPostgresCluster() : undefined,
    acquirePgliteTemplates(),
    // A browser that cannot be had fails the browser tests (launchBrowser asks again), not every test.
    chooseChromium().catch(() => undefined),
  ]);
  const postgres = cluster
    ? await makePostgresTemplates(cluster.url).catch(async (error: unknown) => {
        await cluster.stop();
        throw error;
      })
    : { postgresMigrated: '', postgresSeeded: '' };
  project.provide('authEmulatorHost', emulator.hostPort);
  project.provide('postgresUrl', cluster?.url ?? '');
  project.provide('databaseTemplates', { ...pglite, ...postgres });
  return async () => {
    await Promise.all([releaseEmulator(), cluster?.stop(), releasePgliteTemplates()]);
  };
}
