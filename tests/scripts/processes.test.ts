/**
 * Reading a process from /proc (scripts/lib/processes.ts), as the stack's stop, its tests and the CPU benches do:
 * a process's arguments, also after it retitled itself as Chromium's renderers and node's process.title do.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { procCommandLine } from '../../scripts/lib/processes.ts';

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill();
});

/** A node process running `code` for a while, once it has run its first line. */
async function node(code: string, ...args: string[]): Promise<number> {
  const child = spawn(process.execPath, ['-e', `${code}; console.log('up'); setTimeout(() => {}, 30000)`, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(child);
  await new Promise((resolve) => child.stdout!.once('data', resolve));
  return child.pid!;
}

describe.runIf(existsSync('/proc'))('procCommandLine', () => {
  it('answers the arguments as given, a retitled process as its title, and a gone one as undefined', async () => {
    const plain = await node('', 'first argument', 'second');
    expect(procCommandLine(plain)?.slice(-2)).toEqual(['first argument', 'second']);
    expect(procCommandLine(plain)?.[0]).toBe(process.execPath);

    const retitled = await node(`process.title = 'console renderer --type=renderer'`);
    expect(procCommandLine(retitled)).toEqual(['console renderer --type=renderer']);

    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    expect(procCommandLine(gone.pid!)).toBeUndefined();
  });
});
