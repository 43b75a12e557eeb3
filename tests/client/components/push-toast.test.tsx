// @vitest-environment happy-dom
/** The push toast with fake timers: 5000 ms then a 300 ms exit, Remind Later, X, variants, the sound's volume and its blocked case. */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PushToastHost } from '../../../client/src/components/push-toast.tsx';
import { PUSH_TOAST_VOLUME, pushToasts, showPushToast } from '../../../client/src/lib/push-toast.ts';
import { useReactRoot } from '../react-dom.ts';

const dom = useReactRoot();
const played: { volume: number; src: string }[] = [];
let playResult: () => Promise<void> = () => Promise.resolve();

beforeEach(() => {
  vi.useFakeTimers();
  played.length = 0;
  playResult = () => Promise.resolve();
  // happy-dom plays no audio: this records what would be played, and can refuse as an autoplay policy does.
  vi.stubGlobal(
    'Audio',
    class {
      volume = 1;
      constructor(readonly src: string) {}
      play() {
        played.push({ volume: this.volume, src: this.src });
        return playResult();
      }
    },
  );
  pushToasts.value = [];
  dom.render(<PushToastHost />);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const shown = () => dom.container.querySelectorAll('.push-toast');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('push toast', () => {
  it('closes after 5000 ms with a 300 ms exit', () => {
    act(() => void showPushToast({ title: 'Registration resubmitted', body: 'Al Noor Trading LLC' }));
    expect(shown()).toHaveLength(1);
    expect(shown()[0]!.className).toBe('push-toast push-toast--info');
    advance(4999);
    expect(shown()[0]!.className).not.toContain('push-toast--leaving');
    advance(1);
    expect(shown()[0]!.className).toContain('push-toast--leaving');
    advance(299);
    expect(shown()).toHaveLength(1);
    advance(1);
    expect(shown()).toHaveLength(0);
  });

  it('runs the remind callback and closes on Remind Later; X closes without it', () => {
    const remind = vi.fn();
    act(() => void showPushToast({ variant: 'warning', title: 'Documents received', onRemind: remind, duration: 60_000 }));
    const toast = shown()[0]!;
    expect(toast.getAttribute('role')).toBe('alert');
    act(() => (toast.querySelector('.push-toast__remind') as HTMLButtonElement).click());
    expect(remind).toHaveBeenCalledTimes(1);
    advance(300);
    expect(shown()).toHaveLength(0);

    act(() => void showPushToast({ variant: 'success', title: 'Assigned', onRemind: remind, duration: 60_000 }));
    expect(shown()[0]!.getAttribute('role')).toBe('status');
    act(() => (dom.container.querySelector('[aria-label="Dismiss notification"]') as HTMLButtonElement).click());
    advance(300);
    expect(shown()).toHaveLength(0);
    expect(remind).toHaveBeenCalledTimes(1);
  });

  it('plays the chime at volume 0.8 and only warns when the browser blocks it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    act(() => void showPushToast({ title: 'one' }));
    expect(played).toEqual([{ volume: PUSH_TOAST_VOLUME, src: '/sounds/notification.wav' }]);
    expect(PUSH_TOAST_VOLUME).toBe(0.8);
    playResult = () => Promise.reject(new DOMException('play() needs a user gesture', 'NotAllowedError'));
    act(() => void showPushToast({ title: 'two' }));
    await act(() => Promise.resolve());
    expect(warn).toHaveBeenCalledWith('Notification sound was blocked', expect.any(DOMException));
    expect(shown()).toHaveLength(2);
    warn.mockRestore();
  });
});
