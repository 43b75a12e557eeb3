/**
 * Idle sign-out's rules with a clock the test moves and one storage shared by two tabs: the warning
 * a minute before the limit, the sign-out at it, input resetting both, and input in one tab keeping the other
 * signed in (a tab in the background gives no input of its own).
 */
import { describe, expect, it } from 'vitest';
import { createIdleWatch, IDLE_WARNING_MS } from '../../../client/src/lib/idle-watch.ts';

const MINUTE = 60_000;

function sharedStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe('idle watch', () => {
  it('warns a minute before the limit, counting down, and is idle at it', () => {
    let clock = 1_000_000;
    const watch = createIdleWatch({ limitMs: 30 * MINUTE, now: () => clock, storage: sharedStorage() });
    clock += 29 * MINUTE - 1;
    expect(watch.state()).toEqual({ kind: 'active' });
    clock += 1;
    expect(watch.state()).toEqual({ kind: 'warning', secondsLeft: IDLE_WARNING_MS / 1000 });
    clock += 45_000;
    expect(watch.state()).toEqual({ kind: 'warning', secondsLeft: 15 });
    clock += 15_000;
    expect(watch.state()).toEqual({ kind: 'idle' });
  });

  it('starts over on input', () => {
    let clock = 0;
    const watch = createIdleWatch({ limitMs: 30 * MINUTE, now: () => clock, storage: sharedStorage() });
    clock += 29.5 * MINUTE;
    expect(watch.state().kind).toBe('warning');
    watch.activity();
    expect(watch.state()).toEqual({ kind: 'active' });
    clock += 29.5 * MINUTE;
    expect(watch.state().kind).toBe('warning');
    clock += MINUTE;
    expect(watch.state()).toEqual({ kind: 'idle' });
  });

  it('keeps a background tab signed in while another tab is in use, and signs both out when neither is', () => {
    let clock = 0;
    const storage = sharedStorage();
    const background = createIdleWatch({ limitMs: 30 * MINUTE, now: () => clock, storage });
    const inUse = createIdleWatch({ limitMs: 30 * MINUTE, now: () => clock, storage });
    for (let minute = 0; minute < 60; minute += 10) {
      clock += 10 * MINUTE;
      inUse.activity();
    }
    expect(background.state()).toEqual({ kind: 'active' });
    clock += 30 * MINUTE;
    expect(background.state()).toEqual({ kind: 'idle' });
    expect(inUse.state()).toEqual({ kind: 'idle' });
  });
});
