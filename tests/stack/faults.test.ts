/**
 * The short form of `npm run bench:faults` (bench/lib/faults.ts): the production shape as processes (one
 * Postgres server, two back ends, two gateways, the accounting and ASP stand-ins) under idempotent writes,
 * invoices synced and sent as e-invoices and an open notification stream, while every kind of fault is thrown
 * once at a random moment: a back end and a gateway SIGKILLed, Postgres crashed, each stand-in taken away.
 * Nothing acknowledged may be lost, nothing done twice, no 5xx may lack an errorCode.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { describeReport, FAULT_KINDS, runFaults } from '../../bench/lib/faults.ts';
import { TEST_PROJECT_ID } from '../support/constants.ts';

let workDir: string | undefined;
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

it('loses nothing and does nothing twice through back-end and gateway SIGKILLs, a Postgres crash and the stand-ins away', async () => {
  workDir = await mkdtemp(join(tmpdir(), 'faults-test-'));
  // Where the time went (start-up, each fault, the drain), printed with the checks.
  const timeline: string[] = [];
  const report = await runFaults({
    // Every kind of fault is thrown once however short the run; the traffic lasts until the last has healed.
    durationMs: 4000,
    // A bound, not the aim: on a loaded machine the e-invoices' status polls can take a minute to catch up.
    drainMs: 120_000,
    standInAwayMs: 2000,
    quietMs: 300,
    emulatorHost: inject('authEmulatorHost'),
    projectId: TEST_PROJECT_ID,
    workDir,
    log: (line) => timeline.push(line),
  });
  console.log([...timeline, '', ...describeReport(report)].join('\n'));
  expect(report.recoveries.map((entry) => entry.kind).toSorted()).toEqual(expect.arrayContaining(FAULT_KINDS.toSorted()));
  expect(report.counts.writesAcknowledged).toBeGreaterThan(10);
  expect(report.counts.invoices).toBeGreaterThan(2);
  expect(report.checks.filter((check) => !check.ok)).toEqual([]);
}, 360_000);
