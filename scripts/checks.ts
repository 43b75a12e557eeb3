/**
 * `npm test`'s first step: typecheck (tsc), lint (eslint) and the build side by side. Each is single-threaded
 * for most of its run, so on two cores they take about as long as the slowest of them instead of their sum.
 * Each one's output is printed whole when it ends (never interleaved), and any failure fails the step after
 * all three have ended, so one run reports every kind of problem at once.
 */
import { spawn } from 'node:child_process';

const CHECKS = [
  { name: 'typecheck', args: ['run', 'typecheck'] },
  { name: 'lint', args: ['run', 'lint'] },
  { name: 'build', args: ['run', 'build'] },
] as const;

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();

const results = await Promise.all(
  CHECKS.map(
    (check) =>
      new Promise<{ name: string; code: number; output: string; seconds: number }>((resolve) => {
        const child = spawn(npm, check.args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('close', (code) => {
          const result = { name: check.name, code: code ?? 1, output, seconds: (Date.now() - started) / 1000 };
          process.stdout.write(`${output.trimEnd()}\n${check.name}: ${result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`} in ${result.seconds.toFixed(1)} s\n\n`);
          resolve(result);
        });
      }),
  ),
);

const failed = results.filter((result) => result.code !== 0).map((result) => result.name);
if (failed.length > 0) {
  console.error(`checks: ${failed.join(', ')} failed`);
  process.exit(1);
}
console.log(`checks: typecheck, lint and build passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
