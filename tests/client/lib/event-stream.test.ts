/** The console's Server-Sent Events parser and reconnect back-off. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventParser, openEventStream, reconnectDelay, type StreamMessage } from '../../../client/src/lib/event-stream.ts';

describe('event-stream parser', () => {
  it('assembles events split across chunks, skips comments and tracks the last id', () => {
    const messages: StreamMessage[] = [];
    const ids: string[] = [];
    const feed = createEventParser((message) => messages.push(message), (id) => ids.push(id));
    feed(': stream open\n\nid: 7\nevent: notifi');
    feed('cation\ndata: {"id":7}\n\n: heartbeat\n\n');
    feed('event: read\r\ndata: {"ids":[7],\r\ndata: "upTo":null}\r\n\r\n');
    expect(messages).toEqual([
      { event: 'notification', data: '{"id":7}', id: '7' },
      { event: 'read', data: '{"ids":[7],\n"upTo":null}', id: null },
    ]);
    expect(ids).toEqual(['7']);
  });

  it('backs off from about 1 s, doubling, to at most 30 s', () => {
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(10, () => 1)).toBe(30_000);
  });
});

describe('event-stream reconnects', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const refusal = { errorCode: 'SESSION_ENDED', message: 'Your session was ended by an administrator.' };
  const unauthorized = () => new Response(JSON.stringify(refusal), { status: 401, headers: { 'content-type': 'application/json' } });

  it('stops on a 401 that a refreshed token does not cure, and hands over its body once', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => unauthorized());
    vi.stubGlobal('fetch', fetch);
    const forced: boolean[] = [];
    const onUnauthorized = vi.fn(() => true);
    const stream = openEventStream({
      path: 'notifications/stream',
      getToken: async (force) => {
        forced.push(force);
        return 'token';
      },
      onMessage: () => {},
      onUnauthorized,
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    warn.mockRestore();
    // One try, one with a refreshed token, then nothing: no loop knocking with a dead session.
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(forced).toEqual([false, true]);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith(refusal);
    stream.close();
  });

  it('carries on when the refreshed token is accepted, and keeps trying when told the 401 is not the end', async () => {
    vi.useFakeTimers();
    const open = () => new Response(new ReadableStream({ start: () => {} }), { status: 200, headers: { 'content-type': 'text/event-stream' } });
    const fetch = vi.fn().mockResolvedValueOnce(unauthorized()).mockResolvedValueOnce(open());
    vi.stubGlobal('fetch', fetch);
    const onUnauthorized = vi.fn(() => true);
    const onOpen = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const stream = openEventStream({ path: 'notifications/stream', getToken: async () => 'token', onMessage: () => {}, onOpen, onUnauthorized });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
    stream.close();

    const waiting = vi.fn(async () => unauthorized());
    vi.stubGlobal('fetch', waiting);
    const notTheEnd = vi.fn(() => false);
    const second = openEventStream({ path: 'notifications/stream', getToken: async () => 'token', onMessage: () => {}, onUnauthorized: notTheEnd });
    await vi.advanceTimersByTimeAsync(60_000);
    warn.mockRestore();
    expect(waiting.mock.calls.length).toBeGreaterThan(2);
    expect(notTheEnd.mock.calls.length).toBe(waiting.mock.calls.length - 1);
    second.close();
  });
});
