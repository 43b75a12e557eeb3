/**
 * What every call of the API shares (spec section 7), as plain constants: the console, the gateway and the
 * back end import them without the schema library.
 */
export const API_BASE = '/api/';

/** The request time-out of every call (spec section 9). */
export const API_TIMEOUT_MS = 120_000;

/**
 * The largest request body the gateway passes on by default (API_BODY_LIMIT_BYTES): no endpoint's bodyLimit
 * may be larger, or the gateway would refuse what the contract accepts.
 */
export const API_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/** A size limit as a refusal names it: 10485760 is '10 MB', 65536 is '64 KB' (binary units, as file pickers count). */
export function bytesLabel(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

/** The header every call carries: 'Firebase <ID token>'. */
export const AUTH_SCHEME = 'Firebase';

/** The header that makes a write safe to retry: the same key on the same record acts once. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** The deepest page a list serves: keeps OFFSET an ordinary integer in the SQL. */
export const MAX_PAGE = 1_000_000;

/** Postgres' integer range: every id and version fits in it. */
export const MAX_ID = 2_147_483_647;

/** The longest search text any list takes (the search boxes enforce the same). */
export const MAX_SEARCH_LENGTH = 200;

/** The longest e-mail address (RFC 5321's path limit): the schema's bound and the console's counter. */
export const MAX_EMAIL_LENGTH = 254;

/**
 * Gateway to back end: 'outside' when the client address is not in ADMIN_ALLOWED_CIDRS, 'inside'
 * when it is, absent when the rule is off. The gateway knows the address and the networks; only the back end
 * knows who is an ADMIN (roles live in its database, not in the token), so the back end refuses and audits.
 * The gateway drops any value a client sends.
 */
export const ADMIN_NETWORK_HEADER = 'x-admin-network';
