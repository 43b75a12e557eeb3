/**
 * Idle sign-out in the signed-in console: a one-minute warning, then the sign-out with a notice on
 * the login page. The rules are lib/idle-watch.ts's; this component feeds it input and reads it each second.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button } from '../components/button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { createIdleWatch, type IdleState } from '../lib/idle-watch.ts';
import { runtimeConfig } from '../lib/runtime-config.ts';
import { sessionEndNotice } from '../state/session.ts';

const DEFAULT_IDLE_MINUTES = 30;
/** Deliberate input only: a pointer drifting over the page is not someone at work. */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

const signOut = (minutes: number) =>
  void import('../lib/auth.ts').then(async ({ logout }) => {
    await logout();
    // After logout, which clears the notice: the login page says why.
    sessionEndNotice.value = `You were signed out after ${minutes} minutes without activity.`;
  });

export function IdleSignOut() {
  const minutes = runtimeConfig()?.sessionIdleMinutes ?? DEFAULT_IDLE_MINUTES;
  const watch = useMemo(() => createIdleWatch({ limitMs: minutes * 60_000, now: Date.now, storage: localStorage }), [minutes]);
  const [state, setState] = useState<IdleState>({ kind: 'active' });

  useEffect(() => {
    const onInput = () => {
      // A tab in the background is idle, whatever reaches it.
      if (document.visibilityState === 'visible') watch.activity();
    };
    for (const name of INPUT_EVENTS) window.addEventListener(name, onInput, { passive: true, capture: true });
    const timer = setInterval(() => {
      const next = watch.state();
      setState((previous) => (previous.kind === next.kind && (next.kind !== 'warning' || (previous.kind === 'warning' && previous.secondsLeft === next.secondsLeft)) ? previous : next));
      if (next.kind === 'idle') {
        clearInterval(timer);
        signOut(minutes);
      }
    }, 1000);
    return () => {
      clearInterval(timer);
      for (const name of INPUT_EVENTS) window.removeEventListener(name, onInput, { capture: true });
    };
  }, [watch, minutes]);

  if (state.kind !== 'warning') return null;
  const stay = () => {
    watch.activity();
    setState({ kind: 'active' });
  };
  return (
    <Dialog
      title="Are you still there?"
      onClose={stay}
      footer={
        <>
          <Button variant="outlined" onClick={() => signOut(minutes)}>
            Sign out
          </Button>
          <Button onClick={stay}>Stay signed in</Button>
        </>
      }
    >
      <p>
        For your security the console signs out after {minutes} minutes without activity. Signing out in {state.secondsLeft} seconds.
      </p>
    </Dialog>
  );
}
