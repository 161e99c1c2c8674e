import { SUB_STATUS, type Issue } from '@caseload/core';
import { ApiError, NetworkError } from '../../api/index.ts';
import { NETWORK_RETRY_MS, RATE_LIMIT_DEFAULT_WAIT_MS, RATE_LIMIT_STATUSES, WRITE_QUEUE_RETRY_MS } from '../constants.ts';

/** What the queue does with a write whose attempt failed. */
export type FailureOutcome =
  /** Try the same write again (same idempotency key) after `delayMs`. */
  | { kind: 'retry'; delayMs: number; reason: 'network' | 'status' }
  /** The session ended: stop the queue and keep everything until the same user is back. */
  | { kind: 'unauthorized' }
  /** The wanted state is already the server's (a delete answered 404 or 410). */
  | { kind: 'done' }
  /** The server refused: drop the write, restore the server copy, keep a failed record. */
  | { kind: 'refused'; status: number; detail?: string; issues?: Issue[] };

/** Gateway statuses meaning the server could not be reached behind a proxy, not a refusal. */
export const GATEWAY_STATUSES: readonly number[] = [502, 503, 504];

/**
 * SPEC.md sections 4, 8 and 9: 408 is retried after 2 s; 429 and 449 wait for Retry-After (in
 * seconds) or 100 s; a request with no answer (offline, refused, timed out) is retried every 5 s.
 * A gateway answer (502, 503, 504) is the server being out of reach too, so it is retried like a
 * network failure, honouring Retry-After when the gateway sends it. A 403 saying the security
 * token is invalid or expired (sub-status 1001, 1002) is retried once the token is dropped.
 */
export function classifyFailure(error: unknown, operation: 'upsert' | 'upload' | 'delete'): FailureOutcome {
  if (error instanceof NetworkError) return { kind: 'retry', delayMs: NETWORK_RETRY_MS, reason: 'network' };
  if (!(error instanceof ApiError)) {
    return { kind: 'refused', status: 0, detail: error instanceof Error ? error.message : String(error) };
  }
  const { status } = error;
  if (status === 401) return { kind: 'unauthorized' };
  if (status === 408) return { kind: 'retry', delayMs: WRITE_QUEUE_RETRY_MS, reason: 'status' };
  if (RATE_LIMIT_STATUSES.includes(status)) {
    return { kind: 'retry', delayMs: retryAfterMs(error) ?? RATE_LIMIT_DEFAULT_WAIT_MS, reason: 'status' };
  }
  if (GATEWAY_STATUSES.includes(status)) {
    return { kind: 'retry', delayMs: retryAfterMs(error) ?? NETWORK_RETRY_MS, reason: 'network' };
  }
  if (status === 403 && isSecurityTokenRefusal(error)) {
    return { kind: 'retry', delayMs: WRITE_QUEUE_RETRY_MS, reason: 'status' };
  }
  if (operation === 'delete' && (status === 404 || status === 410)) return { kind: 'done' };
  return { kind: 'refused', status, detail: error.detail ?? error.message, ...(error.issues.length > 0 && { issues: error.issues }) };
}

/** A 403 whose sub-status says the security token sent is invalid (1001) or expired (1002). */
export function isSecurityTokenRefusal(error: ApiError): boolean {
  return (
    error.status === 403 && (error.subStatus === SUB_STATUS.invalidSecurityToken || error.subStatus === SUB_STATUS.expiredSecurityToken)
  );
}

function retryAfterMs(error: ApiError): number | undefined {
  return error.retryAfter === undefined ? undefined : error.retryAfter * 1000;
}
