/**
 * The console's one store of server data: every read goes through an entry of this cache, keyed by an
 * array ('registrations', 'list', {...query}), so two views of the same data share one request and one
 * answer, and a write refreshes every view of what it changed by invalidating a key prefix
 * (['registrations'] refreshes the lists, the counts and the open record alike).
 *
 * Why not TanStack Query: it would add 9.8 KB brotli to every signed-in route's download, and the bundle
 * budget (tests/scripts/bundle-budget.test.ts) holds each route to 30 KB, which the Users page would then
 * exceed. The rules below are the ones the console needs, with TanStack's names where it has one.
 *
 * Rules:
 * - One request per entry at a time; a newer one (refetch, invalidation) aborts the older, and only the
 *   newest may write, so a slow old answer never overwrites a newer one.
 * - When the last view of an entry goes away while it loads, the request is aborted and the entry stays out of
 *   date, so the next view reads it again.
 * - A failed read goes to the one error toast once, however many views share it (unless every view opted
 *   out); the error stays on the entry until the next read.
 * - Entries nobody watches are dropped after GC_MS; everything is dropped when the signed-in user changes.
 */
import { effect } from '@preact/signals-react';
import { session } from '../state/session.ts';
import { notifyError } from './toast.ts';

export type QueryKey = readonly unknown[];

export type QueryFn<T> = (signal: AbortSignal) => Promise<T>;

/** Whether a failure goes to the error toast: true, false, or decided per error (e.g. not for a 404 the page explains). */
export type NotifyRule = boolean | ((error: unknown) => boolean);

export interface EntryState<T> {
  data: T | undefined;
  error: unknown;
  /** A request is in flight. */
  fetching: boolean;
  /** When data last arrived (epoch ms); 0 before. */
  updatedAt: number;
}

/** How long an entry nobody watches is kept, so going back to a page shows its data at once. */
export const GC_MS = 5 * 60_000;

/**
 * Data younger than this is not read again when another view of it mounts (the verification stepper
 * arriving in its own chunk after the page read the same status); older data shows at once and is read
 * again behind it. Writes do not wait for it: they invalidate.
 */
export const STALE_MS = 10_000;

