/**
 * Ends the run with the plain 'N passed, N failed, N skipped' line that CI reads to count tests (vitest's
 * own summary is styled for people, not for that reader), and on the line before it the run's wall time, so
 * a run's duration is read the same way on every machine. The time is from this process's start, which
 * `npm test` reaches once the build has passed: the script's own start is in CONSOLE_TEST_STARTED_AT when it
 * sets it (seconds since the epoch), so the line covers the whole `npm test`.
 */
import type { Reporter, TestModule } from 'vitest/node';

function wallSeconds(): number {
  const started = Number(process.env.CONSOLE_TEST_STARTED_AT);
  const from = Number.isFinite(started) && started > 0 ? started * 1000 : performance.timeOrigin;
  return (Date.now() - from) / 1000;
}

function formatWallTime(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed' || state === 'failed' || state === 'skipped') counts[state] += 1;
      }
    }
    const scope = process.env.CONSOLE_TEST_STARTED_AT ? 'npm test' : 'vitest';
    process.stdout.write(`\nwall time (${scope}): ${formatWallTime(wallSeconds())}\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
