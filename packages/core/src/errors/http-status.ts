import type { ErrorCode } from './app-error.ts';

function assertUnreachable(value: never): never {
  throw new Error(`Unhandled error code ${String(value)}`);
}

/** The one map from error code to HTTP status. A new code does not compile until it has one. */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case 'BadRequest':
      return 400;
    case 'Unauthorized':
      return 401;
    case 'Forbidden':
      return 403;
    case 'NotFound':
      return 404;
    case 'MethodNotAllowed':
      return 405;
    case 'Timeout':
      return 408;
    case 'Conflict':
      return 409;
    case 'Gone':
      return 410;
    case 'PreconditionRequired':
      return 428;
    case 'PayloadTooLarge':
      return 413;
    case 'UnsupportedMediaType':
      return 415;
    case 'TooManyRequests':
      return 429;
    case 'Internal':
      return 500;
    case 'Unavailable':
      return 503;
    default:
      return assertUnreachable(code);
  }
}