/** Keys compare by value: object members in sorted order, undefined members left out (as in a query string). */
export function hashKey(key: QueryKey): string {
  return JSON.stringify(key, (_name, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/** Whether `key` starts with `prefix`, member by member. */
export function matchesKey(key: QueryKey, prefix: QueryKey): boolean {
  return prefix.length <= key.length && prefix.every((part, index) => hashKey([part]) === hashKey([key[index]]));
}

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof Error && error.name === 'AbortError');
}

export class QueryEntry<T = unknown> {
  state: EntryState<T> = { data: undefined, error: undefined, fetching: false, updatedAt: 0 };
  /** Set by invalidation: the next view to look refetches even if data is there. */
  stale = true;
  /** The read to run; the newest view's function (they all ask for the same data). */
  queryFn: QueryFn<T> | undefined;
  private readonly notifyRules = new Map<object, NotifyRule>();
  private readonly listeners = new Set<() => void>();
  private controller: AbortController | undefined;
  private requestId = 0;
  private gcTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly key: QueryKey,
    readonly hash: string,
    private readonly onGc: (entry: QueryEntry<T>) => void,
  ) {}

  get observed(): boolean {
    return this.listeners.size > 0;
  }

  /** A view starts watching; returns the function that stops it. */
  subscribe(listener: () => void, notify: NotifyRule = true): () => void {
    clearTimeout(this.gcTimer);
    this.listeners.add(listener);
    this.notifyRules.set(listener, notify);
    return () => {
      this.listeners.delete(listener);
      this.notifyRules.delete(listener);
      if (this.listeners.size > 0) return;
      // Nobody waits for the answer any more: stop the request and keep the entry as it was before it.
      if (this.state.fetching) this.cancel();
      this.gcTimer = setTimeout(() => this.onGc(this), GC_MS);
    };
  }

  private set(patch: Partial<EntryState<T>>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  setData(data: T): void {
    this.stale = false;
    this.set({ data, error: undefined, updatedAt: Date.now() });
  }

  /** Whether a view arriving now should read: never read, invalidated, last read failed, or older than STALE_MS. */
  needsFetch(now = Date.now()): boolean {
    return !this.state.fetching && (this.stale || this.state.error !== undefined || now - this.state.updatedAt > STALE_MS);
  }

  cancel(): void {
    this.controller?.abort();
    this.controller = undefined;
    this.requestId += 1;
    // The read was wanted (invalidated, or old) and never landed: the next view must read again, not take the
    // data from before it for fresh (Home left by the take that invalidated it showed the case untaken).
    if (this.state.fetching) {
      this.stale = true;
      this.set({ fetching: false });
    }
  }

  /**
   * Runs `fn` (or the entry's own read) as the entry's one request, aborting one in flight. Resolves with
   * the data, or undefined when it failed or was overtaken (failures land on the entry, not the caller).
   */
  fetch(fn: QueryFn<T> | undefined = this.queryFn): Promise<T | undefined> {
    if (!fn) return Promise.resolve(undefined);
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const id = ++this.requestId;
    this.stale = false;
    this.set({ fetching: true, error: undefined });
    return fn(controller.signal).then(
      (data) => {
        if (id !== this.requestId) return undefined;
        this.controller = undefined;
        this.set({ data, error: undefined, fetching: false, updatedAt: Date.now() });
        return data;
      },
      (error: unknown) => {
        if (id !== this.requestId || isAbort(error, controller.signal)) return undefined;
        this.controller = undefined;
        if (this.shouldNotify(error)) notifyError(error);
        this.set({ error, fetching: false });
        return undefined;
      },
    );
  }

  private shouldNotify(error: unknown): boolean {
    if (this.notifyRules.size === 0) return true;
    return [...this.notifyRules.values()].some((rule) => (typeof rule === 'function' ? rule(error) : rule));
  }

  /** Marks the entry out of date and reads it again at once if anyone is watching. */
  invalidate(): void {
    this.stale = true;
    if (this.observed) void this.fetch();
  }

  dispose(): void {
    clearTimeout(this.gcTimer);
    this.controller?.abort();
    this.requestId += 1;
  }
}

export class QueryCache {
  private readonly entries = new Map<string, QueryEntry>();

  entry<T>(key: QueryKey): QueryEntry<T> {
    const hash = hashKey(key);
    let found = this.entries.get(hash) as QueryEntry<T> | undefined;
    if (!found) {
      found = new QueryEntry<T>(key, hash, (entry) => {
        if (this.entries.get(entry.hash) === entry) this.entries.delete(entry.hash);
      });
      this.entries.set(hash, found as QueryEntry);
    }
    return found;
  }

  getData<T>(key: QueryKey): T | undefined {
    return (this.entries.get(hashKey(key)) as QueryEntry<T> | undefined)?.state.data;
  }

  /** Puts an answer the caller already has (a write's response) in place, so every view shows it now. */
  setData<T>(key: QueryKey, update: T | ((previous: T | undefined) => T | undefined)): void {
    const entry = this.entry<T>(key);
    const next = typeof update === 'function' ? (update as (previous: T | undefined) => T | undefined)(entry.state.data) : update;
    if (next !== undefined) entry.setData(next);
  }

  /** Every entry whose key starts with one of the prefixes is out of date; the watched ones read again now. */
  invalidate(...prefixes: QueryKey[]): void {
    for (const entry of [...this.entries.values()]) {
      if (prefixes.some((prefix) => matchesKey(entry.key, prefix))) entry.invalidate();
    }
  }

  /** Every entry a view is watching now reads again (what is on screen); the others are only marked out of date. */
  invalidateWatched(): void {
    for (const entry of [...this.entries.values()]) {
      if (entry.observed) entry.invalidate();
    }
  }

  /** Forgets everything (another user signs in, the role changed): no view may show the previous data. */
  clear(): void {
    for (const entry of this.entries.values()) {
      entry.dispose();
      entry.stale = true;
    }
    this.entries.clear();
  }
}

export const queryCache = new QueryCache();

// One user's data is never shown to the next one signing in on the same tab.
let cachedFor = session.peek().uid;
effect(() => {
  const uid = session.value.uid;
  if (uid === cachedFor) return;
  cachedFor = uid;
  queryCache.clear();
});
