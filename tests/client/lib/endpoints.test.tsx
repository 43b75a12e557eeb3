// @vitest-environment happy-dom
/**
 * The console's endpoints described once: a handle per endpoint of an area's table, the cache key of a read
 * made from it (keyOf), a list over it whose key and call come from the endpoint and whose query from the
 * URL (useListController({ endpoint })), and a write that makes stale the areas its table declares.
 */
import { act } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { tasksEndpoints } from '../../../common/contract/tasks.ts';
import { tasksChanges, tasksRoutes } from '../../../common/contract/tasks-paths.ts';
import { clientEndpoints, keyOf, useEndpoint } from '../../../client/src/lib/endpoints.ts';
import { queryCache } from '../../../client/src/lib/query-cache.ts';
import { useAction, type Action } from '../../../client/src/lib/use-action.ts';
import { useListController } from '../../../client/src/lib/use-list-controller.ts';
import { choiceField, integerField, textField } from '../../../client/src/lib/url-list-state.ts';
import { useReactRoot } from '../react-dom.ts';

const requests = vi.hoisted(() => [] as { path: string; options: { method?: string; query?: unknown } }[]);
vi.mock('../../../client/src/lib/api.ts', () => ({
  api: (path: string, options: { method?: string; query?: unknown }) => {
    requests.push({ path, options });
    return Promise.resolve({ count: 0, total_pages: 1, results: [] });
  },
}));
vi.mock('../../../client/src/lib/toast.ts', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const tasks = clientEndpoints<typeof tasksEndpoints>('tasks', tasksRoutes, tasksChanges);
const dom = useReactRoot();
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

beforeEach(() => {
  requests.length = 0;
});
afterEach(() => queryCache.clear());

describe('clientEndpoints', () => {
  it('gives each endpoint its area, name and route line', () => {
    expect(tasks.task).toMatchObject({ area: 'tasks', name: 'task', line: 'GET /tasks/:taskId' });
    expect(tasks.approve.line).toBe('POST /tasks/:taskId/approve');
  });

  it('has a write change its own area and those its table declares, and a read change nothing', () => {
    expect(tasks.approve.changes).toEqual(['tasks', 'work']);
    expect(tasks.comment.changes).toEqual(['tasks']);
    expect(tasks.list.changes).toEqual([]);
    const own = clientEndpoints<typeof tasksEndpoints>('tasks', tasksRoutes, { create: ['tasks', 'clients'] });
    expect(own.create.changes).toEqual(['tasks', 'clients']);
  });
});

describe('keyOf', () => {
  it('keys a read by area, name, path values and query', () => {
    expect(keyOf(tasks.list, { query: { assignee: 'all', page: 2 } })).toEqual(['tasks', 'list', { assignee: 'all', page: 2 }]);
    expect(keyOf(tasks.task, { params: { taskId: 12 } })).toEqual(['tasks', 'task', { taskId: '12' }]);
  });

  it('gives an id from the URL and the same id as a number one key', () => {
    expect(keyOf(tasks.task, { params: { taskId: '12' } })).toEqual(keyOf(tasks.task, { params: { taskId: 12 } }));
  });

  it('without input is the prefix of every key of the endpoint, and of no other', () => {
    const prefix = keyOf(tasks.list);
    expect(prefix).toEqual(['tasks', 'list']);
    expect(keyOf(tasks.list, { query: { assignee: 'mine' } }).slice(0, 2)).toEqual(prefix);
    expect(keyOf(tasks.board, { query: {} }).slice(0, 2)).not.toEqual(prefix);
  });
});

describe('useEndpoint', () => {
  it('reads the endpoint under its key, once for two views', async () => {
    function Task() {
      const task = useEndpoint(tasks.task, { params: { taskId: 7 } });
      return <p>{task.data ? 'loaded' : 'loading'}</p>;
    }
    dom.render(
      <>
        <Task />
        <Task />
      </>,
    );
    await settle();
    expect(requests.map((request) => request.path)).toEqual(['tasks/7']);
    expect(queryCache.entry(keyOf(tasks.task, { params: { taskId: '7' } })).state.data).toBeDefined();
  });
});

describe('useListController({ endpoint })', () => {
  const SCHEMA = {
    page: integerField(1),
    search: textField({ lowerCase: true }),
    status: choiceField(['all', 'to_do', 'done'] as const, 'all'),
  };
  let query: Record<string, unknown> | undefined;
  function List() {
    const list = useListController({ endpoint: tasks.list, schema: SCHEMA, pageSize: 25 });
    query = list.query;
    return <p>{list.rows ? list.rows.length : 'loading'}</p>;
  }

  it('asks the endpoint for the URL\'s view, leaving out the filters at rest, under keyOf', async () => {
    dom.render(
      <Router hook={memoryLocation({ path: '/tasks?status=done&page=2' }).hook}>
        <List />
      </Router>,
    );
    await settle();
    const expected = { page: 2, status: 'done' as const, page_size: 25 };
    expect(requests).toHaveLength(1);
    expect(requests[0]?.path).toBe('tasks/');
    expect(requests[0]?.options.query).toEqual(expected);
    expect(query).toEqual(expected);
    expect(queryCache.entry(keyOf(tasks.list, { query: expected })).state.data).toEqual({ count: 0, total_pages: 1, results: [] });
  });
});

describe('useAction({ endpoint })', () => {
  let action: Action<void, unknown>;
  function Approve() {
    action = useAction({ endpoint: tasks.approve, run: () => Promise.resolve({}) });
    return null;
  }

  it('reads again the views of every area the endpoint changes, and no other', async () => {
    const list = queryCache.entry(keyOf(tasks.list, { query: { assignee: 'mine' } }));
    const myWork = queryCache.entry(['work', 'me']);
    const clients = queryCache.entry(['clients', 'list', {}]);
    for (const entry of [list, myWork, clients]) entry.setData({});
    dom.render(<Approve />);
    await act(() => action.run());
    expect([list.stale, myWork.stale, clients.stale]).toEqual([true, true, false]);
  });

  it('takes the endpoint from the input when one action calls one of several', async () => {
    let step: Action<'comment' | 'update', unknown> | undefined;
    function Step() {
      step = useAction({ endpoint: (name: 'comment' | 'update') => (name === 'update' ? tasks.update : tasks.comment), run: () => Promise.resolve({}) });
      return null;
    }
    const capacity = queryCache.entry(['capacity', 'weeks', {}]);
    capacity.setData({});
    dom.render(<Step />);
    await act(() => step!.run('comment'));
    expect(capacity.stale).toBe(false);
    await act(() => step!.run('update'));
    // tasksChanges.update names Capacity (an assignee or an estimate moved); a comment does not.
    expect(capacity.stale).toBe(true);
  });
});
