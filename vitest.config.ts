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
    // Two cores: browser tests and server tests each start real processes, so keep contention bounded.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'pglite', include: ['tests/**/*.test.{ts,tsx}'] } },
      // Only what reaches the database runs again on Postgres; everything else runs once, on PGlite.
      { extends: true, test: { name: POSTGRES_PROJECT, include: ['tests/backend/**/*.test.{ts,tsx}'], exclude: PGLITE_ONLY } },
    ],
  },
});
