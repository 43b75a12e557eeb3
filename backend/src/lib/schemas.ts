/** JSON-schema pieces shared by the routes' request validation. */

/** Free text from a query or body: no control characters (Postgres text cannot even hold NUL). */
export const plainText = (maxLength: number) => ({ type: 'string', maxLength, pattern: '^[^\\u0000-\\u001f]*$' }) as const;
