/**
 * One Firebase Auth emulator for the whole test run (it takes ~10 s to start), shared by both test projects,
 * and for the `postgres` project a throw-away Postgres server. The bundled Chromium, when the browser tests
 * will use it, is unpacked here once, before any test's time-out runs. Tests reach them through
 * inject('authEmulatorHost') and inject('postgresUrl'), and use their own e-mail addresses and databases, so
 * they can run side by side.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator, type AuthEmulator } from '../../scripts/lib/auth-emulator.ts';
import { startPostgresCluster } from '../../scripts/lib/postgres-cluster.ts';
import { chooseChromium } from './browser.ts';
import { POSTGRES_PROJECT, TEST_PROJECT_ID } from './constants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
    /** Superuser URL of the throw-away Postgres server; empty in the PGlite project. */
    postgresUrl: string;
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
const shared = globalThis as typeof globalThis & { consoleTestEmulator?: SharedEmulator };

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
  const [emulator, cluster] = await Promise.all([
    acquireEmulator(),
    project.name === POSTGRES_PROJECT ? startPostgresCluster() : undefined,
    // A browser that cannot be had fails the browser tests (launchBrowser asks again), not every test.
    chooseChromium().catch(() => undefined),
  ]);
  project.provide('authEmulatorHost', emulator.hostPort);
  project.provide('postgresUrl', cluster?.url ?? '');
  return async () => {
    await Promise.all([releaseEmulator(), cluster?.stop()]);
  };
}
