/**
 * The error handling of spec section 8, on top of the one catalogue in common/error-catalogue.ts:
 * what the API client rejects with (HTTP status handling) and which text the error toast shows.
 */
import type { FetchError } from 'ofetch';
import {
  ERROR_CODE_MESSAGES,
  FALLBACK_MESSAGE,
  HTTP_STATUS_MESSAGES,
  NETWORK_ERROR_MESSAGE,
  SERVER_WORDED_CODES,
  UNKNOWN_CODE_MESSAGE,
  isCatalogueCode,
} from '../../../common/error-catalogue.ts';

/**
 * How a call failed. 'status' and 'network' carry the catalogue's own text (the spec's interceptor turns
 * them into plain messages); 'http' is any other status, passed on with the server's body.
 */
export type ApiErrorKind = 'status' | 'network' | 'http';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status: number | undefined,
    readonly body: unknown,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * HTTP response handling: 401, 403 and 404 become the catalogue's messages, but for the few refusals whose
 * own sentence is what the user needs (serverWorded); no response becomes the
 * network message; other statuses pass the original error on (as an ApiError with its body); anything
 * that is not an HTTP failure is logged and passed on unchanged.
 */
export function toApiError(error: unknown): unknown {
  if (!isFetchError(error)) {
    console.error('API call failed', error);
    return error;
  }
  const status = error.response?.status;
  if (status === undefined) return new ApiError(NETWORK_ERROR_MESSAGE, 'network', undefined, undefined, { cause: error });
  const worded = serverWorded(error.data);
  if (worded !== null) return new ApiError(worded, 'status', status, error.data, { cause: error });
  const statusMessage = HTTP_STATUS_MESSAGES[status];
  if (statusMessage) return new ApiError(statusMessage, 'status', status, error.data, { cause: error });
  return new ApiError(error.message, 'http', status, error.data, { cause: error });
}

/**
 * The server's sentence of a refusal the console shows as it is (SERVER_WORDED_CODES: who ended the session,
 * the ADMIN networks' rule), else null.
 */
export function serverWorded(body: unknown): string | null {
  if (!isRecord(body) || typeof body.errorCode !== 'string' || typeof body.message !== 'string' || body.message === '') return null;
  return (SERVER_WORDED_CODES as readonly string[]).includes(body.errorCode) ? body.message : null;
}

/** The error toast's text for whatever a call rejected with. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.kind !== 'http') return error.message;
  const body = error instanceof ApiError ? error.body : undefined;
  if (isRecord(body) && typeof body.errorCode === 'string' && body.errorCode !== '') {
    return isCatalogueCode(body.errorCode) ? ERROR_CODE_MESSAGES[body.errorCode] : UNKNOWN_CODE_MESSAGE;
  }
  if (isRecord(body) && typeof body.message === 'string') return body.message;
  if (typeof error === 'string') return error;
  return FALLBACK_MESSAGE;
}

/**
 * ofetch's failures by name rather than instanceof: importing the class would put all of ofetch into the
 * login page's first download, which only needs the error texts.
 */
function isFetchError(error: unknown): error is FetchError {
  return error instanceof Error && error.name === 'FetchError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The server's own explanation of a refused request (a 409's 'A user with the e-mail ... already exists.'),
 * for forms that show it beside the fields; the toast's catalogue text when the server gave none.
 */
export function serverMessage(error: unknown): string {
  const body = error instanceof ApiError ? error.body : undefined;
  if (isRecord(body) && typeof body.message === 'string' && body.message !== '') return body.message;
  return errorMessage(error);
}

/** The server answered that the record does not exist. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** A query's notify rule for a view that says 'not found' itself: every other failure still gets the toast. */
export const unlessNotFound = (error: unknown): boolean => !isNotFound(error);
