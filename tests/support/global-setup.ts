/**
 * One Firebase Auth emulator for the whole test run (it takes ~10 s to start). Tests reach it through
 * inject('authEmulatorHost') and use their own e-mail addresses, so they can run side by side.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../scripts/lib/auth-emulator.ts';
import { TEST_PROJECT_ID } from './constants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}

export default async function setup(project: TestProject) {
  const workDir = await mkdtemp(join(tmpdir(), 'console-emulator-'));
  const emulator = await startAuthEmulator({ projectId: TEST_PROJECT_ID, workDir });
  project.provide('authEmulatorHost', emulator.hostPort);
  return async () => {
    await emulator.stop();
    await rm(workDir, { recursive: true, force: true });
  };
}
