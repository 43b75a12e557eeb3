/** JSON-schema pieces shared by the routes' request validation. */

/** Free text from a query or body: no control characters (Postgres text cannot even hold NUL). */
export const plainText = (maxLength: number) => ({ type: 'string', maxLength, pattern: '^[^\\u0000-\\u001f]*$' }) as const;

/** Multi-line text (comments): tabs and line breaks allowed, other control characters not. */
export const noteText = (maxLength: number) => ({ type: 'string', maxLength, pattern: '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f]*$' }) as const;

/** A database id in a path: coerced from the URL, within Postgres' integer range. */
export const idParam = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;

/** The optional Idempotency-Key request header: a printable token. */
export const idempotencyHeaderSchema = {
  type: 'object',
  properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$' } },
} as const;
