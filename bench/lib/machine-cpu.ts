/**
 * Seconds of CPU the whole machine has been busy since boot (user, nice, system, irq, softirq, steal), from
 * /proc/stat: the difference over a run counts every process, short-lived ones included, which sampling
 * processes misses. Meaningful only on an otherwise quiet machine. Linux only.
 */
import { readFileSync } from 'node:fs';

/** /proc/stat counts in clock ticks: 100 a second on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

export function machineBusySeconds(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
}
