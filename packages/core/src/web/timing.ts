/**
 * The client's timing and size constants (SPEC.md section 9) and the retry rules of sections 4
 * and 8: what the write queue waits before sending a failed request again, if at all.
 */

/** Wait after a 429 or 449 that has no usable Retry-After, in seconds. */
export const RATE_LIMIT_DEFAULT_WAIT_S = 100;
/** Wait between attempts while the server cannot be reached. */
export const NETWORK_RETRY_MS = 5000;
/** Wait before the write queue sends a timed-out (408) write again. */
export const WRITE_QUEUE_RETRY_MS = 2000;
/** A temporary patient-scoped security token lives 24 hours. */
export const SECURITY_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** References are expanded this many at a time. */
export const EXPANSION_BATCH_SIZE = 100;
/** Page size when fetching every item of a query. */
export const FETCH_ALL_PAGE_SIZE = 100;
/** The version of the local (IndexedDB) database schema. */
export const LOCAL_DB_SCHEMA_VERSION = 2;
/** Default debounce of buffered input. */
export const BUFFER_DEBOUNCE_MS = 200;
/** A failed-upsert record is kept this long after its last attempt, then evicted. */
export const FAILED_UPSERT_EVICTION_MINUTES = 1440;
/** Statuses a request is retried after; every other error status is final. */
export const RETRYABLE_STATUSES: readonly number[] = [408, 429, 449];
/** Compiled validation patterns kept, most recently used first. */
export const VALIDATION_REGEX_CACHE_SIZE = 512;

/**
 * The longest delay a browser or Node timer honours (2^31 - 1 ms, about 24.8 days); a longer
 * one fires at once, so a huge Retry-After would otherwise become an immediate retry.
 */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** Transport error codes that mean "no usable answer": timeouts and a refused connection. */
export const NETWORK_FAILURE_CODES: readonly string[] = ['ECONNABORTED', 'ETIMEDOUT', 'ECONNREFUSED'];

/** How one attempt ended, as the write queue sees it. */
export interface RequestOutcome {
  /** The HTTP status; absent (or 0) when no answer came (offline, DNS, connection dropped). */
  status?: number;
  /**
   * The Retry-After of the answer: seconds as a number (the web client's ApiError), or the raw
   * header (delta-seconds or an HTTP date).
   */
  retryAfter?: number | string | null;
  /** A transport error code (ECONNABORTED, ETIMEDOUT, ECONNREFUSED, ERR_CANCELED, ...). */
  code?: string;
}

export const isRetryableStatus = (status: number): boolean => RETRYABLE_STATUSES.includes(status);

/** Retry-After as milliseconds from `nowMs`, or undefined when absent or not a valid value. */
export function retryAfterMs(retryAfter: number | string | null | undefined, nowMs: number): number | undefined {
  let seconds: number | undefined;
  if (typeof retryAfter === 'number') {
    seconds = retryAfter;
  } else if (typeof retryAfter === 'string') {
    const text = retryAfter.trim();
    if (/^\d+(?:\.\d+)?$/.test(text)) {
      seconds = Number(text);
    } else if (/[a-z]/i.test(text)) {
      const at = Date.parse(text);
      if (!Number.isNaN(at)) return Math.min(MAX_TIMER_DELAY_MS, Math.max(0, at - nowMs));
    }
  }
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return undefined;
  return Math.min(MAX_TIMER_DELAY_MS, Math.ceil(seconds * 1000));
}

/**
 * How long to wait before sending a failed request again, in milliseconds; undefined means do
 * not retry (the failure is final, or the caller cancelled).
 * - no answer, or a timeout or refused-connection code: NETWORK_RETRY_MS (5 s);
 * - 408: WRITE_QUEUE_RETRY_MS (2 s);
 * - 429 and 449: the Retry-After when valid, else RATE_LIMIT_DEFAULT_WAIT_S (100 s);
 * - any other status: undefined.
 * `nowMs` is only read for a Retry-After given as an HTTP date.
 */
export function retryDelayMs(outcome: RequestOutcome, nowMs: number = Date.now()): number | undefined {
  if (outcome.code === 'ERR_CANCELED') return undefined;
  if (outcome.code !== undefined && NETWORK_FAILURE_CODES.includes(outcome.code)) return NETWORK_RETRY_MS;
  // Status 0 is what a browser reports for a request that got no answer.
  if (typeof outcome.status !== 'number' || !(outcome.status >= 100)) return NETWORK_RETRY_MS;
  if (outcome.status === 408) return WRITE_QUEUE_RETRY_MS;
  if (outcome.status === 429 || outcome.status === 449) {
    return retryAfterMs(outcome.retryAfter, nowMs) ?? RATE_LIMIT_DEFAULT_WAIT_S * 1000;
  }
  return undefined;
}
