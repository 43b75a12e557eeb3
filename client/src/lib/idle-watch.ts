/**
 * Idle sign-out: the console signs out after SESSION_IDLE_MINUTES without input in any of its
 * tabs, with a warning a minute before. Input counts only in a visible tab (a tab in the background is idle);
 * the time of the last input is shared through localStorage, so input in one tab keeps the others signed in,
 * and the sign-out itself reaches every tab through Firebase's own shared session. The clock and the storage
 * are handed in, so the rules are tested with a fake clock.
 */
export const LAST_ACTIVITY_KEY = 'console.lastActivity';
export const IDLE_WARNING_MS = 60_000;
/** Input is written to the shared clock at most this often. */
const WRITE_EVERY_MS = 5_000;

export type IdleState = { kind: 'active' } | { kind: 'warning'; secondsLeft: number } | { kind: 'idle' };

export interface IdleWatchOptions {
  limitMs: number;
  now: () => number;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
}

export interface IdleWatch {
  /** Input in a visible tab. */
  activity(): void;
  /** Where the console stands now. */
  state(): IdleState;
}

export function createIdleWatch({ limitMs, now, storage }: IdleWatchOptions): IdleWatch {
  let last = now();
  let written = 0;
  const shared = () => Number(storage.getItem(LAST_ACTIVITY_KEY)) || 0;
  const write = (at: number) => {
    written = at;
    try {
      storage.setItem(LAST_ACTIVITY_KEY, String(at));
    } catch {
      // Storage full or refused: this tab still keeps its own clock.
    }
  };
  write(last);
  return {
    activity() {
      last = now();
      if (last - written >= WRITE_EVERY_MS) write(last);
    },
    state() {
      const idleFor = now() - Math.max(last, shared());
      if (idleFor >= limitMs) return { kind: 'idle' };
      if (idleFor >= limitMs - IDLE_WARNING_MS) return { kind: 'warning', secondsLeft: Math.ceil((limitMs - idleFor) / 1000) };
      return { kind: 'active' };
    },
  };
}
