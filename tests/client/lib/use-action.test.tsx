// @vitest-environment happy-dom
/**
 * The one way to write: busy while it runs, a second call ignored (a double click acts once), one
 * Idempotency-Key per action, the success toast and the invalidation of the keys it names, a 409's message
 * and re-read, and the server's sentence handed back per field.
 */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../../common/contract/http.ts';
import { ApiError } from '../../../client/src/lib/errors.ts';
import { queryCache } from '../../../client/src/lib/query-cache.ts';
import { useAction, type Action, type ActionOptions } from '../../../client/src/lib/use-action.ts';
import { useReactRoot } from '../react-dom.ts';

const toast = vi.hoisted(() => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
vi.mock('../../../client/src/lib/toast.ts', () => toast);

const dom = useReactRoot();
const flush = () => act(() => Promise.resolve());

afterEach(() => {
  toast.notifyError.mockReset();
  toast.notifySuccess.mockReset();
  queryCache.clear();
});

let action: Action<string, string>;
function Probe(options: ActionOptions<string, string>) {
  action = useAction(options);
  return <p>{action.busy ? 'Please Wait' : 'idle'}</p>;
}

function refusal(status: number, body: unknown): ApiError {
  return new ApiError('refused', status === 403 ? 'status' : 'http', status, body);
}

describe('useAction', () => {
  it('is busy while the write runs and ignores a second call meanwhile', async () => {
    let finish!: (value: string) => void;
    const run = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    dom.render(<Probe run={run} success="Saved" />);
    let first!: Promise<string | undefined>;
    let second!: Promise<string | undefined>;
    act(() => {
      first = action.run('a');
      second = action.run('b');
    });
    expect(dom.texts('p')).toEqual(['Please Wait']);
    await expect(second).resolves.toBeUndefined();
    finish('done');
    await expect(first).resolves.toBe('done');
    await flush();
    expect(run).toHaveBeenCalledTimes(1);
    expect(dom.texts('p')).toEqual(['idle']);
    expect(toast.notifySuccess).toHaveBeenCalledExactlyOnceWith('Saved');
  });

  it('sends a new Idempotency-Key with each user action', async () => {
    const keys: string[] = [];
    dom.render(<Probe run={(_input, { headers }) => (keys.push(headers[IDEMPOTENCY_HEADER]!), Promise.resolve('ok'))} />);
    await act(() => action.run('a'));
    await act(() => action.run('b'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('invalidates the keys it names after success, so every view of the changed data is read again', async () => {
    const invalidate = vi.spyOn(queryCache, 'invalidate');
    dom.render(<Probe run={() => Promise.resolve('ok')} invalidates={[['registrations'], ['users']]} />);
    await act(() => action.run('a'));
    expect(invalidate).toHaveBeenCalledWith(['registrations'], ['users']);
    invalidate.mockRestore();
  });

  it('on a 409 shows the server’s message, re-reads the named keys and tells the caller', async () => {
    const invalidate = vi.spyOn(queryCache, 'invalidate');
    const onConflict = vi.fn();
    const message = 'This registration was changed by someone else. The page now shows the latest version.';
    dom.render(<Probe run={() => Promise.reject(refusal(409, { errorCode: 'CONFLICT', message }))} invalidates={[['registrations']]} onConflict={onConflict} />);
    await act(() => action.run('a'));
    expect(toast.notifyError).toHaveBeenCalledExactlyOnceWith(message);
    expect(invalidate).toHaveBeenCalledWith(['registrations']);
    expect(onConflict).toHaveBeenCalledWith('a');
    expect(action.formError).toBe(message);
    invalidate.mockRestore();
  });

  it('on a 409 a form that stays open and shows the sentence says it once, without a toast beside it (a double booking)', async () => {
    const message = 'Omar Haddad already hosts a call then.';
    function Form() {
      action = useAction({ run: () => Promise.reject(refusal(409, { errorCode: 'CONFLICT', message })) });
      return <p>{action.formError ?? 'open'}</p>;
    }
    dom.render(<Form />);
    await act(() => action.run('a'));
    await flush();
    expect(dom.texts('p')).toEqual([message]);
    expect(toast.notifyError).not.toHaveBeenCalled();
  });

  it('hands a refused field’s sentence back to the form, and a refusal without a field as the form’s error', async () => {
    const sentence = 'Comment must be at most 4,000 characters.';
    dom.render(<Probe run={() => Promise.reject(refusal(400, { errorCode: 'INVALID_INPUT', message: sentence, field: 'comment' }))} />);
    await act(() => action.run('a'));
    expect(action.fieldErrors).toEqual({ comment: sentence });
    expect(action.formError).toBeNull();
    expect(toast.notifyError).toHaveBeenCalledTimes(1);

    dom.render(<Probe run={() => Promise.reject(refusal(403, { errorCode: 'FORBIDDEN', message: 'You cannot change your own role; ask another administrator.' }))} />);
    await act(() => action.run('b'));
    expect(action.fieldErrors).toEqual({});
    expect(action.formError).toBe('You cannot change your own role; ask another administrator.');
    act(() => action.reset());
    expect(action.formError).toBeNull();
  });
});
