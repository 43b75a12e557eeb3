/**
 * Request validation, strict: bodies are never coerced (a boolean where a version belongs is refused, not
 * read as 1) and are closed by their schemas; the query string and path are text, so their numbers and
 * booleans are converted, but only from their plain written form ('12', 'true'): 'Infinity', '1e3', ' 12',
 * '0x10', '' and a parameter given twice are refused before any conversion. Every refusal names the field
 * in a sentence for people (formatValidationError), the same words whichever route refused it.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyRequest, FastifySchema, FastifySchemaCompiler } from 'fastify';

type JsonSchema = Record<string, unknown>;

const baseOptions = {
  allErrors: false,
  // parentSchema on errors: a field's title and errorMessage make the sentence.
  verbose: true,
  // TypeBox writes plain JSON Schema; errorMessage and title are our annotations.
  strict: true,
  removeAdditional: false,
  useDefaults: false,
} as const;

function withFormats(ajv: Ajv): Ajv {
  addFormats.default(ajv, ['date', 'date-time', 'email', 'uri']);
  ajv.addVocabulary(['errorMessage']);
  return ajv;
}

const bodyAjv = withFormats(new Ajv({ ...baseOptions, coerceTypes: false }));
const textAjv = withFormats(new Ajv({ ...baseOptions, coerceTypes: true }));

const INTEGER_TEXT = /^(0|-?[1-9][0-9]{0,15})$/;
const NUMBER_TEXT = /^-?(0|[1-9][0-9]{0,15})(\.[0-9]{1,15})?$/;
const BOOLEAN_TEXT = /^(true|false)$/;

/** The scalar types a property of a query or path schema may take (a nullable field lists two). */
function scalarTypes(schema: JsonSchema | undefined): Set<string> {
  const types = new Set<string>();
  if (!schema) return types;
  const type = schema.type;
  if (typeof type === 'string') types.add(type);
  if (Array.isArray(type)) for (const entry of type) types.add(String(entry));
  for (const branch of (schema.anyOf as JsonSchema[] | undefined) ?? []) for (const entry of scalarTypes(branch)) types.add(entry);
  return types;
}

export class StrictTextError extends Error {
  constructor(
    readonly field: string,
    readonly sentence: string,
  ) {
    super(sentence);
  }
}

/**
 * Checks the raw text of query and path values before ajv converts them: ajv would read 'Infinity',
 * '1e3', ' 12' and '0x10' as numbers and take the first of a repeated parameter.
 */
function checkRawText(schema: JsonSchema, data: Record<string, unknown>): void {
  const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  for (const [name, raw] of Object.entries(data)) {
    const property = properties[name];
    if (!property) continue;
    const label = fieldLabel(name, property);
    if (Array.isArray(raw)) throw new StrictTextError(name, `${label} must be given once.`);
    if (typeof raw !== 'string') continue;
    const types = scalarTypes(property);
    if (types.has('string')) continue;
    if (types.has('integer') && !INTEGER_TEXT.test(raw)) throw new StrictTextError(name, `${label} must be a whole number.`);
    if (types.has('number') && !types.has('integer') && !NUMBER_TEXT.test(raw)) throw new StrictTextError(name, `${label} must be a number.`);
    if (types.has('boolean') && !BOOLEAN_TEXT.test(raw)) throw new StrictTextError(name, `${label} must be true or false.`);
  }
}

const cache = new WeakMap<object, ValidateFunction>();

function compile(ajv: Ajv, schema: JsonSchema): ValidateFunction {
  let validate = cache.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    cache.set(schema, validate);
  }
  return validate;
}

/** The body is read strictly; the query string, path and headers are text, converted. */
const ajvFor = (httpPart: string | undefined): Ajv => (httpPart === 'body' ? bodyAjv : textAjv);

/** Compiles a route's schema for its part of the request now, as its first request would: a schema ajv refuses throws. */
export function compileRouteSchema(schema: object, httpPart: string): void {
  compile(ajvFor(httpPart), schema as JsonSchema);
}

