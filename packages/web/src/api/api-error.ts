import type { ErrorBody as ServerErrorBody, Issue } from '@caseload/core';

/**
 * The error body every failed call answers with (docs/api.md, "Errors"), as read from any answer:
 * a proxy or a crashed server may send less than the contract's, so every member may be missing.
 */
export type ErrorBody = Partial<ServerErrorBody>;

/**
 * A call the server answered with a status outside 200-299. `message` is the server's `detail`
 * (the words to show), so screens can display it as it is; `issues` say which inputs were wrong.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly title: string;
  readonly detail: string | undefined;
  readonly issues: Issue[];
  readonly subStatus: number | undefined;
  /** The server's x-request-id, to quote when reporting a problem. */
  readonly requestId: string | undefined;
  /** Seconds to wait before retrying, from Retry-After (429, 503). */
  readonly retryAfter: number | undefined;
  /** The raw response body, for the error-details dialog. */
  readonly responseText: string;

  constructor(fields: { status: number; body: ErrorBody | undefined; responseText: string; requestId?: string; retryAfter?: number }) {
    const { status, body } = fields;
    super(body?.detail ?? body?.title ?? `The server answered ${status}.`);
    this.status = status;
    this.title = body?.title ?? `HTTP ${status}`;
    this.detail = body?.detail;
    this.issues = Array.isArray(body?.issues) ? body.issues : [];
    this.subStatus = body?.subStatus;
    this.requestId = fields.requestId;
    this.retryAfter = fields.retryAfter;
    this.responseText = fields.responseText;
  }

  /** The message for one input, picked by its path (`password`, `name.0.family`). */
  issueFor(path: string): string | undefined {
    return this.issues.find((i) => i.path === path)?.message;
  }
}

/** The request never got an answer: offline, DNS, refused connection, dropped mid-way. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(cause: unknown) {
    super("Caseload can't be reached. Check your connection and try again.", { cause });
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Aborted requests are not failures to show (SPEC.md section 8: ignored globally). */
export const isAbortError = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'AbortError' || error.name === 'CanceledError');

/**
 * Whether a screen should show this failure of its own read: not an aborted request, and not a
 * 401, which the session-expired dialog shows instead (the screen keeps what it had under it).
 */
export const isErrorToShow = (error: unknown): boolean => !isAbortError(error) && !(isApiError(error) && error.status === 401);
