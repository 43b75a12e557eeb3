import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { POSTGRES_PROJECT } from './tests/support/constants.ts';

/**
 * Back-end files the Postgres pass would only repeat: they never reach the server. Configuration and
 * parsing (config, csv, documents); token checks that answer before any query (production-auth); a shared
 * PGlite by design (notifications: two apps on one in-process database); and the route sweep, whose bad
 * inputs are all refused by schema and access rules before any SQL runs (it reads the database only to
 * fingerprint it, and is the suite's longest file).
 */
const PGLITE_ONLY = ['config', 'lib/csv', 'lib/documents', 'plugins/auth-production', 'notifications/notifications', 'route-sweep'].map((name) => `tests/backend/${name}.test.ts`);

/** The test files under one folder of tests/. */
const testsIn = (folder: string) => `tests/${folder}/**/*.test.{ts,tsx}`;

/** The server-side folders: their files import the whole back end or gateway (Fastify, PGlite, firebase-admin). */
const SERVER_FOLDERS = ['backend', 'gateway'];
/** Every other folder of tests/, read here so a new one is never left out of the run. */
const OTHER_FOLDERS = readdirSync(new URL('./tests', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !SERVER_FOLDERS.includes(entry.name))
  .map((entry) => entry.name);

/**
 * Server files that must start in a process no other file has touched: firebase-admin takes the emulator's
 * address from the environment, which any app built in emulator mode sets for the whole process, and these
 * prove what happens without it.
 */
const OWN_PROCESS = ['tests/backend/plugins/auth-production.test.ts', 'tests/gateway/auth-production.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    reporters: ['default', './tests/support/summary-reporter.ts'],
    // Generous on purpose: many tests start real processes (a back end, a browser) and CI's two cores also run
    // the other project in parallel; a hung test still fails, a slow machine does not.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll's default 1 s is too short for a browser's write and its re-read on two busy cores.
    expect: { poll: { timeout: 15_000 } },
    // A worker a core: the suite is CPU-bound and its files independent, so a bigger machine finishes sooner.
    // At least two, so a browser file and a server file run side by side even on a two-core machine (vitest's
    // own default leaves a core to its main process: one worker there).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      // The server files share each worker's modules (isolate: false): importing the back end afresh for each
      // of them cost more CPU than most of their tests. Each file still builds its own apps and databases.
      { extends: true, test: { name: 'pglite', include: SERVER_FOLDERS.map(testsIn), exclude: OWN_PROCESS, isolate: false } },
      { extends: true, test: { name: POSTGRES_PROJECT, include: [testsIn('backend')], exclude: PGLITE_ONLY, isolate: false } },
      // Everything else gets fresh modules per file: the browser files' helpers register their checks at import,
      // component files mock modules, and OWN_PROCESS needs a clean environment.
      { extends: true, test: { name: 'isolated', include: [...OTHER_FOLDERS.map(testsIn), ...OWN_PROCESS] } },
    ],
  },
});
