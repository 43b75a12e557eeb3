import type { ErrorBody, ErrorCode } from '../../../common/error-catalogue.ts';
import { fieldLabel } from './validation.ts';

/** An error the client is meant to see: sent as { errorCode, message } (and the field at fault) with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: ErrorCode,
    message: string,
    readonly field?: string,
    /** invalidInput's problem ('must not be in the past'): the error handler words it with the form's label for the field. */
    readonly problem?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ErrorBody {
    return { errorCode: this.errorCode, message: this.message, ...(this.field ? { field: this.field } : {}) };
  }
}

/** 400 INVALID_INPUT naming the field: invalidInput('comment', 'must not be blank') -> 'Comment must not be blank.' */
export const invalidInput = (field: string, problem: string) => new HttpError(400, 'INVALID_INPUT', `${fieldLabel(field)} ${problem}.`, field, problem);

/**
 * The field's label as the form shows it: the `title` of the field in the route's body (or query) schema,
 * the contract's one statement of the label; the sentence is reworded with it ('Due on must not be in the
 * past.' -> 'Due date must not be in the past.'). Errors without a problem, or fields without a title, stay.
 */
export function labelledByRoute(error: HttpError, schemas: readonly unknown[]): HttpError {
  if (!error.field || error.problem === undefined) return error;
  for (const schema of schemas) {
    const title = titleAt(schema, error.field.split('.'));
    if (title) return new HttpError(error.statusCode, error.errorCode, `${title} ${error.problem}.`, error.field, error.problem);
  }
  return error;
}

type SchemaNode = { title?: unknown; properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[] };

function titleAt(schema: unknown, path: readonly string[]): string | null {
  if (typeof schema !== 'object' || schema === null) return null;
  const node = schema as SchemaNode;
  if (Array.isArray(node.anyOf)) {
    for (const branch of node.anyOf) {
      const found = titleAt(branch, path);
      if (found) return found;
    }
    return null;
  }
  if (path.length === 0) return typeof node.title === 'string' ? node.title : null;
  const [head, ...rest] = path;
  if (node.properties && head !== undefined && Object.hasOwn(node.properties, head)) return titleAt(node.properties[head], rest);
  if (node.items && head !== undefined && /^\d+$/.test(head)) return titleAt(node.items, rest);
  return null;
}

export const notFound = (what: string) => new HttpError(404, 'NOT_FOUND', `${what} not found.`);

export const forbidden = (message = 'Your role may not access this resource.') => new HttpError(403, 'FORBIDDEN', message);

export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);
