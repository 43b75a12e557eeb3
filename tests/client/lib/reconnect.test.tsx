// @vitest-environment happy-dom
/**
 * The console while the API or the stream is away: the top bar's quiet 'Reconnecting…' (set by a call that got
 * no answer or a 502/503/504, or a dropped stream; cleared by the next answer), and writes resent with their
 * one Idempotency-Key until they get through, never after a refusal, and an honest 'Not saved' that keeps the
 * form's input when they never do. Real API client and stream code over a stubbed fetch, on fake timers.
 */
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../../common/contract/http.ts';
import { createApiClient } from '../../../client/src/lib/api-client.ts';
import { reportCallAnswered, reportCallFailed, reportStream, resetConnection } from '../../../client/src/lib/connection.ts';
import { openEventStream } from '../../../client/src/lib/event-stream.ts';
import { NOT_SAVED_MESSAGE, useAction } from '../../../client/src/lib/use-action.ts';
import { ReconnectingIndicator } from '../../../client/src/components/reconnecting-indicator.tsx';
import { useReactRoot } from '../react-dom.ts';

const toast = vi.hoisted(() => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../../../client/src/lib/toast.ts', () => toast);

const dom = useReactRoot();

const api = createApiClient({ getToken: async () => 'token', baseURL: 'http://console.test/api/', onAnswered: reportCallAnswered, onFailed: reportCallFailed });

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const unavailable = () => json(503, { errorCode: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' });

/** The stubbed fetch's answers in turn (the last one repeats), and the Idempotency-Key each request carried. */
function serve(...answers: (() => Response | Promise<Response>)[]) {
  const keys: (string | null)[] = [];
  const fetch = vi.fn(async (_url: unknown, init?: RequestInit) => {
    keys.push(new Headers(init?.headers).get(IDEMPOTENCY_HEADER));
    const answer = answers[Math.min(keys.length - 1, answers.length - 1)]!;
    return answer();
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, keys };
}

/** A form as the console's dialogs are: a field, the write through useAction, its error above the fields. */
function NoteForm({ onSaved }: { onSaved: (answer: unknown) => void }) {
  const [text, setText] = useState('Call the client about the VAT return');
  const save = useAction({
    run: (_input: void, { headers }) => api<{ id: number }>('notes', { method: 'POST', body: { text }, headers }),
    success: 'Note saved.',
    onSuccess: onSaved,
  });
  return (
    <form>
      <ReconnectingIndicator />
      {save.formError && <p role="alert">{save.formError}</p>}
      <textarea aria-label="Note" value={text} onChange={(event) => setText(event.target.value)} />
      <button type="button" disabled={save.busy} onClick={() => void save.run()}>
        {save.busy ? 'Please Wait' : 'Save'}
      </button>
    </form>
  );
}

const $ = (selector: string) => dom.container.querySelector(selector);
const status = () => $('[role="status"]')!.textContent;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const click = () => act(() => ($('button') as HTMLButtonElement).click());

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toast.notifyError.mockReset();
  toast.notifySuccess.mockReset();
  resetConnection();
});

describe('a write while the API is away', () => {
  it('is sent again with the same Idempotency-Key after a 503, succeeds once, and the indicator comes and goes', async () => {
    const { fetch, keys } = serve(unavailable, () => json(200, { id: 7 }));
    const onSaved = vi.fn();
    dom.render(<NoteForm onSaved={onSaved} />);
    expect(status()).toBe('');
    const indicator = $('[role="status"]')!;
    expect(indicator.getAttribute('aria-live')).toBe('polite');

    await click();
    await advance(10);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(status()).toBe('Reconnecting…');
    expect(dom.texts('button')).toEqual(['Please Wait']);
    expect(toast.notifyError).not.toHaveBeenCalled();

    await advance(1000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(keys[0]).toMatch(/.+/);
    expect(keys[1]).toBe(keys[0]);
    expect(onSaved).toHaveBeenCalledOnce();
    expect(onSaved.mock.calls[0]?.[0]).toEqual({ id: 7 });
    expect(toast.notifySuccess).toHaveBeenCalledExactlyOnceWith('Note saved.');
    expect(status()).toBe('');
    expect(dom.texts('button')).toEqual(['Save']);

    // Nothing more is sent later: the write landed once.
    await advance(60_000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('is never resent after a 409: the refusal is the answer', async () => {
    const message = 'This note was changed by someone else.';
    const { fetch } = serve(() => json(409, { errorCode: 'CONFLICT', message }));
    const onSaved = vi.fn();
    dom.render(<NoteForm onSaved={onSaved} />);
    await click();
    await advance(60_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(dom.texts('[role="alert"]')).toEqual([message]);
    expect(onSaved).not.toHaveBeenCalled();
    expect(status()).toBe('');
  });

  it('says it was not saved when the server stays away for the whole budget, and keeps the input', async () => {
    const { fetch, keys } = serve(() => Promise.reject(new TypeError('fetch failed')));
    const onSaved = vi.fn();
    dom.render(<NoteForm onSaved={onSaved} />);
    const note = $('textarea') as HTMLTextAreaElement;
    await click();
    await advance(10);
    expect(status()).toBe('Reconnecting…');
    await advance(15_000);
    // Still trying, still busy, nothing said yet.
    expect(dom.texts('button')).toEqual(['Please Wait']);
    expect(dom.texts('[role="alert"]')).toEqual([]);
    await advance(20_000);
    expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(4);
    expect(new Set(keys).size).toBe(1);
    expect(dom.texts('[role="alert"]')).toEqual([NOT_SAVED_MESSAGE]);
    expect(dom.texts('button')).toEqual(['Save']);
    expect(note.value).toBe('Call the client about the VAT return');
    expect(onSaved).not.toHaveBeenCalled();
    // The form shows the sentence itself: no toast repeats it.
    expect(toast.notifyError).not.toHaveBeenCalled();

    const sent = fetch.mock.calls.length;
    await advance(120_000);
    expect(fetch).toHaveBeenCalledTimes(sent);
  });
});

describe('the Reconnecting indicator', () => {
  it('appears on a call that got no answer and clears on the next answered call; a 401 or a 404 is not a lost connection', async () => {
    dom.render(<ReconnectingIndicator />);
    serve(() => Promise.reject(new TypeError('fetch failed')));
    await act(() => api('users/me').catch(() => undefined));
    expect(status()).toBe('Reconnecting…');
    serve(() => json(404, { errorCode: 'NOT_FOUND', message: 'Not found' }));
    await act(() => api('users/me').catch(() => undefined));
    expect(status()).toBe('');

    serve(() => json(502, {}));
    await act(() => api('users/me').catch(() => undefined));
    expect(status()).toBe('Reconnecting…');
    serve(() => json(200, {}));
    await act(() => api('users/me'));
    expect(status()).toBe('');
  });

  it('appears when the notification stream drops and clears when it opens again', async () => {
    dom.render(<ReconnectingIndicator />);
    const open = () => new Response(new ReadableStream({ start: () => {} }), { status: 200, headers: { 'content-type': 'text/event-stream' } });
    const fetch = vi.fn().mockRejectedValueOnce(new TypeError('fetch failed')).mockResolvedValueOnce(unavailable()).mockResolvedValueOnce(open());
    vi.stubGlobal('fetch', fetch);
    const stream = openEventStream({
      path: 'notifications/stream',
      getToken: async () => 'token',
      onMessage: () => {},
      onOpen: () => reportStream(true),
      onInterrupted: () => reportStream(false),
    });
    await advance(10);
    expect(status()).toBe('Reconnecting…');
    await advance(1000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(status()).toBe('Reconnecting…');
    await advance(2000);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(status()).toBe('');
    stream.close();
  });
});
