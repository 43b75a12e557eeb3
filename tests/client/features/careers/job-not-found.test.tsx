// @vitest-environment happy-dom
/**
 * `/careers/<an id no post has>` says 'Job post not found' once, as the other deep links do: a heading in
 * sentence case, no toast, and the post's applications are never asked for.
 */
import { act } from 'react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../client/src/lib/errors.ts';
import { queryCache } from '../../../../client/src/lib/query-cache.ts';
import { useReactRoot } from '../../react-dom.ts';

const calls = vi.hoisted(() => [] as string[]);
// The back end is out of reach here: every call answers 404, as it does for a post that does not exist.
vi.mock('../../../../client/src/lib/api.ts', () => ({
  api: (path: string) => {
    calls.push(path);
    return Promise.reject(new ApiError('404 - Resource Not Found.', 'status', 404, { errorCode: 'NOT_FOUND', message: 'Job post not found.' }));
  },
}));
const notifyError = vi.hoisted(() => vi.fn());
vi.mock('../../../../client/src/lib/toast.ts', async (importOriginal) => ({ ...(await importOriginal<object>()), notifyError }));

const { ApplicationsPage } = await import('../../../../client/src/features/careers/pages/applications-page.tsx');

const dom = useReactRoot();

beforeEach(() => {
  calls.length = 0;
  notifyError.mockReset();
  queryCache.clear();
});

async function open(path: string) {
  dom.render(
    <Router hook={memoryLocation({ path }).hook}>
      <Route path="/careers/:id" component={ApplicationsPage} />
    </Router>,
  );
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

describe('a link to a job post that does not exist', () => {
  it('says so once, in sentence case, with no toast and no call for its applications', async () => {
    await open('/careers/999999');
    expect(dom.container.querySelector('h1')?.textContent).toBe('Job post not found');
    expect(notifyError).not.toHaveBeenCalled();
    expect(calls.filter((path) => path.includes('applications'))).toEqual([]);
  });

  it('treats an id beyond the database range as a post that cannot exist, without asking', async () => {
    await open('/careers/99999999999');
    expect(dom.container.querySelector('h1')?.textContent).toBe('Job post not found');
    expect(calls).toEqual([]);
    expect(notifyError).not.toHaveBeenCalled();
  });
});
