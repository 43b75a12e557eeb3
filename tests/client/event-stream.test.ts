/** The console's Server-Sent Events parser and reconnect back-off. */
import { describe, expect, it } from 'vitest';
import { createEventParser, reconnectDelay, type StreamMessage } from '../../client/src/lib/event-stream.ts';

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
