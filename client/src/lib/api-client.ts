/**
 * The one API client (spec section 7): base path /api/, 120000 ms time-out, 'Authorization: Firebase
 * <ID token>' on every call. Parallel calls that meet a 401 with the same stale token share one forced
 * refresh and retry once, so an expired token causes one refresh, not a storm. A 401 that survives that (the
 * refresh failed, or the fresh token is refused too: a revoked session, a deactivated user) means the
 * session is over, which onSessionLost hears about.
 */
import { ofetch, type FetchOptions } from 'ofetch';
import { API_BASE, API_TIMEOUT_MS, AUTH_SCHEME } from '../../../common/contract/http.ts';
import { ApiError, toApiError } from './errors.ts';

/** Supplies the signed-in user's ID token; force asks the provider for a fresh one. */
export type TokenSource = (forceRefresh: boolean) => Promise<string | null>;

export interface ApiClientOptions {
  getToken: TokenSource;
  baseURL?: string;
  timeout?: number;
  /**
   * Called with the final 401 of a call that was sent signed in, and what the token refresh failed with
   * when it did (the provider's 'auth/user-disabled' says why); the caller still gets the error.
   */
  onSessionLost?: (error: ApiError, refreshFailure: unknown) => void;
  /** Called with every 403 of a call made signed in (the role may have changed since the profile was read). */
  onForbidden?: (error: ApiError, path: string) => void;
  /**
   * Called instead of onSessionLost when the final 401 says the sign-in lacks its second factor:
   * the session is not lost, the console asks for the code.
   */
  onSecondFactor?: () => void;
  /**
   * Each request's outcome, for the connection state (lib/connection.ts): the server answered, or the request
   * failed (with what the caller gets). A request its caller aborted reports nothing.
   */
  onAnswered?: () => void;
  onFailed?: (error: unknown) => void;
}

export type ApiRequestOptions = Pick<FetchOptions<'json' | 'blob'>, 'method' | 'query' | 'body' | 'headers' | 'signal' | 'responseType'>;

export type ApiClient = <T>(path: string, options?: ApiRequestOptions) => Promise<T>;

export function createApiClient({ getToken, baseURL = API_BASE, timeout = API_TIMEOUT_MS, onSessionLost, onForbidden, onSecondFactor, onAnswered, onFailed }: ApiClientOptions): ApiClient {
  const raw = ofetch.create({ baseURL, timeout, retry: 0 });
  let lastRefresh: { stale: string; fresh: Promise<string | null> } | null = null;
  let refreshFailure: unknown;

  const tokenOrNull = async (force: boolean): Promise<string | null> => {
    try {
      return await getToken(force);
    } catch (error) {
      console.error('Could not get the ID token; sending the request without it', error);
      if (force) refreshFailure = error;
      return null;
    }
  };

  /** One forced refresh per stale token, however many calls were rejected with it. */
  const refreshAfter = (stale: string): Promise<string | null> => {
    if (lastRefresh?.stale !== stale) {
      refreshFailure = undefined;
      lastRefresh = { stale, fresh: tokenOrNull(true) };
    }
    return lastRefresh.fresh;
  };

  /** Failures leave here already through toApiError, so the 401 check reads the same error the caller gets. */
  const send = <T>(path: string, options: ApiRequestOptions, token: string | null): Promise<T> => {
    const headers = new Headers(options.headers as HeadersInit | undefined);
    if (token) headers.set('Authorization', `${AUTH_SCHEME} ${token}`);
    // responseType 'blob' (a file download) gives a Blob body; the caller names it in T.
    return (raw<T, 'json' | 'blob'>(path, { ...options, headers }) as Promise<T>).then(
      (answer) => {
        onAnswered?.();
        return answer;
      },
      (error: unknown) => {
        const failure = toApiError(error);
        if (!options.signal?.aborted) onFailed?.(failure);
        throw failure;
      },
    );
  };

  const sessionLost = (error: unknown): unknown => {
    // A refreshed token may carry the second factor another tab just gave; when it does not, ask for the code.
    if (isSecondFactorRequired(error)) onSecondFactor?.();
    else if (isUnauthorized(error)) onSessionLost?.(error, refreshFailure);
    return error;
  };

  return async <T>(path: string, options: ApiRequestOptions = {}): Promise<T> => {
    const token = await tokenOrNull(false);
    try {
      return await send<T>(path, options, token);
    } catch (error) {
      if (token && error instanceof ApiError && error.status === 403) onForbidden?.(error, path);
      if (!token || !isUnauthorized(error)) throw error;
      const fresh = await refreshAfter(token);
      if (!fresh) throw sessionLost(error);
      return send<T>(path, options, fresh).catch((retryError: unknown) => {
        throw sessionLost(retryError);
      });
    }
  };
}

/** A staff sign-in without its second factor: the console asks for the code, it does not sign out. */
export function isSecondFactorRequired(error: unknown): boolean {
  return isUnauthorized(error) && (error.body as { errorCode?: unknown } | undefined)?.errorCode === 'SECOND_FACTOR_REQUIRED';
}

function isUnauthorized(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401;
}
