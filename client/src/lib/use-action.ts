/**
 * The console's one way to write. Every button, dialog and form that changes something runs through it,
 * so they all behave alike:
 * - busy while it runs (the button shows 'Please Wait' with a spinner, spec section 8), and a second call
 *   while one runs is ignored: a double click acts once;
 * - one Idempotency-Key per user action, sent with the write (the API client's retry after a token refresh
 *   re-sends the same key, so the server acts once);
 * - a write that got no answer, or a 502/503/504 (a back end restarting), is sent again with the same key after
 *   1, 2, 4, 8 and 15 s, busy all along, while the form keeps its input (the server answers a replayed key
 *   with its stored answer, so a write that did land acts once); never after a 4xx. When it never gets through,
 *   the form's error (or the toast) says it was not saved and the input is still there;
 * - success: the one success toast, the answer put in the cache where the caller says, and every key it
 *   names invalidated, so every view of the changed data (lists, navigation counts, the record) refreshes;
 * - 409 CONFLICT: the server's message, and the named keys read again so the page shows the latest version;
 * - a refused input (400 with `field`): the server's sentence handed back per field, so the form keeps
 *   its text and shows the reason beside the field; other refusals the form can show (400, 403, 409, 429) as
 *   `formError`. An error is shown once: a refusal the form shows (a field it renders `fieldErrors[field]`
 *   for, or a `formError` it renders) gets no toast beside it; every other failure reaches the one error toast.
 */
import { useCallback, useRef, useState } from 'react';
import { IDEMPOTENCY_HEADER } from '../../../common/contract/http.ts';
import { isTransientFailure } from './connection.ts';
import { ApiError, serverMessage } from './errors.ts';
import { queryCache, type QueryKey } from './query-cache.ts';
import type { EndpointHandle } from './endpoints.ts';
import { notifyError, notifySuccess } from './toast.ts';

/** What a write gets besides its input: the headers of this one user action. */
export interface ActionContext {
  headers: Record<string, string>;
}

export interface ActionOptions<I, R> {
  /** The call. Pass `context.headers` on, so the write carries this action's Idempotency-Key. */
  run: (input: I, context: ActionContext) => Promise<R>;
  /** The success toast's text. */
  success?: string | ((result: R, input: I) => string);
  /**
   * The endpoint the write calls (its area's handle, endpoints.ts): after success and after a conflict every
   * view of the areas it changes, as its table declares them, is read again. Given the input when one action
   * calls one of several endpoints (a report's submit, approve or publish).
   */
  endpoint?: EndpointHandle<unknown> | ((input: I) => EndpointHandle<unknown>);
  /** Key prefixes read again besides the endpoint's areas: a view outside the contract (none for most writes). */
  invalidates?: readonly QueryKey[] | ((input: I) => readonly QueryKey[]);
  /** Runs after success, before the invalidation: e.g. put the answer in the cache, close the dialog. */
  onSuccess?: (result: R, input: I) => void;
  /** Runs after a 409, once the latest version is being read: e.g. close the dialog over the page that shows it. */
  onConflict?: (input: I) => void;
}

export type FieldErrors = Partial<Record<string, string>>;

/** The waits before each resend of a write that did not get through: about 30 s in all. */
export const WRITE_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000, 15_000];

/** Said when a write never got through: nothing was saved, and nothing the user typed is gone. */
export const NOT_SAVED_MESSAGE = 'Not saved: the server could not be reached. Your changes are still here; try again.';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Recorded when a form lists every field error: it shows whichever field is refused. */
const ANY_FIELD = '\u0000any';

export interface Action<I, R> {
  /** Resolves with the answer, or undefined when the write failed or another was still running. */
  run: (input: I) => Promise<R | undefined>;
  busy: boolean;
  /** The server's sentence per refused field (the response's `field`, e.g. 'comment'). */
  fieldErrors: FieldErrors;
  /** A refusal the form shows above its fields (a 409's 'A user with the e-mail ... already exists.'). */
  formError: string | null;
  /** Clears the errors (the user edited the form, or the dialog closed). */
  reset: () => void;
}

