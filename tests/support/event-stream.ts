/**
 * Reads a server-sent event stream with fetch, as the console does: its events and its comments (the
 * keep-alives), until closed. Used by the notification stream's tests.
 */
import type { NotificationRecord } from '../../common/contract/notifications.ts';

export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

export async function openEventStream(url: string, headers: Record<string, string>, lastEventId?: number) {
  const controller = new AbortController();
  const sent: Record<string, string> = { ...headers, ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }) };
  const response = await fetch(url, { headers: sent, signal: controller.signal });
  const events: SseEvent[] = [];
  let comments = 0;
  let ended = false;
  const reading = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.startsWith(':')) comments += 1;
          else {
            const event: SseEvent = { data: '' };
            for (const line of block.split('\n')) {
              const [field, ...rest] = line.split(': ');
              const value = rest.join(': ');
              if (field === 'id') event.id = value;
              else if (field === 'event') event.event = value;
              else if (field === 'data') event.data = value;
            }
            events.push(event);
          }
        }
      }
    } catch {
      // aborted by the test
    }
    ended = true;
  })();
  return {
    response,
    events,
    notifications: () => events.filter((event) => event.event === 'notification').map((event) => JSON.parse(event.data) as NotificationRecord),
    comments: () => comments,
    ended: () => ended,
    async close() {
      controller.abort();
      await reading;
    },
  };
}
