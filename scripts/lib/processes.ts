/** Small process helpers shared by the Auth emulator launcher and the stack. */
import type { ChildProcess } from 'node:child_process';

/** Signals a child started with `detached: true` and everything it spawned into its process group. */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Whether a URL answers 2xx within a second (a readiness probe). */
export async function answersOk(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}
