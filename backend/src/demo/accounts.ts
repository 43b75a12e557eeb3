/**
 * The demo sign-in accounts: one per staff role plus a few client-side users. `npm start` creates them in
 * the Auth emulator and the demo seed creates the matching back-end users (linked on first sign-in by their
 * verified e-mail), so the two lists cannot drift.
 */
import { createHash } from 'node:crypto';
import { Secret } from 'otpauth';
import type { Phase } from '../../../common/pipeline.ts';
import { STAFF_ROLES, type Role } from '../../../common/roles.ts';

export const DEMO_PASSWORD = 'demo-password';

export interface DemoAccount {
  email: string;
  password: string;
  role: Role;
  displayName: string;
  /** A client account's own registration waits in this phase (common/pipeline.ts), so its side can be tried. */
  onboarding?: Phase;
}

const STAFF_NAMES: Record<(typeof STAFF_ROLES)[number], string> = {
  ADMIN: 'Aisha Rahman',
  BOOKKEEPER: 'Rohan Mehta',
  REVIEWER: 'Fatima Al Suwaidi',
  BD_EXEC: 'Omar Haddad',
  BD_MANAGER: 'Sara Khoury',
  HR_MANAGER: 'Priya Nair',
  MARKETING: 'Daniel Costa',
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  ...STAFF_ROLES.map((role) => ({
    email: `${role.toLowerCase()}@example.com`,
    password: DEMO_PASSWORD,
    role,
    displayName: STAFF_NAMES[role],
  })),
  // A second compliance officer, so a list version one of them imports can be approved by the other.
  { email: 'compliance@example.com', password: DEMO_PASSWORD, role: 'ADMIN', displayName: 'Noor Al Hammadi' },
  { email: 'client_account_manager@example.com', password: DEMO_PASSWORD, role: 'CLIENT_ACCOUNT_MANAGER', displayName: 'Hassan Qureshi' },
  { email: 'client@example.com', password: DEMO_PASSWORD, role: 'CLIENT', displayName: 'Layla Mansour', onboarding: 'due_diligence' },
  { email: 'client2@example.com', password: DEMO_PASSWORD, role: 'CLIENT', displayName: 'Vikram Shetty', onboarding: 'due_diligence' },
  { email: 'client3@example.com', password: DEMO_PASSWORD, role: 'CLIENT', displayName: 'Mariam Al Falasi', onboarding: 'completed_registration' },
  { email: 'client4@example.com', password: DEMO_PASSWORD, role: 'CLIENT', displayName: 'Arjun Pillai', onboarding: 'profile_verified' },
  { email: 'client5@example.com', password: DEMO_PASSWORD, role: 'CLIENT', displayName: 'Noura Al Hashimi', onboarding: 'awaiting_documents' },
];

/**
 * A demo staff account's TOTP secret: derived from its e-mail, so the demo, `npm run demo:code`
 * and the browser tests know it without a database, as they know DEMO_PASSWORD. Demo data only.
 */
export const demoTotpSecret = (email: string): string =>
  new Secret({ buffer: createHash('sha1').update(`demo-totp:${email.toLowerCase()}`).digest().buffer as ArrayBuffer }).base32;
