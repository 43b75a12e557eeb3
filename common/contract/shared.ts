/**
 * Schema pieces every contract uses (TypeBox: JSON Schema with the TypeScript type derived from it). Request
 * schemas are closed (an unknown field is refused) and bounded (every string has a maximum length, every
 * number a range), which the back end's route sweep test checks on every route.
 */
import { Type, type Static, type TObject, type TProperties, type TSchema } from 'typebox';
import { CATALOGUE_CODES, SERVICE_CODES, type ErrorBody as ErrorBodyType } from '../error-catalogue.ts';
import { MAX_EMAIL_LENGTH, MAX_ID, MAX_PAGE, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH } from './http.ts';
import { sharedFields } from './shared-fields.ts';

/**
 * True only when A and B are the same type. A schema written for a type that common/ declares in plain code
 * (which the console and the gateway import without the schema library) states `const _agrees: Agrees<Static<typeof
 * Schema>, Type> = true`, so the shape is one type and the build fails when the schema drifts from it.
 */
export type Agrees<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;

/** A request body or query: unknown fields are refused, never dropped. */
export const Closed = <P extends TProperties>(properties: P, options: { title?: string } = {}) =>
  Type.Object(properties, { ...options, additionalProperties: false });

/**
 * An object schema whose `field` must be given, and not blank, when `on` is `value` (a lost lead says why):
 * JSON Schema's if/then, so the refusal is the usual '<field's title> is required.' naming the field.
 */
export function NeededWhen<S extends TObject>(schema: S, on: keyof S['properties'] & string, value: string, field: keyof S['properties'] & string): S {
  type Titled = { title?: string; anyOf?: Titled[] };
  const property = schema.properties[field] as Titled | undefined;
  // A nullable field carries its title on the branch that is not null.
  const title = property?.title ?? property?.anyOf?.find((branch) => branch.title)?.title;
  return {
    ...schema,
    if: { type: 'object', properties: { [on]: { const: value } }, required: [on] },
    then: { type: 'object', required: [field], properties: { [field]: { type: 'string', minLength: 1, pattern: '\\S', errorMessage: 'must not be blank', ...(title ? { title } : {}) } } },
  };
}

/** A database id (path segment, body field): a positive whole number in Postgres' integer range. */
export const Id = (title?: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, ...(title ? { title } : {}) });

/** Optimistic concurrency: the version of the record the user saw; a stale one answers 409 CONFLICT. */
export const Version = Type.Integer({ minimum: 1, maximum: MAX_ID, title: 'Version' });

/** One line of text: no control characters (Postgres text cannot even hold NUL). */
export const Line = (maxLength: number, options: { title?: string; minLength?: number } = {}) =>
  Type.String({ maxLength, pattern: '^[^\\u0000-\\u001f\\u007f]*$', errorMessage: 'must be one line of text', ...options });

/** Several lines (comments, notes): tabs and line breaks allowed, other control characters not. */
export const Paragraphs = (maxLength: number, options: { title?: string; minLength?: number } = {}) =>
  Type.String({ maxLength, pattern: '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]*$', errorMessage: 'must be text', ...options });

/** A practical address check (one @, a dot in the domain, no spaces); Firebase checks it again. */
export const Email = Type.String({ maxLength: MAX_EMAIL_LENGTH, pattern: '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$', errorMessage: 'must be an e-mail address', title: sharedFields.email.label });

/** A calendar date, YYYY-MM-DD. */
export const CalendarDate = (title?: string) => Type.String({ format: 'date', maxLength: 10, ...(title ? { title } : {}) });

/** An instant as the API answers it (ISO 8601). */
export const Instant = Type.String({ format: 'date-time' });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The list's search box: case-insensitive, literal contains. */
export const Search = Line(MAX_SEARCH_LENGTH, { title: 'Search' });

/** page and page_size of every paginated list; page_size above the cap is refused, not silently cut. */
export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, title: 'Page' })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, title: 'Page size' })),
};

/** The list envelope of every paginated call; next and previous are links to the neighbouring pages or null. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    count: Type.Integer(),
    total_pages: Type.Integer(),
    next: Nullable(Type.String()),
    previous: Nullable(Type.String()),
    results: Type.Array(item),
  });
export interface Page<T> {
  count: number;
  total_pages: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Path parameters of a record: `{ id }`-style objects of ids. */
/** A path parameter's label in messages: 'userId' is 'User', a bare 'id' the record the page shows. */
const paramLabel = (name: string) => (name === 'id' ? 'Record' : `${name.charAt(0).toUpperCase()}${name.slice(1).replace(/Id$/, '')}`);
export const IdParams = <K extends string>(...names: K[]) => Closed(Object.fromEntries(names.map((name) => [name, Id(paramLabel(name))])) as { [N in K]: ReturnType<typeof Id> });

/** The optional Idempotency-Key request header of a write: a printable token. */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$', errorMessage: 'must be a printable token', title: 'Idempotency-Key' })),
});

/** A write with nothing to say beyond its path: an empty object, or no body at all. */
export const NoBody = Closed({});

/** A staff member or client as records show them. */
export const PersonRef = Type.Object({ id: Type.Integer(), display_name: Nullable(Type.String()), email: Type.String() });
export type PersonRef = Static<typeof PersonRef>;

/** Every error answer of the gateway and the back end (error-catalogue.ts's ErrorBody); `field` names the input at fault on 400s. */
export const ErrorBody = Type.Object({
  errorCode: Type.Enum([...CATALOGUE_CODES, ...SERVICE_CODES]),
  message: Type.String(),
  field: Type.Optional(Type.String()),
});
export type ErrorBody = ErrorBodyType;
const _errorBodyAgrees: Agrees<Static<typeof ErrorBody>, ErrorBody> = true;
