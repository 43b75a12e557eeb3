/** The emulator-only project every test signs tokens for ('demo-' keeps firebase-tools offline). */
export const TEST_PROJECT_ID = 'demo-staff-console';
