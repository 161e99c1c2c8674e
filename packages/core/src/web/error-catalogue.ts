import { MESSAGES, SUB_STATUS } from '../errors/messages.ts';

/**
 * The client side of SPEC.md section 8: which words a failed request or load shows, which errors
 * are not failures at all (aborts), and which mean the page is older than the server's build.
 * Everything here reads plain values, so it works on fetch errors, the web client's ApiError,
 * axios-like errors and DOM events alike.
 */

/** The server's words for sub-status 1001 (packages/server/src/access/security-token.ts). */
export const INVALID_SECURITY_TOKEN_MESSAGE = 'Your temporary access security token is invalid.';

/** The stale-build screen (SPEC.md section 2), shown when on-demand code fails to load. */
export const STALE_BUILD_TEXT = {
  heading: 'Updates are ready!',
  message: "Looks like you'll need to refresh the page to go further.",
  action: 'Refresh the page',
} as const;

/** The error screen's button that opens the error-details dialog (SPEC.md section 2). */
export const SHOW_ERROR_DETAILS_LABEL = 'Show me nerd stuff';

/** SPEC.md section 8, by HTTP status. Any other status gets MESSAGES.otherHttp. */
export const HTTP_STATUS_MESSAGES: Readonly<Record<number, string>> = {
  401: MESSAGES.unauthorized,
  403: MESSAGES.forbidden,
  404: MESSAGES.notFound,
  408: MESSAGES.timeout,
  409: MESSAGES.conflict,
  410: MESSAGES.gone,
};

/** SPEC.md section 8, by security-token sub-status; it takes precedence over the status. */
export const SUB_STATUS_MESSAGES: Readonly<Record<number, string>> = {
  [SUB_STATUS.invalidSecurityToken]: INVALID_SECURITY_TOKEN_MESSAGE,
  [SUB_STATUS.expiredSecurityToken]: MESSAGES.tokenExpired,
};

/** An answer from the server that was not a success. */
export interface HttpFailure {
  status: number;
  subStatus?: number;
}

/** The message for an HTTP failure: by sub-status first (1001, 1002), then by status. */
export function messageForStatus(status: number, subStatus?: number): string {
  if (subStatus !== undefined && Object.hasOwn(SUB_STATUS_MESSAGES, subStatus)) {
    return SUB_STATUS_MESSAGES[subStatus]!;
  }
  return Object.hasOwn(HTTP_STATUS_MESSAGES, status) ? HTTP_STATUS_MESSAGES[status]! : MESSAGES.otherHttp;
}

/**
 * Both security-token sub-statuses (1001 invalid, 1002 expired) tell the client to drop its
 * stored token (SPEC.md section 8). Only an error answer (400 and up) carries them.
 */
export function clearsSecurityToken(status: number | undefined, subStatus: number | undefined): boolean {
  return (
    typeof status === 'number' &&
    status >= 400 &&
    (subStatus === SUB_STATUS.invalidSecurityToken || subStatus === SUB_STATUS.expiredSecurityToken)
  );
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const httpStatus = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 599 ? value : undefined;

const integer = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);

/**
 * The status and sub-status of an error that came from an HTTP answer: the web client's ApiError
 * (`status`, `subStatus`), a body-carrying error (`body.subStatus`) or an axios-like error
 * (`response.status`, `response.data.subStatus`). Undefined for anything else.
 */
export function httpFailureOf(error: unknown): HttpFailure | undefined {
  if (!isObject(error)) return undefined;
  const response = isObject(error.response) ? error.response : undefined;
  const status = httpStatus(error.status) ?? httpStatus(response?.status);
  if (status === undefined) return undefined;
  const body = isObject(error.body) ? error.body : isObject(response?.data) ? response.data : undefined;
  const subStatus = integer(error.subStatus) ?? integer(body?.subStatus);
  return subStatus === undefined ? { status } : { status, subStatus };
}

/**
 * What to tell the user about `error`: the section 8 message for an HTTP failure, the page-load
 * message for a failed on-demand load, else the unknown-error message.
 */
export function userMessageFor(error: unknown): string {
  const failure = httpFailureOf(error);
  if (failure) return messageForStatus(failure.status, failure.subStatus);
  if (isStaleBuildError(error)) return MESSAGES.pageLoadFailure;
  return MESSAGES.nonHttp;
}

/** `error` and the errors it wraps (`cause`), nearest first; bounded, and safe on cycles. */
function* causeChain(error: unknown): Generator<Record<string, unknown>> {
  const seen = new Set<unknown>();
  let current = error;
  while (isObject(current) && !seen.has(current) && seen.size < 8) {
    seen.add(current);
    yield current;
    current = current.cause;
  }
}

/**
 * A request the caller aborted or cancelled: a DOMException or Error named AbortError, an
 * axios-like CanceledError or `code: 'ERR_CANCELED'`, or an error caused by one. These are
 * ignored globally (SPEC.md section 8). A TimeoutError (AbortSignal.timeout) is not an abort.
 */
export function isAbortError(error: unknown): boolean {
  for (const e of causeChain(error)) {
    if (e.name === 'AbortError' || e.name === 'CanceledError' || e.code === 'ERR_CANCELED') return true;
  }
  return false;
}

/** The words each browser (and Vite) uses for a failed on-demand module load. */
const STALE_BUILD_MESSAGES = [
  /Failed to fetch dynamically imported module/i, // Chrome, Edge
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  // Chrome, when a missing chunk is answered with the HTML page instead (wrong MIME type).
  /Failed to load module script/i,
  /Unable to preload CSS for/i, // Vite's preload of a chunk's CSS
];

/** Vite dispatches this event on window when preloading a chunk fails. */
export const VITE_PRELOAD_ERROR_EVENT = 'vite:preloadError';

/**
 * A failed on-demand module load, which means the page is older than the server's build (its
 * chunks are gone): Chrome's, Firefox's and Safari's dynamic-import errors, Vite's CSS preload
 * error, Vite's `vite:preloadError` event, webpack's ChunkLoadError, or an error caused by one.
 */
export function isStaleBuildError(error: unknown): boolean {
  for (const e of causeChain(error)) {
    // ChunkLoadError is webpack's name for the same failure, kept for code bundled by webpack.
    if (e.type === VITE_PRELOAD_ERROR_EVENT || e.name === 'ChunkLoadError') return true;
    const message = e.message;
    if (typeof message === 'string' && STALE_BUILD_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}
