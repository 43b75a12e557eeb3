/**
 * The spec's error catalogue (section 8), in one place for the console, the gateway and the back end.
 * The texts are requirements: change them only with the spec.
 */

/** Error codes the spec names; the console maps each to its toast text. */
export const CATALOGUE_CODES = ['INVALID_INPUT', 'AUTHENTICATION_FAILED', 'UNAUTHORIZED', 'TOKEN_EXPIRED'] as const;

/**
 * Codes our own services add for conditions the spec does not name; the console shows them as
 * 'Something went wrong.' like any other unknown code.
 */
export const SERVICE_CODES = [
  'FORBIDDEN',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'AUTH_UNAVAILABLE',
  'UPSTREAM_TIMEOUT',
  'UPSTREAM_UNAVAILABLE',
  'CONFLICT',
  'INTERNAL_ERROR',
  'METHOD_NOT_ALLOWED',
  'REQUEST_TIMEOUT',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'HEADERS_TOO_LARGE',
  // The website's public endpoints, over their per-address rate.
  'RATE_LIMITED',
  // A staff token without the second factor of its sign-in: the console asks for the code.
  'SECOND_FACTOR_REQUIRED',
  // A token whose sign-in came before its account's sessions were ended: the server's sentence says by whom.
  'SESSION_ENDED',
  // An ADMIN call from outside ADMIN_ALLOWED_CIDRS: the server's sentence names the networks' rule.
  'ADMIN_NETWORK_REFUSED',
  // A write for a client frozen by a confirmed sanctions match (409): staff only, never a client's own call.
  'CLIENT_FROZEN',
  // Time (409): a write on an entry of a week submitted or approved; a timer stopped past its limit unconfirmed.
  'TIMESHEET_LOCKED',
  'TIMER_CONFIRMATION_REQUIRED',
] as const;

export type CatalogueCode = (typeof CATALOGUE_CODES)[number];
export type ServiceCode = (typeof SERVICE_CODES)[number];
export type ErrorCode = CatalogueCode | ServiceCode;

/** Every error body the gateway and the back end send. */
export interface ErrorBody {
  errorCode: ErrorCode;
  message: string;
  /** On 400 INVALID_INPUT: the input at fault ('comment', 'page', 'assignee_id'), so a form can show the message beside it. */
  field?: string;
}

/** Toast text by errorCode. */
export const ERROR_CODE_MESSAGES: Record<CatalogueCode, string> = {
  INVALID_INPUT: 'Invalid input. Please check your input data.',
  AUTHENTICATION_FAILED: 'Authentication failed. Please log in again.',
  UNAUTHORIZED: 'Unauthorized access. Please log in.',
  TOKEN_EXPIRED: 'Your session has expired. Please log in again.',
};

export const UNKNOWN_CODE_MESSAGE = 'Something went wrong.';
export const FALLBACK_MESSAGE = 'Oops! Something went wrong on our end. Please try again later.';

/** Messages by HTTP status; other statuses pass the original error on. */
export const HTTP_STATUS_MESSAGES: Partial<Record<number, string>> = {
  401: 'Session timeout. Please refresh or login.',
  403: 'Access Denied - You do not have permission to access this resource.',
  404: '404 - Resource Not Found.',
};

/**
 * Refusals whose server sentence the console shows as it is, in place of the status's catalogue text: the
 * generic 'Session timeout' or 'Access Denied' would hide what the user can do about them.
 */
export const SERVER_WORDED_CODES: readonly ServiceCode[] = ['SESSION_ENDED', 'ADMIN_NETWORK_REFUSED'];

/** SESSION_ENDED's sentences: the account's sessions were ended by an administrator, or by the user elsewhere. */
export const SESSION_ENDED_MESSAGES = {
  administrator: 'Your session was ended by an administrator.',
  self: 'You signed out everywhere. Log in again to continue.',
} as const;

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your internet connection.';

export function isCatalogueCode(value: unknown): value is CatalogueCode {
  return typeof value === 'string' && (CATALOGUE_CODES as readonly string[]).includes(value);
}