interface RefusalBody {
  message?: unknown;
  field?: unknown;
  errorCode?: unknown;
}

/** Runs the send, and again after each delay while it fails for a transient reason; the last failure is thrown. */
async function sendWithRetries<R>(send: () => Promise<R>): Promise<R> {
  for (const delay of WRITE_RETRY_DELAYS_MS) {
    try {
      return await send();
    } catch (error) {
      if (!isTransientFailure(error)) throw error;
      await wait(delay);
    }
  }
  return send();
}

function refusal(error: unknown): { status: number; body: RefusalBody } | null {
  if (!(error instanceof ApiError) || error.status === undefined) return null;
  const body = typeof error.body === 'object' && error.body !== null ? (error.body as RefusalBody) : {};
  return { status: error.status, body };
}

export function useAction<I = void, R = unknown>(options: ActionOptions<I, R>): Action<I, R> {
  const latest = useRef(options);
  latest.current = options;
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // What the form shows itself: the fields whose error a render read, and whether it read formError.
  const shownFields = useRef(new Set<string>());
  const showsFormError = useRef(false);

  const run = useCallback(async (input: I): Promise<R | undefined> => {
    // A ref, not the state: two clicks in the same frame both see the state from before the first.
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    setFieldErrors({});
    setFormError(null);
    const { run: call, success, endpoint, invalidates, onSuccess, onConflict } = latest.current;
    const handle = typeof endpoint === 'function' ? endpoint(input) : endpoint;
    const keys = [...(handle?.changes.map((area) => [area]) ?? []), ...(typeof invalidates === 'function' ? invalidates(input) : (invalidates ?? []))];
    try {
      // One key for every send of this action: a resend the server already acted on is answered, not redone.
      const context = { headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID() } };
      const result = await sendWithRetries(() => call(input, context));
      onSuccess?.(result, input);
      if (success) notifySuccess(typeof success === 'function' ? success(result, input) : success);
      queryCache.invalidate(...keys);
      return result;
    } catch (error) {
      const refused = refusal(error);
      if (isTransientFailure(error)) {
        // Shown where the form shows its errors, else in the toast; the form stays as it is.
        if (!showsFormError.current) notifyError(NOT_SAVED_MESSAGE);
        setFormError(NOT_SAVED_MESSAGE);
      } else if (refused?.status === 409) {
        // The spec's catalogue has no text for CONFLICT; the server's sentence says what happened.
        const message = serverMessage(error);
        // A form that stays open and shows the sentence above its fields says it once, not in a toast as well.
        if (onConflict || !showsFormError.current) notifyError(message);
        setFormError(message);
        queryCache.invalidate(...keys);
        onConflict?.(input);
      } else {
        const field = refused?.status === 400 && typeof refused.body.field === 'string' ? refused.body.field : null;
        const formRefusal = !field && refused !== null && (refused.status === 400 || refused.status === 403 || refused.status === 429);
        // Shown beside its field or above the form: said there, once, not in a toast as well.
        if (!(field && (shownFields.current.has(field) || shownFields.current.has(ANY_FIELD))) && !(formRefusal && showsFormError.current)) notifyError(error);
        if (field) setFieldErrors({ [field]: serverMessage(error) });
        else if (formRefusal) setFormError(serverMessage(error));
      }
      return undefined;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  const reset = useCallback(() => {
    setFieldErrors({});
    setFormError(null);
  }, []);

  // Reading an error in render is how a form says it shows it: the reads are recorded, the values unchanged.
  const readFieldErrors = new Proxy(fieldErrors, {
    get(target, key, receiver) {
      if (typeof key === 'string') shownFields.current.add(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
    // Listing them (Object.values) shows whichever field is refused.
    ownKeys(target) {
      shownFields.current.add(ANY_FIELD);
      return Reflect.ownKeys(target);
    },
  });
  return {
    run,
    busy,
    fieldErrors: readFieldErrors,
    get formError() {
      showsFormError.current = true;
      return formError;
    },
    reset,
  };
}
