import type { ErrorCode } from '../../../common/error-catalogue.ts';

/** An error the client is meant to see: sent as { errorCode, message } with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const invalidInput = (field: string, problem: string) =>
  new HttpError(400, 'INVALID_INPUT', `Invalid input: ${field} ${problem}.`);

export const notFound = (what: string) => new HttpError(404, 'NOT_FOUND', `${what} not found.`);
