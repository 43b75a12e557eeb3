// @vitest-environment happy-dom
/**
 * A link to a record that is missing or not the user's (`/tasks?task=`, `/on-demand-requests?request=`,
 * `/chats?conversation=`) says 'not found' once, in place of the spinner: no toast, and the conversation pane
 * stops asking again.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../client/src/lib/errors.ts';
import { queryCache } from '../../../client/src/lib/query-cache.ts';
import { useReactRoot } from '../react-dom.ts';

const calls = vi.hoisted(() => [] as string[]);
vi.mock('../../../client/src/lib/api.ts', () => ({
  api: (path: string) => {
    calls.push(path);
    return Promise.reject(new ApiError('404 - Resource Not Found.', 'status', 404, { errorCode: 'NOT_FOUND', message: 'Not found.' }));
  },
}));
const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../client/src/lib/toast.ts', async (importOriginal) => ({ ...(await importOriginal<object>()), notifyError }));

const { TaskDialog } = await import('../../../client/src/features/tasks/components/task-dialog.tsx');
const { RequestDialog } = await import('../../../client/src/features/on-demand-requests/components/request-dialog.tsx');
const { Conversation } = await import('../../../client/src/features/chats/components/conversation.tsx');

const dom = useReactRoot();

beforeEach(() => {
  calls.length = 0;
  notifyError.mockReset();
  queryCache.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

async function settle(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('a deep link to a record that is missing or not yours', () => {
  it('Tasks: the dialog says the task was not found, once, with no spinner and no toast', async () => {
    vi.useFakeTimers();
    dom.render(<TaskDialog taskId={999999} staff={[]} onClose={() => undefined} />);
    await settle(100);
    expect(dom.container.textContent).toContain('Task not found.');
    expect(dom.container.querySelector('[aria-label="Loading the task"]')).toBeNull();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('On-demand Requests: the dialog says the request was not found', async () => {
    vi.useFakeTimers();
    dom.render(<RequestDialog requestId={999999} onClose={() => undefined} />);
    await settle(100);
    expect(dom.container.textContent).toContain('Request not found.');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('Chats: the pane says the conversation was not found and does not ask again', async () => {
    vi.useFakeTimers();
    dom.render(<Conversation conversationId={999999} />);
    await settle(100);
    expect(dom.container.textContent).toContain('Conversation not found.');
    const asked = calls.length;
    await settle(20_000);
    expect(calls.length).toBe(asked);
    expect(notifyError).not.toHaveBeenCalled();
  });
});