/** True when an object schema names no required property, so leaving the body out means the same as {}. */
function bodyMayBeOmitted(schema: JsonSchema): boolean {
  return schema.type === 'object' && (!Array.isArray(schema.required) || schema.required.length === 0);
}

/**
 * Fastify hands the body validator null both for a request without a body and for the JSON text null; this
 * preValidation hook tells them apart, so a missing body can mean {} while a null body is refused.
 */
const MISSING_BODY = Symbol('missing body');
export async function markMissingBody(request: FastifyRequest): Promise<void> {
  if (request.body === undefined && request.routeOptions.schema?.body) request.body = MISSING_BODY;
}

/**
 * Fastify's validator compiler: the body strict, the query string, path and headers converted from strict text.
 * Each schema is compiled by ajv at its first request, not when fastify asks as the route is added: compiling
 * every route's took about 0.8 s of CPU a start, and most starts (a test's stack, a new replica) answer a few
 * routes before the next. A schema ajv refuses would then fail at its first request, not at start-up, so
 * tests/common/endpoint-tables.test.ts compiles every route's at once.
 */
export const strictValidatorCompiler: FastifySchemaCompiler<FastifySchema> = ({ schema, httpPart }) => {
  const json = schema as JsonSchema;
  let compiled: ValidateFunction | undefined;
  if (httpPart === 'body') {
    const omittable = bodyMayBeOmitted(json);
    return (data: unknown) => {
      const validate = (compiled ??= compile(ajvFor(httpPart), json));
      // Only a missing body means {}: a JSON null is a body of the wrong type, refused like any other.
      if (data === MISSING_BODY) return omittable ? { value: {} } : { error: toValidationError(validate(null) ? [] : (validate.errors ?? []), 'body') };
      if (validate(data)) return { value: data };
      return { error: toValidationError(validate.errors ?? [], 'body') };
    };
  }
  return (data: unknown) => {
    const validate = (compiled ??= compile(ajvFor(httpPart), json));
    if (httpPart !== 'headers' && data && typeof data === 'object') {
      try {
        checkRawText(json, data as Record<string, unknown>);
      } catch (error) {
        if (error instanceof StrictTextError) return { error: new RequestValidationError(error.field, error.sentence) };
        throw error;
      }
    }
    if (validate(data)) return { value: data };
    return { error: toValidationError(validate.errors ?? [], httpPart ?? 'request') };
  };
};

/** A refused input: the field (a dotted path such as 'comment' or 'items.2.amount') and a sentence naming it. */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  constructor(
    readonly field: string,
    readonly sentence: string,
  ) {
    super(sentence);
  }
}

function toValidationError(errors: ErrorObject[], part: string): RequestValidationError {
  const [field, sentence] = formatValidationError(errors, part);
  return new RequestValidationError(field, sentence);
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'empty',
};

const FORMAT_WORDS: Record<string, string> = {
  date: 'a date (YYYY-MM-DD)',
  'date-time': 'a date and time',
  email: 'an e-mail address',
  uri: 'a web address',
};

const count = (value: number) => value.toLocaleString('en-GB');

/** 'assignee_id' -> 'Assignee', 'licence_expires_on' -> 'Licence expires on': a field's name for people, unless the schema titles it. */
export function fieldLabel(name: string, schema?: JsonSchema): string {
  if (schema && typeof schema.title === 'string') return schema.title;
  // A nullable field (anyOf [its type, null]) carries its title on its type.
  const titled = ((schema?.anyOf as JsonSchema[] | undefined) ?? []).find((branch) => typeof branch.title === 'string');
  if (titled) return titled.title as string;
  const words = name.replace(/_id$/, '').replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'The request';
}

