import { MESSAGES } from './messages.ts';

/** Every error code the product raises; each maps to exactly one HTTP status (http-status.ts). */
export const ErrorCodes = {
  BadRequest: 'BadRequest',
  Unauthorized: 'Unauthorized',
  Forbidden: 'Forbidden',
  NotFound: 'NotFound',
  MethodNotAllowed: 'MethodNotAllowed',
  Timeout: 'Timeout',
  Conflict: 'Conflict',
  Gone: 'Gone',
  PreconditionRequired: 'PreconditionRequired',
  PayloadTooLarge: 'PayloadTooLarge',
  UnsupportedMediaType: 'UnsupportedMediaType',
  TooManyRequests: 'TooManyRequests',
  Internal: 'Internal',
  Unavailable: 'Unavailable',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** One problem with one part of the input; `path` is dotted (`name.0.family`) or a patch index. */
export interface Issue {
  path: string;
  message: string;
}

/**
 * The one error type of Caseload. Services throw it; the HTTP edge turns it into
 * `{ title, status, detail, issues }`. Never parse `message`: branch on `code`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues?: Issue[];
  readonly subStatus?: number;
  /** Seconds a client should wait before retrying (429, 503). */
  readonly retryAfter?: number;

  constructor(
    code: ErrorCode,
    message: string,
    options: { issues?: Issue[]; cause?: unknown; subStatus?: number; retryAfter?: number } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.issues = options.issues;
    this.subStatus = options.subStatus;
    this.retryAfter = options.retryAfter;
  }
}

export const badRequest = (message: string, issues?: Issue[]) => new AppError(ErrorCodes.BadRequest, message, { issues });
/**
 * The refusals take an optional `cause`: why, for the audit trail only (the caller always gets the
 * catalogue's message, so a 404 for a resource out of reach reads exactly like one for a missing id).
 */
export const notFound = (cause?: unknown) => new AppError(ErrorCodes.NotFound, MESSAGES.notFound, { cause });
export const gone = (cause?: unknown) => new AppError(ErrorCodes.Gone, MESSAGES.gone, { cause });
export const conflict = () => new AppError(ErrorCodes.Conflict, MESSAGES.conflict);
export const forbidden = (cause?: unknown) => new AppError(ErrorCodes.Forbidden, MESSAGES.forbidden, { cause });
/** A 503: the server cannot serve now but will soon; the client waits `retryAfter` seconds. */
export const unavailable = (message: string, retryAfter: number, cause?: unknown) =>
  new AppError(ErrorCodes.Unavailable, message, { retryAfter, cause });

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
