/** The emulator-only project every test signs tokens for ('demo-' keeps firebase-tools offline). */
export const TEST_PROJECT_ID = 'demo-staff-console';

/** The vitest project that runs the back-end suite a second time, on a Postgres server instead of PGlite. */
export const POSTGRES_PROJECT = 'postgres';
