/**
 * The demo's Auth emulator as one long-running process (the `auth-emulator` service of docker-compose.yml):
 * the Firebase Auth emulator on AUTH_EMULATOR_HOST:AUTH_EMULATOR_PORT (0.0.0.0:9099) with the demo accounts
 * created, printed as `npm start` prints them, and stopped with everything it spawned on SIGTERM or SIGINT.
 */
import { DEMO_ACCOUNTS } from '../backend/src/demo/accounts.ts';
import { roleLabel } from '../common/roles.ts';
import { startAuthEmulator } from './lib/auth-emulator.ts';
import { seedEmulatorAccounts } from './lib/demo-accounts.ts';

const projectId = process.env.FIREBASE_PROJECT_ID || 'demo-staff-console';
const host = process.env.AUTH_EMULATOR_HOST || '0.0.0.0';
const port = Number(process.env.AUTH_EMULATOR_PORT || 9099);

const emulator = await startAuthEmulator({ projectId, workDir: process.env.EMULATOR_WORK_DIR || '/tmp/auth-emulator', host, port, readyTimeoutMs: 120_000 });
await seedEmulatorAccounts(`127.0.0.1:${port}`, projectId, DEMO_ACCOUNTS);
const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.email.length));
console.log(
  [
    `DEMO: Auth emulator for project ${projectId} on ${host}:${port}; unsigned tokens, never for real users.`,
    `Demo accounts (password for all: ${DEMO_ACCOUNTS[0]?.password}):`,
    ...DEMO_ACCOUNTS.map((account) => `  ${account.email.padEnd(width)}  ${roleLabel(account.role)}`),
  ].join('\n'),
);

let stopping = false;
const stop = async () => {
  stopping = true;
  await emulator.stop();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
emulator.process.once('exit', (code) => {
  if (stopping) return;
  console.error(`the Auth emulator exited (code ${code})`);
  process.exit(1);
});
