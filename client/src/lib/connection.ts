/**
 * Whether the console has lost its way to the server for now: a call that got no answer or a 502/503/504 (a
 * gateway or back end restarting), or a notification stream that dropped. The top bar shows a quiet
 * 'Reconnecting…' while it holds; nothing else changes, since the calls that failed say so themselves and
 * writes are retried (lib/use-action.ts). Answers of any other status mean the server is there: a 401 is the
 * session's business (lib/session-lost.ts), a 409 the record's, neither a connection's.
 *
 * The API and the stream are told apart: a call that answers clears the API's part, a stream that opens
 * clears both (it came through the same gateway and back end), and a stream that drops sets only its own.
 */
import { computed, signal } from '@preact/signals-react';
import { ApiError } from './errors.ts';

/** Statuses of a proxy whose back end is away or restarting: the same request may well work in a moment. */
const UNREACHABLE_STATUSES: readonly number[] = [502, 503, 504];

const apiDown = signal(false);
const streamDown = signal(false);

/** True while a call or the notification stream is failing for a transient reason. */
export const reconnecting = computed(() => apiDown.value || streamDown.value);

/** A failure worth trying again with the same request: no answer at all, or a proxy's 502/503/504. */
export function isTransientFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.kind === 'network' || (error.status !== undefined && UNREACHABLE_STATUSES.includes(error.status));
}

/** From the API client: the server answered a call (whatever the status, but for a failure's own report). */
export function reportCallAnswered(): void {
  apiDown.value = false;
}

/** From the API client: a call failed (a call its caller aborted says nothing and is not reported). */
export function reportCallFailed(error: unknown): void {
  if (isTransientFailure(error)) apiDown.value = true;
  else if (error instanceof ApiError && error.status !== undefined) apiDown.value = false;
}

/** From the notification stream: it opened (true) or dropped (false). */
export function reportStream(open: boolean): void {
  streamDown.value = !open;
  if (open) apiDown.value = false;
}

/** The stream was closed on purpose (sign-out): nothing is reconnecting. */
export function resetConnection(): void {
  apiDown.value = false;
  streamDown.value = false;
}
