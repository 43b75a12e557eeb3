/** Push registration rules with fake timers: the 7-day token refresh and the bound on getToken. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET_TOKEN_TIMEOUT_MS, TOKEN_MAX_AGE_MS, needsTokenRefresh, withTimeout } from '../../../client/src/lib/push.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('token refresh', () => {
  it('refreshes a token older than 7 days (604800000 ms), and one of unknown age', () => {
    expect(TOKEN_MAX_AGE_MS).toBe(604_800_000);
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(needsTokenRefresh(new Date(now - TOKEN_MAX_AGE_MS).toISOString(), now)).toBe(false);
    expect(needsTokenRefresh(new Date(now - TOKEN_MAX_AGE_MS - 1).toISOString(), now)).toBe(true);
    expect(needsTokenRefresh(new Date(now - 60_000).toISOString(), now)).toBe(false);
    expect(needsTokenRefresh(null, now)).toBe(true);
    expect(needsTokenRefresh('not a date', now)).toBe(true);
  });
});

describe('bounded getToken', () => {
  it('rejects a getToken that never settles once the bound passes', async () => {
    const never = new Promise<string>(() => {});
    const bounded = withTimeout(never, GET_TOKEN_TIMEOUT_MS, 'getToken');
    const outcome = vi.fn();
    bounded.catch((error: Error) => outcome(error.message));
    await vi.advanceTimersByTimeAsync(GET_TOKEN_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(`getToken did not answer within ${GET_TOKEN_TIMEOUT_MS} ms`);
  });

  it('passes a token that arrives in time through', async () => {
    const token = new Promise<string>((resolve) => setTimeout(() => resolve('fcm-token'), 1000));
    const bounded = withTimeout(token, GET_TOKEN_TIMEOUT_MS, 'getToken');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(bounded).resolves.toBe('fcm-token');
  });
});
