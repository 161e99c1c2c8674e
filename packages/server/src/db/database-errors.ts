import { AppError, MESSAGES, isAppError, unavailable } from '@caseload/core';

/**
 * How the database failed a statement, when the fault is the database's availability rather than
 * the statement: `lost` (no connection, or it died), `timeout` (a time limit ran out: the
 * statement's, a lock wait's, or the wait for a connection).
 */
type DatabaseFailure = 'lost' | 'timeout';

/** Seconds a client waits before trying again: a restarting database is back within seconds. */
const RETRY_AFTER_LOST_SECONDS = 2;
/** A database too slow to answer in time needs a little longer to catch up. */
const RETRY_AFTER_TIMEOUT_SECONDS = 5;

/** Socket errors of a connection that could not be made or was cut. */
const LOST_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATEs: the server shutting down, crashed, starting up, full, or the session ended. */
const LOST_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P05', '53300']);
/** statement_timeout (query_canceled), lock_timeout, idle_in_transaction_session_timeout. */
const TIMEOUT_SQLSTATES = new Set(['57014', '55P03', '25P03']);

/** node-postgres and its pool say these in words only (no code). */
const LOST_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
]);
const TIMEOUT_MESSAGES = new Set([
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
]);

/** `error`'s kind of database failure, or undefined for any other error. */
function databaseFailureOf(error: unknown): DatabaseFailure | undefined {
  if (typeof error !== 'object' || error === null || isAppError(error)) return undefined;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    if (code.startsWith('08') && code.length === 5) return 'lost';
    if (LOST_SQLSTATES.has(code) || LOST_SOCKET_CODES.has(code)) return 'lost';
    if (TIMEOUT_SQLSTATES.has(code)) return 'timeout';
  }
  if (typeof message === 'string') {
    if (LOST_MESSAGES.has(message)) return 'lost';
    if (TIMEOUT_MESSAGES.has(message)) return 'timeout';
  }
  // Node reports a refused connection to a host with several addresses as an AggregateError.
  if (Array.isArray(errors) && errors.some((e) => databaseFailureOf(e) === 'lost')) return 'lost';
  return undefined;
}

/**
 * The 503 a request answers when the database failed it for want of availability, with the
 * original error as its cause (logged, never shown); undefined for any other error.
 */
export function unavailableFor(error: unknown): AppError | undefined {
  const failure = databaseFailureOf(error);
  if (failure === 'lost') return unavailable(MESSAGES.databaseUnavailable, RETRY_AFTER_LOST_SECONDS, error);
  if (failure === 'timeout') return unavailable(MESSAGES.timeout, RETRY_AFTER_TIMEOUT_SECONDS, error);
  return undefined;
}

/**
 * True when the connection that failed with `error` cannot be used again: it is gone, or the
 * client stopped waiting for a statement the server may still be running.
 */
export function leavesConnectionUnusable(error: unknown): boolean {
  const failure = databaseFailureOf(error);
  if (failure === 'lost') return true;
  return failure === 'timeout' && TIMEOUT_MESSAGES.has((error as Error).message);
}
