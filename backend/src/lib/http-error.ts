import type { ErrorBody, ErrorCode } from '../../../common/error-catalogue.ts';
import { fieldLabel } from './validation.ts';

/** An error the client is meant to see: sent as { errorCode, message } (and the field at fault) with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ErrorBody {
    return { errorCode: this.errorCode, message: this.message, ...(this.field ? { field: this.field } : {}) };
  }
}

/** 400 INVALID_INPUT naming the field: invalidInput('comment', 'must not be blank') -> 'Comment must not be blank.' */
export const invalidInput = (field: string, problem: string) => new HttpError(400, 'INVALID_INPUT', `${fieldLabel(field)} ${problem}.`, field);

export const notFound = (what: string) => new HttpError(404, 'NOT_FOUND', `${what} not found.`);

export const forbidden = (message = 'Your role may not access this resource.') => new HttpError(403, 'FORBIDDEN', message);

export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);
