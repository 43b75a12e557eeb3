/**
 * A Server-Sent Events client on fetch: EventSource cannot send the Authorization header the API needs.
 * It parses the stream itself (the WHATWG event-stream format), reconnects with exponential back-off and
 * jitter, and sends the last event id it saw as Last-Event-ID so the server replays what it missed. A 401 is
 * tried once more with a refreshed token; one that survives it is the session's end, not a network blip, so
 * the stream stops there instead of knocking on the door for ever.
 */
import { API_BASE, AUTH_SCHEME } from '../../../common/contract/http.ts';

export interface StreamMessage {
  event: string;
  data: string;
  id: string | null;
}

/** Feeds text chunks; calls onMessage per complete event. Comments (heartbeats) and retry lines are skipped. */
export function createEventParser(onMessage: (message: StreamMessage) => void, onId: (id: string) => void = () => {}): (chunk: string) => void {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | null = null;
  const dispatch = () => {
    if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n'), id });
    event = '';
    data = [];
    id = null;
  };
  return (chunk) => {
    buffer += chunk;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        dispatch();
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id' && !value.includes('\0')) {
        id = value;
        onId(value);
      }
    }
  };
}

/** Back-off before reconnect attempt `attempt` (0-based): 1 s doubling to 30 s, with up to 50 % jitter so tabs spread. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** attempt);
  return Math.round(base * (0.5 + random() * 0.5));
}

/** A proxy's answers while the back end behind it is away or restarting. */
const UNREACHABLE_STATUSES: readonly number[] = [502, 503, 504];

export interface EventStreamOptions {
  path: string;
  getToken(forceRefresh: boolean): Promise<string | null>;
  onMessage(message: StreamMessage): void;
  /**
   * Called each time the stream is (re)opened; `resumed` says the server was given a Last-Event-ID and so
   * replays what was missed. Otherwise it is the moment to re-read state that may have changed meanwhile.
   */
  onOpen?(resumed: boolean): void;
  /**
   * A 401 that survived a refreshed token, with its body ({errorCode, message}) when it had one. Answer true to
   * stop the stream (the session is over); false to keep reconnecting with back-off. Without it the stream stops.
   */
  onUnauthorized?(body: unknown): boolean;
  /**
   * The stream dropped, or could not be reached (no answer, 502, 503, 504), and will be tried again: the
   * console is reconnecting. Not called for a 401 (the session's business) nor after close().
   */
  onInterrupted?(): void;
}

export interface EventStreamHandle {
  close(): void;
}

export function openEventStream(options: EventStreamOptions): EventStreamHandle {
  let lastEventId: string | null = null;
  let closed = false;
  let attempt = 0;
  let forceRefresh = false;
  /** 401s in a row: the first earns a refreshed token, the second is the answer. */
  let refused = 0;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    controller = new AbortController();
    /** Whether the way to the server failed (not a refusal, nor a missing token): then it is reconnecting. */
    let unreachable = true;
    try {
      unreachable = false;
      const token = await options.getToken(forceRefresh);
      forceRefresh = false;
      if (!token) throw new Error('not signed in');
      unreachable = true;
      const headers: Record<string, string> = { Authorization: `${AUTH_SCHEME} ${token}`, Accept: 'text/event-stream' };
      if (lastEventId !== null) headers['Last-Event-ID'] = lastEventId;
      const response = await fetch(`${API_BASE}${options.path}`, { headers, signal: controller.signal, cache: 'no-store' });
      if (response.status === 401) {
        refused += 1;
        if (refused >= 2) {
          const body: unknown = await response.json().catch(() => undefined);
          if (options.onUnauthorized?.(body) ?? true) {
            closed = true;
            return;
          }
        }
        forceRefresh = true;
      } else refused = 0;
      unreachable = UNREACHABLE_STATUSES.includes(response.status);
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      // From here on, an end of the stream or a failed read is a drop.
      unreachable = true;
      attempt = 0;
      options.onOpen?.(lastEventId !== null);
      const parse = createEventParser(options.onMessage, (id) => (lastEventId = id));
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parse(value);
      }
    } catch (error) {
      if (!closed) console.warn('Notification stream interrupted; reconnecting', error);
    }
    if (closed) return;
    if (unreachable) options.onInterrupted?.();
    retryTimer = setTimeout(() => void connect(), reconnectDelay(attempt));
    attempt += 1;
  };
  void connect();

  return {
    close() {
      closed = true;
      clearTimeout(retryTimer);
      controller?.abort();
    },
  };
}
