/**
 * `npm test`: typecheck (tsc), lint (eslint) and the build side by side, then vitest, which starts as soon as
 * the build has passed (the browser and stack tests run dist/) while typecheck and lint go on beside it. The
 * three checks are single-threaded and uneven (the build ends first, tsc last), so on two cores they used to
 * leave one core idle for much of their minute and a half; vitest's global set-up (the Auth emulator, the
 * seeded templates) and its first files fill it now. Each check's output is printed whole when it ends, and
 * any failure fails `npm test` once everything has ended, so one run reports every kind of problem at once. A
 * failed build runs no test. Arguments after `npm test --` go to vitest.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { WASM_BASELINE_ONLY } from './lib/stack.ts';

const CHECKS = [
  { name: 'typecheck', args: ['run', 'typecheck'] },
  { name: 'lint', args: ['run', 'lint'] },
  { name: 'build', args: ['run', 'build'] },
] as const;
type CheckName = (typeof CHECKS)[number]['name'];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

function runCheck(name: CheckName, args: readonly string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(npm, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      process.stdout.write(`\n${output.trimEnd()}\n${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code ?? 'signal'})`} in ${seconds()} s\n\n`);
      resolve(code === 0);
    });
  });
}

/** vitest's command-line entry (its package exports no path to it). */
const VITEST = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

function runVitest(args: readonly string[]): Promise<boolean> {
  return new Promise((resolve) => {
    // The global set-up migrates and seeds the run's database templates on PGlite in this process, once: like
    // a test's stack, too short a life to earn back TurboFan's compile of PGlite's WebAssembly.
    const child = spawn(process.execPath, [WASM_BASELINE_ONLY, VITEST, 'run', ...args], { stdio: 'inherit', env: process.env });
    child.on('error', (error) => {
      console.error(`vitest could not start: ${error.message}`);
      resolve(false);
    });
    child.on('close', (code) => resolve(code === 0));
  });
}

const checks = new Map(CHECKS.map((check) => [check.name, runCheck(check.name, check.args)]));
const built = await checks.get('build')!;
const tested = built ? runVitest(process.argv.slice(2)) : Promise.resolve(false);
const results = await Promise.all([...checks.entries()].map(async ([name, passed]) => ({ name, passed: await passed })));
const failed = results.filter((result) => !result.passed).map((result) => result.name);
const testsPassed = await tested;
if (failed.length > 0) {
  console.error(`npm test: ${failed.join(', ')} failed${built ? '' : ', so no test ran'}`);
  process.exit(1);
}
process.exit(testsPassed ? 0 : 1);