/** JSON pointer '/items/2/amount' -> 'items.2.amount'. */
const pathOf = (pointer: string) => pointer.replace(/^\//, '').split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~')).join('.');

/**
 * The field and the sentence of the first error, preferring the most specific one: for a nullable field
 * ajv reports the failing branch and then 'anyOf'; the branch's error says what was wrong.
 */
export function formatValidationError(errors: readonly ErrorObject[], part: string): [field: string, sentence: string] {
  // 'if' only reports that its 'then' failed; the 'then' error before it names the field.
  const wrappers = new Set(['anyOf', 'if']);
  const specific = errors.find((error) => !wrappers.has(error.keyword) && error.keyword !== 'type') ?? errors.find((error) => !wrappers.has(error.keyword)) ?? errors[0];
  if (!specific) return [part, 'The request is not valid.'];
  const anyOf = errors.find((error) => error.keyword === 'anyOf' && error.instancePath === specific.instancePath);
  const path = pathOf(specific.instancePath);
  const parent = (anyOf?.parentSchema ?? specific.parentSchema) as JsonSchema | undefined;
  const own = specific.parentSchema as JsonSchema | undefined;
  const name = path.split('.').pop() ?? '';
  const params = specific.params as Record<string, unknown>;

  switch (specific.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      const property = ((own?.properties as Record<string, JsonSchema> | undefined) ?? {})[missing];
      return [path ? `${path}.${missing}` : missing, `${fieldLabel(missing, property)} is required.`];
    }
    case 'additionalProperties': {
      const extra = String(params.additionalProperty);
      return [path ? `${path}.${extra}` : extra, `The ${part === 'querystring' ? 'parameter' : 'field'} ${extra.slice(0, 60)} is not one this request takes.`];
    }
  }
  const field = path || part;
  const label = path ? fieldLabel(name, parent ?? own) : part === 'body' ? 'The body' : 'The request';
  const choices = enumChoices(anyOf ? (anyOf.parentSchema as JsonSchema) : own);
  if (choices) return [field, `${label} must be one of: ${choices}.`];
  switch (specific.keyword) {
    case 'type': {
      // A field that words its own form ('must be whole fils: AED with at most two decimals') says it here too.
      if (!anyOf && typeof own?.errorMessage === 'string') return [field, `${label} ${own.errorMessage}.`];
      const nullable = anyOf ? ' or empty' : '';
      return [field, `${label} must be ${TYPE_WORDS[String(params.type)] ?? String(params.type)}${nullable}.`];
    }
    case 'minLength':
      return [field, Number(params.limit) <= 1 ? `${label} must not be empty.` : `${label} must be at least ${count(Number(params.limit))} characters.`];
    case 'maxLength':
      return [field, `${label} must be at most ${count(Number(params.limit))} characters.`];
    case 'minimum':
    case 'exclusiveMinimum':
      return [field, `${label} must be at least ${count(Number(params.limit) + (specific.keyword === 'exclusiveMinimum' ? 1 : 0))}.`];
    case 'maximum':
    case 'exclusiveMaximum':
      return [field, `${label} must be at most ${count(Number(params.limit))}.`];
    case 'minItems':
      return [field, `${label} must have at least ${count(Number(params.limit))} entries.`];
    case 'maxItems':
      return [field, `${label} must have at most ${count(Number(params.limit))} entries.`];
    case 'format':
      return [field, `${label} must be ${FORMAT_WORDS[String(params.format)] ?? 'in the expected form'}.`];
    case 'pattern':
      return [field, `${label} ${typeof own?.errorMessage === 'string' ? own.errorMessage : 'is not in the expected form'}.`];
    default:
      return [field, `${label} is not valid.`];
  }
}

/** The allowed values of an enum, a const or a union of consts, listed for the sentence (at most 8). */
function enumChoices(schema: JsonSchema | undefined): string | null {
  if (!schema) return null;
  let values: unknown[] | null = null;
  if (Array.isArray(schema.enum)) values = schema.enum;
  else if ('const' in schema) values = [schema.const];
  else if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf as JsonSchema[];
    if (branches.every((branch) => 'const' in branch || Array.isArray(branch.enum) || branch.type === 'null')) {
      values = branches.flatMap((branch) => ('const' in branch ? [branch.const] : Array.isArray(branch.enum) ? branch.enum : ['empty']));
    }
  }
  if (!values) return null;
  const shown = values.slice(0, 8).map((value) => (value === 'empty' ? 'empty' : String(value)));
  return values.length > 8 ? `${shown.join(', ')}, ...` : shown.join(', ');
}
